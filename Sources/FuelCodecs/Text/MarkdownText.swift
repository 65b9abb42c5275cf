/// Text that did not come from us (a station name, a fuel name, a feed's error, a refusal quoting a feed), made
/// inert for Markdown that GitHub renders, such as a job's step summary.
///
/// Every character that Markdown or HTML gives a meaning to becomes a character reference, which renders as the
/// character itself: `<` and `>` (tags such as `<img onerror=…>`), `&` (so `&lt;` stays four characters), `|` (table
/// cells), the backtick (code spans and fences), `[`, `]` (links and images), `*`, `_`, `~` (emphasis) and `\` (escapes).
/// Line breaks become `<br>`, so one text stays one table cell or one block. The one escaping function for Markdown
/// in the project: the build report, refusals and the upload summaries all go through it.
public enum MarkdownText {
    /// `text` with Markdown and HTML made inert, on one line.
    public static func escape(_ text: some StringProtocol) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\n" where afterCarriageReturn: continue  // CR LF is one break
            case "\n", "\r", "\u{2028}", "\u{2029}": escaped += "<br>"
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "|", "`", "[", "]", "*", "_", "~", "\\": escaped += "&#\(scalar.value);"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A block of text that may hold several lines (a refusal with one line per country), escaped, in a `<pre>`
    /// block so that its lines and indentation stay as the terminal shows them.
    public static func preformatted(_ text: some StringProtocol) -> String {
        "<pre>" + escape(text) + "</pre>"
    }
}
