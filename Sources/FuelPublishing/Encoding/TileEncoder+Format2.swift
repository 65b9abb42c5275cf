import Foundation
import FuelFormat

extension TileEncoder {
    /// `fuel/v2/index.json` and `fuel/v2/builds/<name>.json`: members in a fixed order, object keys sorted; the
    /// root's members (`idList`, `leafCells`, `leafMargin`, `leaves`) last, when the index has them.
    public static func encode(_ index: Format2Index) -> [UInt8] {
        JSONWriter.object(capacity: 40 * index.tiles.count + 512) { writer in
            writeIndexHeader(
                version: index.version, gridDegrees: index.gridDegrees, builtAt: index.builtAt, to: &writer)
            writer.key("previous")
            if let previous = index.previous { writer.time(previous) } else { writer.null() }
            writer.key("tiles")
            writer.beginObject()
            // In grid order, as format 1 lists them; the builder only writes canonical keys.
            for key in index.tiles.keys.compactMap({ TileKey($0) }).sorted() {
                writer.key(key.description)
                writer.string(index.tiles[key.description] ?? "")
            }
            writer.endObject()
            writer.key("brands")
            writer.beginObject()
            for country in index.brands.keys.sorted() {
                writer.key(country)
                writer.string(index.brands[country] ?? "")
            }
            writer.endObject()
            writer.member("sources", index.sources)
            writeCountries(index.countries, to: &writer)
            writeTrends(index.trends, to: &writer)
            if let ids = index.ids {
                writer.key("ids")
                writer.beginObject()
                for shard in ids.keys.sorted() {
                    writer.key(shard)
                    writer.string(ids[shard] ?? "")
                }
                writer.endObject()
            }
            writeHistory(index.history, to: &writer)
            if let leaves = index.leaves {
                writeLeaves(
                    idList: index.idList, leafCells: index.leafCells ?? Format2.leafCells,
                    leafMargin: index.leafMargin ?? Format2.leafMargin, leaves: leaves, to: &writer)
            } else if let idList = index.idList {
                writer.member("idList", idList)
            }
        }
    }
}
