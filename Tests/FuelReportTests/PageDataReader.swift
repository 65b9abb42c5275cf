import Foundation
import FuelCodecs
import Testing

/// Reads a report page the way its script does, independently of the Swift that wrote it: the markup apart from the
/// two data blocks, the JSON header parsed with `JSONSerialization`, and the blob inflated (gzip in base64) with its
/// typed arrays and string tables decoded here.
struct PageDataReader {
    /// The page without the text of its data blocks.
    let markup: String
    /// The header's text, exactly as it stands in the page.
    let headerText: String
    /// The blob's text, exactly as it stands in the page.
    let blobText: String
    let data: [String: Any]
    /// The inflated blob.
    let blob: [UInt8]
    /// The blob's string tables: `ids`, `name`, `brand`, `address`, `cell`.
    let strings: [String: [String]]

    init(_ html: String) throws {
        var markup = html
        headerText = try Self.cut(#"<script type="application/json" id="report-data">"#, from: &markup)
        blobText = try Self.cut(#"<script type="application/gzip" id="report-blob">"#, from: &markup)
        self.markup = markup
        data = try #require(try JSONSerialization.jsonObject(with: Data(headerText.utf8)) as? [String: Any])
        let base64 = try #require(Data(base64Encoded: blobText), "the blob is not base64")
        blob = try Gzip.decompress([UInt8](base64))
        let reference = try #require(data["strings"] as? [String: Any])
        let offset = try #require(reference["offset"] as? Int)
        let length = try #require(reference["length"] as? Int)
        let text = Data(blob[offset..<offset + length])
        strings = try #require(try JSONSerialization.jsonObject(with: text) as? [String: [String]])
    }

    /// Removes the text of the element that `open` starts, returning it.
    private static func cut(_ open: String, from html: inout String) throws -> String {
        let start = try #require(html.range(of: open), "no \(open)")
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let text = String(html[start.upperBound..<end.lowerBound])
        html.removeSubrange(start.upperBound..<end.lowerBound)
        return text
    }

    /// The column a header reference (`{"type":"u16","offset":…,"length":…}`) points at, as numbers.
    func column(_ value: Any?) throws -> [Double] {
        let reference = try #require(value as? [String: Any], "not a column: \(String(describing: value))")
        let type = try #require(reference["type"] as? String)
        let offset = try #require(reference["offset"] as? Int)
        let length = try #require(reference["length"] as? Int)
        #expect(offset.isMultiple(of: 4), "a column at \(offset) cannot be viewed in place")
        func word(_ at: Int, _ size: Int) -> UInt32 {
            (0..<size).reduce(UInt32(0)) { $0 | UInt32(blob[at + $1]) << (8 * $1) }
        }
        switch type {
        case "u8", "u16", "u32":
            let size = Int(type.dropFirst())! / 8
            return (0..<length).map { Double(word(offset + $0 * size, size)) }
        case "f32":
            return (0..<length).map { Double(Float(bitPattern: word(offset + $0 * 4, 4))) }
        default:
            Issue.record("unknown column type \(type)")
            return []
        }
    }

    /// The type name of a column.
    func columnType(_ value: Any?) -> String? { (value as? [String: Any])?["type"] as? String }

    /// Per station, the string a table (`name`, `brand`, `address`, `cell`) gives it; "" for none.
    func strings(_ key: String) throws -> [String] {
        let table = try #require(strings[key], "no table \(key)")
        return try column(data[key]).map { table[Int($0)] }
    }

    /// The distinct strings of a table, "" first.
    func table(_ key: String) -> [String] { strings[key] ?? [] }

    /// The fuels, by selector value: per station its price in thousandths (0 for none), and the times of the
    /// stations that have one, in station order.
    func fuels() throws -> [(value: String, unit: String, prices: [Double], updated: [Double])] {
        let fuels = try #require(data["fuels"] as? [[String: Any]])
        let count = try #require(data["count"] as? Int)
        return try fuels.map { fuel in
            var prices = [Double](repeating: 0, count: count)
            for (station, price) in zip(try column(fuel["stations"]), try column(fuel["price"])) {
                prices[Int(station)] = price
            }
            return (
                try #require(fuel["value"] as? String), try #require(fuel["unit"] as? String), prices,
                try column(fuel["updated"])
            )
        }
    }
}
