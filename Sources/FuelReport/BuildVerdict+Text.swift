import Foundation
import FuelCodecs
import FuelFormat

extension BuildVerdict {
    /// `verdict: CHECK`, then one indented line per reason: the top of a text report.
    public func text() -> String {
        (["verdict: \(status.rawValue)"] + reasons.map { "    \($0.text)" }).joined(separator: "\n")
    }

    /// The verdict for a job's step summary: a heading, then a list of reasons, each escaped.
    public func markdown() -> String {
        var lines = ["## Verdict: \(status.rawValue)", ""]
        lines += reasons.map { "- " + MarkdownText.escape($0.text) }
        if !reasons.isEmpty { lines.append("") }
        return lines.joined(separator: "\n")
    }

    /// `{"verdict": {"status": …, "reasons": […]}}`, stable keys.
    public func json() -> String {
        struct Document: Encodable { var verdict: BuildVerdict }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(Document(verdict: self)), as: UTF8.self)) ?? "{}"
    }

    /// The title of the `::warning::` a workflow raises on `CHECK`; nil otherwise.
    public var warningTitle: String? {
        status == .check ? "Build verdict CHECK: \(reasons.count) reason\(reasons.count == 1 ? "" : "s")" : nil
    }

    /// The page's banner: the status, and each reason a link to where the page shows it (its country's row).
    func html() -> String {
        let items = reasons.map { reason in
            "<li data-code=\"\(reason.code.rawValue)\"><a href=\"#\(PageText.html(reason.anchor))\">"
                + PageText.html(reason.text) + "</a></li>"
        }
        let list = items.isEmpty ? "" : "<ul>\(items.joined())</ul>"
        return """
            <div id="verdict" class="verdict \(status.rawValue.lowercased())" role="status">\
            <strong id="verdict-status">\(status.rawValue)</strong>\(list)</div>
            """
    }
}
