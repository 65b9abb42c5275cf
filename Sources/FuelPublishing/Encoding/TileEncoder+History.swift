import Foundation
import FuelFormat

extension TileEncoder {
    /// The index's `"history"` member, `{"days":[…]}`, when the index has one; shared by both formats' indexes.
    package static func writeHistory(_ history: HistoryListing?, to writer: inout JSONWriter) {
        guard let history else { return }
        writer.member("history") { writer in writer.member("days", strings: history.days) }
    }

    /// `fuel/history/<day>/<key>.json`: stations in the order of their ids' UTF-8 bytes, each station's entries by
    /// fuel code, then unit, service and label as written (absent first), prices to the thousandth, `unit` only
    /// when not per litre.
    public static func encode(_ file: HistoryFile) -> [UInt8] {
        JSONWriter.object(capacity: 160 * file.stations.count + 64) { writer in
            writer.member("version", file.version)
            writer.member("key", file.key.description)
            writer.member("day", file.day)
            writer.key("stations")
            writer.beginObject()
            for id in file.stations.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                writer.key(id)
                writer.beginArray()
                for entry in (file.stations[id] ?? []).sorted(by: historyOrder) {
                    writer.beginObject()
                    writer.member("fuel", entry.fuel.rawValue)
                    if entry.unit != .litre { writer.member("unit", entry.unit.rawValue) }
                    if let service = entry.service { writer.member("service", service.rawValue) }
                    if let label = entry.label { writer.member("label", label) }
                    writer.member("open", entry.open, decimals: priceDecimals)
                    writer.member("low", entry.low, decimals: priceDecimals)
                    writer.member("high", entry.high, decimals: priceDecimals)
                    writer.member("close", entry.close, decimals: priceDecimals)
                    writer.member("changes", entry.changes)
                    writer.endObject()
                }
                writer.endArray()
            }
            writer.endObject()
        }
    }

    /// The order of a station's entries in a history file: fuel code, unit, service and label as written, each
    /// absent value first.
    package static func historyOrder(_ left: HistoryEntry, _ right: HistoryEntry) -> Bool {
        let leftKey = [left.fuel.rawValue, left.unit.rawValue, left.service?.rawValue ?? "", left.label ?? ""]
        let rightKey = [right.fuel.rawValue, right.unit.rawValue, right.service?.rawValue ?? "", right.label ?? ""]
        for (a, b) in zip(leftKey, rightKey) where a != b {
            return a.utf8.lexicographicallyPrecedes(b.utf8)
        }
        return false
    }
}
