import Foundation
import FuelFormat

/// The index one lookup attempt reads its tiles through, captured once: every tile of the answer is the file this
/// index names, so with format 2 every tile comes from the one build the index describes.
struct LookupIndex: Sendable {
    enum Content: Sendable {
        case v1(TileIndex)
        case v2(Format2Index)
        /// Format 2's root (R15): the tiles are named by its leaves.
        case root(Format2Root)
    }

    let content: Content
    /// Why the index could not be refreshed, when an older copy stands in; nil when it is current.
    let staleReason: String?

    /// The index's `builtAt`.
    var builtAt: Date {
        switch content {
        case .v1(let index): index.builtAt
        case .v2(let index): index.builtAt
        case .root(let root): root.builtAt
        }
    }

    /// 1 or 2.
    var formatVersion: Int {
        switch content {
        case .v1: TileFormat.version
        case .v2, .root: Format2.version
        }
    }

    /// The root, when the index is format 2's root (R15): a lookup reads its leaves first.
    var root: Format2Root? {
        if case .root(let root) = content { return root }
        return nil
    }

    /// The file of each cell the index lists, by cell; a cell not listed has no stations and is not requested. A root
    /// lists no cells itself: its leaves do (``TileClient`` reads them).
    func files(for cells: [TileKey]) -> [TileKey: RemoteFile] {
        var files: [TileKey: RemoteFile] = [:]
        switch content {
        case .v1(let index):
            let listed = Set(index.tiles)
            for cell in cells where listed.contains(cell.description) { files[cell] = .tile(cell) }
        case .v2(let index):
            for cell in cells {
                if let hash = index.tiles[cell.description] { files[cell] = .format2Tile(cell, hash: hash) }
            }
        case .root:
            break
        }
        return files
    }

    /// Where a country's trend is below `fuel/`, and the hash its name holds (format 2); nil when the index lists none.
    func trendFile(of country: String) -> (path: String, nameHash: String?)? {
        switch content {
        case .v1(let index):
            // Format 1 names a trend by its country: the listing says that it exists and since when.
            return index.trends?[country] == nil ? nil : (TileFormat.trendPath(country), nil)
        case .v2, .root:
            // Format2Index and Format2Root checked the name: a plain relative path ending in `.<hash>.json`.
            guard let path = format2Trends?[country]?.path else { return nil }
            let hash = path.dropLast(".json".count).split(separator: ".").last.map(String.init)
            return ("\(Format2.folder)/\(path)", hash)
        }
    }

    /// Format 2's trend listings, of the index or the root.
    private var format2Trends: [String: TrendListing]? {
        switch content {
        case .v1: nil
        case .v2(let index): index.trends
        case .root(let root): root.trends
        }
    }

    /// Where an id shard is below `fuel/` and the hash its name holds (format 2), by its two hex digits (R13):
    /// `.none` when the index publishes no id table, `.some(nil)` when the table has no such shard (format 2 lists
    /// only the shards that hold ids; format 1's absent shard answers 404).
    /// - Parameter idList: through a root, the shards of the id list it names (R15), nil when it names none.
    func idShardFile(_ shard: String, idList: [String: String]? = nil) -> (path: String, nameHash: String?)?? {
        let listing: [String: String]?
        switch content {
        case .v1(let index):
            return index.idShards == nil ? .none : .some((IdShard.path(shard), nil))
        case .v2(let index): listing = index.ids
        case .root: listing = idList
        }
        guard let ids = listing else { return .none }
        // Format2Index and Format2IdList checked the name: `ids/<shard>.<hash>.json`.
        guard let path = ids[shard] else { return .some(nil) }
        let hash = path.dropLast(".json".count).split(separator: ".").last.map(String.init)
        return .some(("\(Format2.folder)/\(path)", hash))
    }

    /// The index in format 1's terms: for format 2, its grid, build time, countries and listed cells in grid order.
    var tileIndex: TileIndex {
        switch content {
        case .v1(let index):
            return index
        case .v2(let index):
            let keys = index.tiles.keys.compactMap { TileKey($0) }.sorted().map(\.description)
            return TileIndex(
                gridDegrees: index.gridDegrees, builtAt: index.builtAt, tiles: keys, countries: index.countries,
                trends: index.trends)
        case .root(let root):
            // A root names its cells in its leaves, not itself: the listed cells are not known without them.
            return TileIndex(
                gridDegrees: root.gridDegrees, builtAt: root.builtAt, tiles: [], countries: root.countries,
                trends: root.trends)
        }
    }
}
