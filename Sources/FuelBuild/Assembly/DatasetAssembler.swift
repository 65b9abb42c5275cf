import Dispatch
import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat
import Synchronization

/// One file of a build, as it will be uploaded.
public struct PublishedFile: Sendable, Equatable {
    /// The path below the prefix, for example `tiles/77_-19.json`.
    public var path: String
    /// Size of the JSON before compression.
    public var jsonBytes: Int
    /// The gzipped bytes, exactly as written to `OUT/fuel/` and uploaded.
    public var gzipped: [UInt8]
}

/// One validated country, ready to be published.
public struct CountryDataset: Sendable {
    public var config: CountryConfig
    public var stations: [Station]
    public var referenceTime: Date
    /// Set when the stations are the previous build's, carried forward: its last fresh build's `builtAt`.
    public var carriedSince: Date?

    public init(config: CountryConfig, stations: [Station], referenceTime: Date, carriedSince: Date? = nil) {
        self.config = config
        self.stations = stations
        self.referenceTime = referenceTime
        self.carriedSince = carriedSince
    }
}

/// The published file set, with per-country sizes for the report.
public struct Assembly: Sendable {
    /// Tiles (sorted by key), brands (by country), sources, then the index.
    public var files: [PublishedFile]
    /// JSON bytes of each country's station objects.
    public var stationBytes: [String: Int]
    /// Tiles holding at least one station of each country.
    public var tilesPerCountry: [String: Int]
    /// The index, as encoded into the last file.
    public var index: TileIndex
    /// The digest of each tile's JSON, by path, for the next build's reuse.
    public var tileDigests: [String: String] = [:]
    /// Tiles whose previous gzipped file was reused instead of compressed again.
    public var reusedTiles = 0
}

/// Turns validated countries into the published file set: tiles, brands, sources and the index.
public enum DatasetAssembler {
    /// Buckets, encodes and compresses (in parallel) every file. Only the index depends on `builtAt`.
    public static func assemble(_ countries: [CountryDataset], grid: Grid = .standard, builtAt: Date) -> Assembly {
        // Without a sink nothing can throw.
        (try? assemble(countries, grid: grid, builtAt: builtAt, writingTo: nil))
            ?? Assembly(
                files: [], stationBytes: [:], tilesPerCountry: [:],
                index: TileIndex(gridDegrees: grid.degrees, builtAt: builtAt, tiles: [], countries: [:]))
    }

    /// The same, handing each file to `sink` (a staged build) on the worker that compressed it, so that disk writes
    /// overlap compression.
    /// - Throws: the first error the sink threw; files after it are not produced.
    /// - Parameter reuse: the previous build's tiles; a tile whose JSON is unchanged reuses its gzipped file.
    public static func assemble(
        _ countries: [CountryDataset], grid: Grid = .standard, builtAt: Date, writingTo sink: StagedBuild?,
        reusing reuse: TileReuse? = nil
    ) throws -> Assembly {
        let encoded = Mutex([CountryTiles?](repeating: nil, count: countries.count))
        DispatchQueue.concurrentPerform(iterations: countries.count) { position in
            let tiles = CountryTiles(countries[position], grid: grid)
            encoded.withLock { $0[position] = tiles }
        }
        return try assemble(
            encoded: encoded.withLock { $0 }.compactMap { $0 }, grid: grid, builtAt: builtAt, writingTo: sink,
            reusing: reuse)
    }

    /// Joins countries already encoded (``CountryTiles``) into the file set: each tile is its countries' station
    /// objects merged by id, then compressed, in parallel.
    /// - Throws: the first error the sink threw; files after it are not produced.
    public static func assemble(
        encoded countries: [CountryTiles], grid: Grid = .standard, builtAt: Date, writingTo sink: StagedBuild?,
        reusing reuse: TileReuse? = nil
    ) throws -> Assembly {
        let sortedCountries = countries.sorted { $0.config.country < $1.config.country }
        var parts: [TileKey: [CountryTiles.Cell]] = [:]
        var tilesPerCountry: [String: Int] = [:]
        var stationBytes: [String: Int] = [:]
        for country in sortedCountries {
            for (key, cell) in country.cells { parts[key, default: []].append(cell) }
            tilesPerCountry[country.config.country] = country.cells.count
            stationBytes[country.config.country] = country.stationBytes
        }
        let keys = parts.keys.sorted()
        var jobs: [Job] = keys.map { key in .tile(key, parts[key] ?? []) }
        for country in sortedCountries {
            jobs.append(
                .document(TileFormat.brandsPath(country.config.country), TileEncoder.encode(brands(of: country))))
        }
        jobs.append(.document(TileFormat.sourcesPath, TileEncoder.encode(sources(of: sortedCountries))))
        let index = TileIndex(
            gridDegrees: grid.degrees,
            builtAt: builtAt,
            tiles: keys.map(\.description),
            countries: Dictionary(
                uniqueKeysWithValues: sortedCountries.map {
                    (
                        $0.config.country,
                        CountrySummary(
                            stations: $0.stationCount, updated: $0.referenceTime, carriedSince: $0.carriedSince)
                    )
                }))
        jobs.append(.document(TileFormat.indexPath, TileEncoder.encode(index)))
        let result = try run(jobs, sink: sink, reuse: reuse)
        var assembly = Assembly(
            files: result.files, stationBytes: stationBytes, tilesPerCountry: tilesPerCountry, index: index)
        assembly.tileDigests = result.digests
        assembly.reusedTiles = result.reused
        return assembly
    }

