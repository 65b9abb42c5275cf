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
            // In grid order, as format 1 lists them.
            writeInGridOrder("tiles", index.tiles, to: &writer) { writer, hash in writer.string(hash) }
            writeSortedStrings("brands", index.brands, to: &writer)
            writer.member("sources", index.sources)
            writeCountries(index.countries, to: &writer)
            writeTrends(index.trends, to: &writer)
            if let ids = index.ids { writeSortedStrings("ids", ids, to: &writer) }
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
