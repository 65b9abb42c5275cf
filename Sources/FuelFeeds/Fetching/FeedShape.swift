import Foundation
import FuelCodecs

/// The shape a downloaded feed file must have before it may replace the previous one, judged from its first 16 KB
/// and its last 64 KB. Every shape refuses an HTML page.
public struct FeedShape: Sendable {
    /// What the file should be, for messages: `"JSON"`, `"a ZIP archive"`.
    public let name: String
    private let check: @Sendable (_ head: [UInt8], _ tail: [UInt8]) -> String?

    /// A shape judged by `check`, which returns nil when the file is acceptable, else why not.
    public init(name: String, check: @escaping @Sendable (_ head: [UInt8], _ tail: [UInt8]) -> String?) {
        self.name = name
        self.check = check
    }

    /// How much of the start of a file the check sees.
    public static let headBytes = 16_384
    /// How much of the end: the longest ZIP comment plus the end record.
    static let tailBytes = 65_557

    /// Checks the file.
    /// - Returns: nil when the file is acceptable, else why not (the end of a sentence that starts with the file).
    public func problem(with file: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return "cannot be read" }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        guard size > 0 else { return "is empty" }
        try? handle.seek(toOffset: 0)
        let head = [UInt8]((try? handle.read(upToCount: Self.headBytes)) ?? Data())
        let tailLength = min(size, UInt64(Self.tailBytes))
        try? handle.seek(toOffset: size - tailLength)
        let tail = [UInt8]((try? handle.read(upToCount: Int(tailLength))) ?? Data())
        if Self.looksLikeHTML(head) { return "is an HTML page, not \(name): \"\(Self.excerpt(head))\"" }
        return check(head, tail)
    }

    /// A JSON object or array: `{`/`[` first (after whitespace and a BOM), the matching bracket last.
    public static let json = FeedShape(name: "JSON") { head, tail in jsonProblem(head, tail, arrayOnly: false) }

    /// A JSON array: `[` first, `]` last (E-Control search answers).
    public static let jsonArray = FeedShape(name: "JSON") { head, tail in jsonProblem(head, tail, arrayOnly: true) }

    /// A ZIP archive: a local-file header first and an end-of-central-directory record at the end.
    public static let zip = FeedShape(name: "a ZIP archive") { head, tail in
        guard head.starts(with: [0x50, 0x4B, 0x03, 0x04]) else {
            return "is not a ZIP archive (starts with \"\(excerpt(head))\")"
        }
        guard contains(tail, [0x50, 0x4B, 0x05, 0x06]) else {
            return "is not a complete ZIP archive (no end-of-central-directory record)"
        }
        return nil
    }

    private static func jsonProblem(_ head: [UInt8], _ tail: [UInt8], arrayOnly: Bool) -> String? {
        let first = Text.droppingByteOrderMark(head).first { !Text.isSpace($0) }
        let openers = arrayOnly ? [UInt8(ascii: "[")] : [UInt8(ascii: "{"), UInt8(ascii: "[")]
        guard let first, openers.contains(first) else {
            return "is not \(arrayOnly ? "a JSON array" : "JSON") (starts with \"\(excerpt(head))\")"
        }
        let last = tail.last { !Text.isSpace($0) }
        let closing = first == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        guard last == closing else { return "is not complete JSON (it does not end with a closing bracket)" }
        return nil
    }

    static func looksLikeHTML(_ head: [UInt8]) -> Bool {
        let start = Text.droppingByteOrderMark(head).drop(while: Text.isSpace).prefix(512)
        let text = String(decoding: start, as: UTF8.self).lowercased()
        return text.hasPrefix("<!doctype html") || text.hasPrefix("<html") || text.hasPrefix("<head")
            || text.hasPrefix("<body") || (text.hasPrefix("<") && text.contains("<html"))
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        for start in stride(from: haystack.count - needle.count, through: 0, by: -1)
        where haystack[start] == needle[0] && Array(haystack[start..<start + needle.count]) == needle {
            return true
        }
        return false
    }

    /// The first 60 characters, on one line, for a message.
    public static func excerpt(_ head: [UInt8]) -> String {
        let text = String(decoding: head.prefix(60), as: UTF8.self)
        return String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 }).trimmingCharacters(in: .whitespaces)
    }
}
