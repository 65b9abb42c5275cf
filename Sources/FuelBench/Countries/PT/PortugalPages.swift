import Foundation

/// DGEG's `PesquisarPostos` paging over the generator's rows, as `Tests/Servers/feed_server.py` serves it: every row
/// carries `Quantidade`, the number of rows matching, and a page past the last row is empty.
enum PortugalPages {
    /// The generator's pages turned into one `rows` entry: the rows, each serialised with its `Quantidade`, joined
    /// by newlines (a row never holds a raw newline).
    static func rows(_ files: [String: [UInt8]]) throws -> [String: [UInt8]] {
        var rows: [[String: Any]] = []
        for name in files.keys.filter({ $0.hasPrefix("page-") }).sorted() {
            let object = try? JSONSerialization.jsonObject(with: Data(files[name] ?? []))
            guard let page = (object as? [String: Any])?["resultado"] as? [[String: Any]] else {
                throw BenchError("PT: the generated \(name) has no resultado array")
            }
            rows += page
        }
        var lines: [String] = []
        for var row in rows {
            row["Quantidade"] = row["Quantidade"] ?? rows.count
            let data = try JSONSerialization.data(withJSONObject: row, options: [.sortedKeys])
            lines.append(String(decoding: data, as: UTF8.self))
        }
        return ["rows": Array(lines.joined(separator: "\n").utf8)]
    }

    /// Page `number` (from 1) of `size` rows.
    static func page(_ files: [String: [UInt8]], size: Int, number: Int) -> [UInt8] {
        let rows = (files["rows"] ?? []).split(separator: UInt8(ascii: "\n"))
        let start = max(0, (number - 1) * size)
        let chunk = size > 0 && number > 0 && start < rows.count ? rows[start..<min(rows.count, start + size)] : []
        let body = chunk.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ",")
        return Array("{\"status\":true,\"mensagem\":\"sucesso\",\"resultado\":[\(body)]}".utf8)
    }
}
