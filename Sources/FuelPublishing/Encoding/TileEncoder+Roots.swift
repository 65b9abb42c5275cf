import Foundation
import FuelFormat

extension TileEncoder {
    /// `fuel/v2/root.json`: the members in the order of `docs/format.md` (the index's header, countries, brands,
    /// sources, trends, then the id list and the leaves), object keys sorted, leaves in grid order.
    public static func encode(_ root: Format2Root) -> [UInt8] {
        JSONWriter.object(capacity: 40 * root.leaves.count + 40 * root.countries.count + 512) { writer in
            writeIndexHeader(version: root.version, gridDegrees: root.gridDegrees, builtAt: root.builtAt, to: &writer)
            writer.key("previous")
            if let previous = root.previous { writer.time(previous) } else { writer.null() }
            writeCountries(root.countries, to: &writer)
            writeSortedStrings("brands", root.brands, to: &writer)
            writer.member("sources", root.sources)
            writeTrends(root.trends, to: &writer)
            writeHistory(root.history, to: &writer)
            writeLeaves(
                idList: root.idList, leafCells: root.leafCells, leafMargin: root.leafMargin, leaves: root.leaves,
                to: &writer)
        }
    }

    /// `fuel/v2/leaves/<block>.<hash>.json`: tiles in grid order, then parts in grid order with their quarters
    /// sorted; `parts` is written when empty.
    public static func encode(_ leaf: Format2Leaf) -> [UInt8] {
        JSONWriter.object(capacity: 48 * leaf.tiles.count + 128) { writer in
            writer.member("version", leaf.version)
            writer.member("block", leaf.block.description)
            writeInGridOrder("tiles", leaf.tiles, to: &writer) { writer, hash in writer.string(hash) }
            writeInGridOrder("parts", leaf.parts, to: &writer) { writer, quarters in
                writeSortedStrings(quarters, to: &writer)
            }
        }
    }

    /// `fuel/v2/ids.<hash>.json`: the shards sorted.
    public static func encode(_ list: Format2IdList) -> [UInt8] {
        JSONWriter.object(capacity: 40 * list.shards.count + 64) { writer in
            writer.member("version", list.version)
            writeSortedStrings("shards", list.shards, to: &writer)
        }
    }

    /// The root's members that the format-2 index carries too, after its `ids`: `idList`, `leafCells`, `leafMargin`
    /// and `leaves` in grid order.
    package static func writeLeaves(
        idList: String?, leafCells: Int, leafMargin: Int, leaves: [String: String], to writer: inout JSONWriter
    ) {
        if let idList { writer.member("idList", idList) }
        writer.member("leafCells", leafCells)
        writer.member("leafMargin", leafMargin)
        writeInGridOrder("leaves", leaves, to: &writer) { writer, path in writer.string(path) }
    }

    /// A member whose value is an object of strings, keys sorted.
    package static func writeSortedStrings(
        _ name: StaticString, _ values: [String: String], to writer: inout JSONWriter
    ) {
        writer.key(name)
        writeSortedStrings(values, to: &writer)
    }

    /// An object of strings, keys sorted.
    package static func writeSortedStrings(_ values: [String: String], to writer: inout JSONWriter) {
        writer.beginObject()
        for key in values.keys.sorted() {
            writer.key(key)
            writer.string(values[key] ?? "")
        }
        writer.endObject()
    }

    /// A member whose value is an object keyed by cell, in grid order (row, then column, numerically); the writer
    /// only holds canonical keys.
    static func writeInGridOrder<Value>(
        _ name: StaticString, _ values: [String: Value], to writer: inout JSONWriter,
        value: (inout JSONWriter, Value) -> Void
    ) {
        writer.key(name)
        writer.beginObject()
        for key in values.keys.compactMap({ TileKey($0) }).sorted() {
            guard let element = values[key.description] else { continue }
            writer.key(key.description)
            value(&writer, element)
        }
        writer.endObject()
    }
}
