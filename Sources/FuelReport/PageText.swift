/// Escapes text from the feeds for the two places the report page puts it: HTML markup and the JSON data block.
///
/// Station names and addresses come from public feeds, so a station called `</script>` or `<img onerror=…>` must
/// reach the reader as those characters and never as markup.
enum PageText {
    /// Text for HTML element content or a quoted attribute value: `&`, `<`, `>`, `"` and `'` become references.
    static func html(_ text: String) -> String {
        guard text.utf8.contains(where: { needsHTMLEscape($0) }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// A JSON string literal that is also safe inside a `<script>` element: besides JSON's own escapes, `<`, `>`
    /// and `&` are written as `\u003c`, `\u003e` and `\u0026` (so no `</script>` or `<!--` can occur), and the line
    /// separators U+2028 and U+2029 as escapes.
    static func jsonString(_ text: String) -> String {
        var literal = "\""
        literal.reserveCapacity(text.utf8.count + 2)
        guard
            text.utf8.contains(where: { needsJSONEscape($0) }) || text.contains("\u{2028}") || text.contains("\u{2029}")
        else {
            literal += text
            literal += "\""
            return literal
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                literal += unicodeEscape(scalar.value)
            default:
                if scalar.value < 0x20 {
                    literal += unicodeEscape(scalar.value)
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        literal += "\""
        return literal
    }

    /// A JSON array of strings, each written by ``jsonString(_:)``.
    static func jsonArray(_ texts: [String]) -> String {
        "[" + texts.map(jsonString).joined(separator: ",") + "]"
    }

    private static func needsHTMLEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    private static func needsJSONEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "<")
            || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
    }

    /// `\u003c` for `<`.
    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
