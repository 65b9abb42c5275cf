import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat

/// The build `OUT/fuel` points at (format 1, or format 2 when it was built alone): its index, and the stations of a country read back from its tiles, for the
/// shrink guard and for carrying a failed country forward.
struct PreviousBuild: Sendable {
    let folder: URL
    /// Its index, and each tile's path below ``folder`` (format 1's name, or format 2's when only that was built).
    let published: PublishedIndex

    var index: TileIndex { published.index }

    /// The published build, or nil when there is none.
    /// - Throws: ``BuildError/unreadablePreviousIndex(path:reason:)`` when its index cannot be read.
    init?(output: OutputDirectory) throws {
        guard let published = try output.readPublished() else { return nil }
        folder = output.published
        self.published = published
    }

    /// When the country's feed was last read fresh: its `carriedSince`, else this build's `builtAt`.
    func lastFreshBuild(of country: String) -> Date? {
        guard let summary = index.countries[country] else { return nil }
        return summary.carriedSince ?? index.builtAt
    }

    /// Every station of `country` in the build's tiles, in tile order, exactly as published.
    /// - Parameter boxes: when not empty, only the tiles whose cells one of these boxes reaches are read (the
    ///   country's own boxes hold every station it published).
    /// - Throws: ``FeedError`` naming the tile that cannot be read.
    func stations(of country: String, within boxes: [CountryConfig.Box] = []) throws -> [Station] {
        var stations: [Station] = []
        try forEachTile(of: country, within: boxes) { stations += try PublishedStations($0).stations(of: country) }
        return stations
    }

    /// Parses each tile `boxes` reaches (every tile without boxes) with the byte-level parser and hands it to `body`,
    /// in tile order: the one read of the previous build's tiles that its stations and its prices share.
    /// - Throws: ``FeedError`` for `country` naming the tile that is missing, or that cannot be parsed or read by
    ///   `body`.
    func forEachTile(
        of country: String, within boxes: [CountryConfig.Box], _ body: (JSONDocument) throws -> Void
    ) throws(FeedError) {
        for key in tiles(reaching: boxes) {
            let url = folder.appendingPathComponent(published.tilePaths[key] ?? "tiles/\(key).json")
            guard let data = FileManager.default.contents(atPath: url.path) else {
                // Neutral: carry-forward, first-seen times and last changes each say what they needed it for.
                throw FeedError(
                    country: country, file: url.path, reason: "the previous build lists this tile but it is missing")
            }
            do {
                try body(try JSONDocument(parsing: try Gzip.decompress([UInt8](data))))
            } catch {
                throw FeedError(
                    country: country, file: url.path,
                    reason: "cannot read the previous build's tile: \(ErrorText.describe(error))")
            }
        }
    }

    /// The keys of the build's tiles whose cells one of `boxes` reaches; every tile when there are no boxes.
    func tiles(reaching boxes: [CountryConfig.Box]) -> [String] {
        let grid = Grid(degrees: index.gridDegrees > 0 && index.gridDegrees.isFinite ? index.gridDegrees : 0.5)
        let margin = 1e-5  // as TileAssembler: coordinates are rounded to 6 decimals after the box check
        let reach = boxes.map { box in
            let southWest = grid.key(latitude: box.south - margin, longitude: box.west - margin)
            let northEast = grid.key(latitude: box.north + margin, longitude: box.east + margin)
            return (rows: southWest.row...northEast.row, columns: southWest.column...northEast.column)
        }
        guard !reach.isEmpty else { return index.tiles }
        return index.tiles.filter { key in
            guard let cell = TileKey(key) else { return false }
            return reach.contains { $0.rows.contains(cell.row) && $0.columns.contains(cell.column) }
        }
    }

    /// How the tiles of a new file set differ from this build's, by path and bytes. Where both builds recorded a
    /// tile's JSON digest (``TileReuse``), the digests are compared instead of reading the old file.
    func tileChanges(
        to files: [PublishedFile], digests: [String: String] = [:], previousDigests: [String: TileReuse.Entry] = [:]
    ) -> BuildReport.TileChanges {
        let previousTiles = Set(index.tiles.map { "tiles/\($0).json" })
        var changes = BuildReport.TileChanges(added: 0, removed: 0, changed: 0, unchanged: 0)
        var seen = Set<String>()
        for file in files where PublishedPath(file.path).kind == .tile {
            seen.insert(file.path)
            let key = String(file.path.dropFirst("tiles/".count).dropLast(".json".count))
            guard previousTiles.contains(file.path), let previousPath = published.tilePaths[key] else {
                changes.added += 1
                continue
            }
            if let new = digests[file.path], let old = previousDigests[file.path]?.json {
                if new == old { changes.unchanged += 1 } else { changes.changed += 1 }
                continue
            }
            let old = FileManager.default.contents(atPath: folder.appendingPathComponent(previousPath).path)
            if old == Data(file.gzipped) { changes.unchanged += 1 } else { changes.changed += 1 }
        }
        changes.removed = previousTiles.subtracting(seen).count
        return changes
    }
}
