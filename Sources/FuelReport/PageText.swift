/// Escapes text for the two places the report page puts it: HTML markup and the JSON of its data.
///
/// Station names and addresses come from public feeds, so a station called `</script>` or `<img onerror=…>` must
/// reach the reader as those characters and never as markup.
enum PageText {
    /// Text for HTML element content or a quoted attribute value: `&`, `<`, `>`, `"` and `'` become references.
    static func html(_ text: String) -> String {
        replacing(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            default: nil
            }
        }
    }

    /// A JSON string literal that is also safe inside a `<script>` element: besides JSON's own escapes, `<`, `>`
    /// and `&` are written as `\u003c`, `\u003e` and `\u0026` (so no `</script>` or `<!--` can occur), and the line
    /// separators U+2028 and U+2029 as escapes.
    static func jsonString(_ text: String) -> String {
        let escaped = replacing(text) { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}": unicodeEscape(scalar.value)
            default: scalar.value < 0x20 ? unicodeEscape(scalar.value) : nil
            }
        }
        return "\"" + escaped + "\""
    }

    /// A JSON array of strings, each written by ``jsonString(_:)``.
    static func jsonArray(_ texts: [String]) -> String {
        "[" + texts.map(jsonString).joined(separator: ",") + "]"
    }

    /// `text` with each scalar that `replacement` maps replaced; most texts need nothing and are returned as they are.
    private static func replacing(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        guard let first = text.unicodeScalars.firstIndex(where: { replacement($0) != nil }) else { return text }
        var result = String(text.unicodeScalars[..<first])
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars[first...] {
            if let replaced = replacement(scalar) {
                result += replaced
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `\u003c` for `<`.
    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
