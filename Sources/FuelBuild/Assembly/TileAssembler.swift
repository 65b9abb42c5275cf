import Dispatch
import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat
import FuelPublishing
import Synchronization

/// Joins the countries' cells into tiles and compresses each tile as soon as every country that can reach its cell
/// has been added, so that compression overlaps the parsing of the countries still being read and a finished
/// tile's JSON is freed early.
///
/// A country can reach a cell when one of its boxes (`adapters/<CC>/source.json`) covers it: validation rejects every
/// station outside its country's boxes, and a carried country is held to the same boxes. A country without boxes can
/// reach every cell. A cell's tile is therefore final once those countries are in, whatever the others still hold.
///
/// Thread-safe: workers add countries and ``drain()`` the ready tiles concurrently; ``finish(builtAt:)`` compresses
/// what is left on every core and writes the small documents.
///
/// `package`, not internal, so that `_FuelTestSupport` can assemble a file set in memory for the tests of other modules.
package final class TileAssembler: Sendable {
    /// A tile whose countries are all in.
    private struct ReadyTile {
        var key: TileKey
        /// Its countries' cells, in country order.
        var cells: [CountryTiles.Cell]
        /// The countries of ``cells``, in the same order.
        var countries: [String]

        /// The tile at `key` from its cells by country code.
        init(key: TileKey, cells: [String: CountryTiles.Cell]) {
            self.key = key
            countries = cells.keys.sorted()
            self.cells = countries.compactMap { cells[$0] }
        }

        /// Its JSON bytes, for compressing the heaviest first.
        var weight: Int { cells.reduce(0) { $0 + $1.json.count } }
    }

    private struct State {
        /// Countries added so far, without their cells.
        var added: [String: CountryTiles] = [:]
        /// Cells waiting for a country, by country code.
        var waiting: [TileKey: [String: CountryTiles.Cell]] = [:]
        var ready: [ReadyTile] = []
        var files: [TileKey: PublishedFile] = [:]
        var digests: [String: String] = [:]
        var tileCountries: [String: [String]] = [:]
        var reusedFiles: [String: URL] = [:]
        /// The cell of every station written, by id: the id table (``IdTable``).
        var stationCells: [String: TileKey] = [:]
        var failure: (any Error)?
    }

    private let countries: [String]
    /// Each country's boxes as cell ranges; nil for a country that can reach every cell.
    private let reach: [String: [(rows: ClosedRange<Int>, columns: ClosedRange<Int>)]?]
    private let grid: Grid
    private let sink: StagedBuild?
    private let reuse: TileReuse?
    private let state = Mutex(State())

    /// - Parameter countries: every country of the build and its boxes (empty: anywhere).
    package init(
        countries: [(code: String, boxes: [CountryConfig.Box])], grid: Grid, sink: StagedBuild?, reuse: TileReuse?
    ) {
        self.countries = countries.map(\.code).sorted()
        // Coordinates are rounded to 6 decimals after the box check: widen by more than that.
        let margin = 1e-5
        reach = Dictionary(
            countries.map { country in
                (
                    country.code,
                    country.boxes.isEmpty
                        ? nil
                        : country.boxes.map { box in
                            let southWest = grid.key(latitude: box.south - margin, longitude: box.west - margin)
                            let northEast = grid.key(latitude: box.north + margin, longitude: box.east + margin)
                            return (southWest.row...northEast.row, southWest.column...northEast.column)
                        }
                )
            }, uniquingKeysWith: { first, _ in first })
        self.grid = grid
        self.sink = sink
        self.reuse = reuse
    }

    /// Takes a country's cells, leaving `country` without them (the assembler frees each once its tile is written);
    /// tiles that no other country can still reach become ready.
    /// - Returns: how many of the build's countries are still to come.
    @discardableResult
    package func add(_ country: inout CountryTiles) -> Int {
        let code = country.config.country
        let cells = country.cells
        country.cells = [:]
        let summary = country
        return state.withLock { state in
            state.added[code] = summary
            for (key, cell) in cells { state.waiting[key, default: [:]][code] = cell }
            for key in state.waiting.keys.sorted() where isComplete(key, added: state.added) {
                guard let cells = state.waiting.removeValue(forKey: key) else { continue }
                state.ready.append(ReadyTile(key: key, cells: cells))
            }
            return countries.count { state.added[$0] == nil }
        }
    }

    /// Compresses ready tiles on the calling thread until none is left.
    func drain() {
        var worker = Worker()
        while let tile = state.withLock({ $0.failure == nil ? $0.ready.popLast() : nil }) {
            process(tile, with: &worker)
        }
    }

    /// Compresses every tile still waiting, on every core, then writes the brands, trends, sources and index files.
    /// - Parameters:
    ///   - trends: each country's trend (``CountryTrends``); nil starts every trend at `builtAt`'s day.
    ///   - history: the index's `history` member (R14); nil leaves it out.
    /// - Throws: the first error the sink threw.
    package func finish(builtAt: Date, trends: CountryTrends? = nil, history: HistoryListing? = nil) throws -> Assembly
    {
        state.withLock { state in
            for key in state.waiting.keys.sorted() {
                guard let cells = state.waiting[key] else { continue }
                state.ready.append(ReadyTile(key: key, cells: cells))
            }
            state.waiting = [:]
            // The heaviest first, so that one big tile does not finish alone at the end (popped from the back).
            state.ready.sort { $0.weight < $1.weight }
        }
        DispatchQueue.concurrentPerform(iterations: max(1, ProcessInfo.processInfo.activeProcessorCount)) { _ in
            drain()
        }
        let (added, tiles, digests, tileCountries, reusedFiles, stationCells, failure) = state.withLock {
            ($0.added, $0.files, $0.digests, $0.tileCountries, $0.reusedFiles, $0.stationCells, $0.failure)
        }
        if let failure { throw failure }
        let sorted = countries.compactMap { added[$0] }
        let trends = (trends ?? CountryTrends(sorted, previous: nil, builtAt: builtAt)).files
        let keys = tiles.keys.sorted()
        let index = TileIndex(
            gridDegrees: grid.degrees, builtAt: builtAt, tiles: keys.map(\.description),
            countries: Dictionary(
                uniqueKeysWithValues: sorted.map {
                    (
                        $0.config.country,
                        CountrySummary(
                            stations: $0.stationCount, updated: $0.referenceTime, carriedSince: $0.carriedSince)
                    )
                }),
            trends: trends.mapValues { TrendListing(path: TileFormat.trendPath($0.country), since: $0.since) },
            idShards: IdShard.count, history: history)
        var documents = sorted.map {
            (TileFormat.brandsPath($0.config.country), TileEncoder.encode(DatasetAssembler.brands(of: $0)))
        }
        documents += trends.keys.sorted().compactMap { country in
            trends[country].map { (TileFormat.trendPath(country), TileEncoder.encode($0)) }
        }
        documents += IdTable.shards(of: stationCells).map { (IdShard.path($0.shard), TileEncoder.encode($0)) }
        documents.append(
            (TileFormat.sourcesPath, TileEncoder.encode(DatasetAssembler.sources(of: sorted, builtAt: builtAt))))
        documents.append((TileFormat.indexPath, TileEncoder.encode(index)))
        let compressor = GzipCompressor()
        var files = keys.compactMap { tiles[$0] }
        for (path, json) in documents {
            let file = PublishedFile(path: path, jsonBytes: json.count, gzipped: compressor.compress(json))
            try sink?.write(file)
            files.append(file)
        }
        var assembly = Assembly(
            files: files,
            stationBytes: Dictionary(uniqueKeysWithValues: sorted.map { ($0.config.country, $0.stationBytes) }),
            tilesPerCountry: Dictionary(uniqueKeysWithValues: sorted.map { ($0.config.country, $0.cellCount) }),
            index: index)
        assembly.tileDigests = digests
        assembly.tileCountries = tileCountries
        assembly.reusedFiles = reusedFiles
        assembly.reusedTiles = reusedFiles.count
        return assembly
    }

    /// The tiles compressed so far, by key (for tests).
    var compressedTiles: [TileKey] { state.withLock { $0.files.keys.sorted() } }

    /// True when every country that can reach the cell has been added.
    private func isComplete(_ key: TileKey, added: [String: CountryTiles]) -> Bool {
        countries.allSatisfy { country in
            if added[country] != nil { return true }
            guard let ranges = reach[country] ?? nil else { return false }
            return !ranges.contains { $0.rows.contains(key.row) && $0.columns.contains(key.column) }
        }
    }

    /// What one thread reuses from tile to tile.
    private struct Worker {
        let compressor = GzipCompressor()
        // Fresh multi-megabyte buffers cost page faults: one per worker, emptied for each tile.
        var writer = JSONWriter(capacity: 1 << 20)
    }

    private func process(_ tile: ReadyTile, with worker: inout Worker) {
        let path = TileFormat.tilePath(tile.key)
        if let previous = previousTile(tile, path: path) {
            record(tile, path: path, digest: previous.entry.json, file: previous.file, linkingTo: previous.url)
            return
        }
        TileEncoder.joinTile(key: tile.key.description, cells: tile.cells, into: &worker.writer)
        let json = worker.writer.bytes
        let digest = TileReuse.digest(json)
        // An unchanged tile keeps the previous build's gzipped bytes: linked, never compressed again.
        let previous = reuse?.previousFile(for: path, digest: digest)
        let file = PublishedFile(
            path: path, jsonBytes: json.count, gzipped: previous?.bytes ?? worker.compressor.compress(json))
        record(tile, path: path, digest: digest, file: file, linkingTo: previous?.url)
    }

    /// The previous build's tile, unread and unjoined, when the tile is made only of cells taken whole from kept
    /// states (``CountryTiles/cellsAreKept``) and of the same countries as the previous build's tile: then its JSON
    /// is that tile's, byte for byte.
    private func previousTile(_ tile: ReadyTile, path: String) -> (
        entry: TileReuse.Entry, file: PublishedFile, url: URL
    )? {
        guard let entry = reuse?.tiles[path], let countries = entry.countries, countries == tile.countries,
            let jsonBytes = entry.jsonBytes,
            state.withLock({ state in countries.allSatisfy { state.added[$0]?.cellsAreKept == true } }),
            let previous = reuse?.previousFile(for: path, digest: entry.json)
        else { return nil }
        return (entry, PublishedFile(path: path, jsonBytes: jsonBytes, gzipped: previous.bytes), previous.url)
    }

    /// Writes a tile into the staged build (linking the previous build's file when there is one) and records it.
    private func record(_ tile: ReadyTile, path: String, digest: String, file: PublishedFile, linkingTo url: URL?) {
        do {
            if let url {
                try sink?.link(url, as: file)
            } else {
                try sink?.write(file)
            }
        } catch {
            state.withLock { $0.failure = $0.failure ?? error }
            return
        }
        state.withLock { state in
            state.files[tile.key] = file
            state.digests[path] = digest
            state.tileCountries[path] = tile.countries
            if let url { state.reusedFiles[path] = url }
            for cell in tile.cells { for id in cell.ids { state.stationCells[id] = tile.key } }
        }
    }
}
