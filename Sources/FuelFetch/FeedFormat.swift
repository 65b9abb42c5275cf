import Foundation

/// The shape a downloaded feed file must have before it may replace the previous one.
public enum FeedFormat: String, Sendable {
    /// A JSON object or array: `{`/`[` first (after whitespace and a BOM), `}`/`]` last.
    case json
    /// A JSON array: `[` first, `]` last (E-Control search answers).
    case jsonArray
    /// A ZIP archive: a local-file header first and an end-of-central-directory record at the end.
    case zip
    /// A MIMIT CSV: a header line containing `idImpianto` within the first lines.
    case csv

    /// Checks the file.
    /// - Returns: nil when the file is acceptable, else why not (for an error message).
    public func problem(with file: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return "cannot be read" }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        guard size > 0 else { return "is empty" }
        try? handle.seek(toOffset: 0)
        let head = [UInt8]((try? handle.read(upToCount: 16_384)) ?? Data())
        let tailLength = min(size, 65_557)  // the longest ZIP comment plus the end record
        try? handle.seek(toOffset: size - tailLength)
        let tail = [UInt8]((try? handle.read(upToCount: Int(tailLength))) ?? Data())
        if Self.looksLikeHTML(head) {
            return "is an HTML page, not \(name): \"\(Self.excerpt(head))\""
        }
        switch self {
        case .json, .jsonArray:
            let first = Self.firstSignificantByte(head)
            let openers = self == .json ? [UInt8(ascii: "{"), UInt8(ascii: "[")] : [UInt8(ascii: "[")]
            guard let first, openers.contains(first) else {
                let expected = self == .json ? "JSON" : "a JSON array"
                return "is not \(expected) (starts with \"\(Self.excerpt(head))\")"
            }
            let last = tail.last { !Self.isWhitespace($0) }
            let closing = first == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            guard last == closing else { return "is not complete JSON (it does not end with a closing bracket)" }
        case .zip:
            guard head.starts(with: [0x50, 0x4B, 0x03, 0x04]) else {
                return "is not a ZIP archive (starts with \"\(Self.excerpt(head))\")"
            }
            guard Self.contains(tail, [0x50, 0x4B, 0x05, 0x06]) else {
                return "is not a complete ZIP archive (no end-of-central-directory record)"
            }
        case .csv:
            let text = String(decoding: head, as: UTF8.self)
            let lines = text.split(separator: "\n", maxSplits: 5, omittingEmptySubsequences: false).prefix(5)
            guard lines.contains(where: { $0.contains("idImpianto") }) else {
                return "has no header line with idImpianto in its first lines (starts with \"\(Self.excerpt(head))\")"
            }
        }
        return nil
    }

    private var name: String {
        switch self {
        case .json, .jsonArray: "JSON"
        case .zip: "a ZIP archive"
        case .csv: "CSV"
        }
    }

    /// `Estrazione del YYYY-MM-DD` from the first lines of a MIMIT CSV, as `YYYY-MM-DD`.
    public static func extractionDate(of file: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 4096)) ?? Data(), as: UTF8.self)
        for line in head.split(separator: "\n").prefix(4) {
            guard let range = line.range(of: "Estrazione del ") else { continue }
            let date = line[range.upperBound...].prefix(10)
            let digits = date.filter(\.isNumber)
            if date.count == 10, digits.count == 8 { return String(date) }
        }
        return nil
    }

    static func looksLikeHTML(_ head: [UInt8]) -> Bool {
        let start = head.drop { isWhitespace($0) || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }.prefix(512)
        let text = String(decoding: start, as: UTF8.self).lowercased()
        return text.hasPrefix("<!doctype html") || text.hasPrefix("<html") || text.hasPrefix("<head")
            || text.hasPrefix("<body") || (text.hasPrefix("<") && text.contains("<html"))
    }

    static func firstSignificantByte(_ bytes: [UInt8]) -> UInt8? {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        return rest.first { !isWhitespace($0) }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        for start in stride(from: haystack.count - needle.count, through: 0, by: -1)
        where haystack[start] == needle[0] && Array(haystack[start..<start + needle.count]) == needle {
            return true
        }
        return false
    }

    static func excerpt(_ head: [UInt8]) -> String {
        let text = String(decoding: head.prefix(60), as: UTF8.self)
        return String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 }).trimmingCharacters(in: .whitespaces)
    }
}