    /// A tile's stations in the contract's order, by id. Ids are compared as UTF-8 bytes: the same order as their
    /// code points, without String's Unicode-aware comparison, which made this sort grow faster than the data.
    public static func sortedByID(_ stations: [Station]) -> [Station] {
        stations.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
    }

    /// A file to produce: a tile still to be encoded, or a small document already encoded.
    private enum Job: Sendable {
        /// A tile and its countries' cells, in country order.
        case tile(TileKey, [CountryTiles.Cell])
        case document(String, [UInt8])

        var weight: Int {
            switch self {
            case .tile(_, let cells): return cells.reduce(0) { $0 + $1.json.count }
            case .document(_, let json): return json.count
            }
        }
    }

    /// Stations per normalised brand, most first, then by name, unknown brands (null) last among equals.
    static func brands(of country: CountryTiles) -> BrandsFile {
        let entries = country.brandCounts.map { BrandsFile.Entry(brand: $0.key, stations: $0.value) }.sorted {
            lhs, rhs in
            if lhs.stations != rhs.stations { return lhs.stations > rhs.stations }
            switch (lhs.brand, rhs.brand) {
            case (let left?, let right?): return left < right
            case (_?, nil): return true
            default: return false
            }
        }
        return BrandsFile(country: country.config.country, brands: entries)
    }

    static func sources(of countries: [CountryTiles]) -> SourcesFile {
        SourcesFile(
            sources: countries.map { country in
                let config = country.config
                return SourcesFile.Source(
                    country: config.country, publisher: config.publisher, url: config.url, licence: config.licence,
                    licenceUrl: config.licenceUrl, attribution: config.attribution, coverage: config.coverage,
                    updated: country.referenceTime, stations: country.stationCount)
            })
    }

    /// Encoding and gzip are most of a build's cost, so every core works through the jobs; the heaviest go first so
    /// that one big tile does not finish alone at the end.
    private static func run(_ jobs: [Job], sink: StagedBuild?, reuse: TileReuse?) throws -> RunResult {
        let order = jobs.indices.sorted { jobs[$0].weight > jobs[$1].weight }
        let results = Mutex([PublishedFile?](repeating: nil, count: jobs.count))
        let digests = Mutex([String: String]())
        let reused = Atomic<Int>(0)
        let next = Atomic<Int>(0)
        let failure = Mutex<(any Error)?>(nil)
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let compressor = GzipCompressor()
            // One JSON buffer per worker, reused from file to file: fresh multi-megabyte buffers cost page faults.
            var writer = JSONWriter(capacity: 1 << 20)
            while true {
                let position = next.add(1, ordering: .relaxed).oldValue
                guard position < order.count else { break }
                let index = order[position]
                let path: String
                var previous: (url: URL, bytes: [UInt8])?
                switch jobs[index] {
                case .tile(let key, let cells):
                    path = TileFormat.tilePath(key)
                    TileEncoder.joinTile(key: key.description, cells: cells, into: &writer)
                    let digest = TileReuse.digest(writer.bytes)
                    digests.withLock { $0[path] = digest }
                    previous = reuse?.previousFile(for: path, digest: digest)
                case .document(let documentPath, let document):
                    path = documentPath
                    writer.removeAll()
                    writer.raw(document)
                }
                // An unchanged tile keeps the previous build's gzipped bytes: linked, never compressed again.
                let file = PublishedFile(
                    path: path, jsonBytes: writer.bytes.count,
                    gzipped: previous?.bytes ?? compressor.compress(writer.bytes))
                do {
                    if let previous {
                        reused.add(1, ordering: .relaxed)
                        try sink?.link(previous.url, as: file)
                    } else {
                        try sink?.write(file)
                    }
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                    next.store(order.count, ordering: .relaxed)  // the others stop after their current file
                    break
                }
                results.withLock { $0[index] = file }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        let files = results.withLock { $0 }.compactMap { $0 }
        precondition(files.count == jobs.count, "every job produces its file")
        return RunResult(
            files: files, digests: digests.withLock { $0 },
            reused: reused.load(ordering: .relaxed))
    }

    /// What the workers produced.
    private struct RunResult {
        var files: [PublishedFile]
        var digests: [String: String]
        var reused: Int
    }
}
