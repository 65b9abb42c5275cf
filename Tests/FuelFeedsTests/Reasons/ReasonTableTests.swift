import Foundation
import FuelFeeds
import Testing
import _FuelTestSupport

/// `docs/reasons.md` holds the table of every reason code, generated from ``Reason/catalog``: the test fails while
/// the two differ, and with `FUEL_WRITE_REASONS=1` it writes the table instead.
@Suite struct ReasonTableTests {
    static let file = RepositoryPaths.root().appendingPathComponent("docs/reasons.md")
    static let start = "<!-- generated from Reason.catalog by ReasonTableTests: do not edit the table by hand -->"
    static let end = "<!-- end of the generated table -->"
    static let regenerate = "FUEL_WRITE_REASONS=1 swift test --filter ReasonTableTests"

    /// The Markdown table, one row per code, sorted by code.
    static func table() -> String {
        func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
        var lines = [
            "| code | scope | sentence | raised by | earlier code, still accepted |",
            "|---|---|---|---|---|",
        ]
        // A scaffold's own kinds, and its name among a shared kind's countries, are in its own notes page.
        let documented = Set(RegisteredCountries.documented)
        for kind in Reason.catalog.sorted(by: { $0.code < $1.code }) {
            var origin = kind.origin
            if case .adapters(let countries) = origin {
                let described = countries.filter(documented.contains)
                if described.isEmpty && !countries.isEmpty { continue }
                origin = .adapters(described)
            }
            let alias = kind.alias.map { "`\(cell($0))`" } ?? ""
            lines.append(
                "| `\(kind.code)` | \(kind.scope.words) | `\(cell(kind.pattern))` | \(origin.words) | \(alias) |")
        }
        return lines.joined(separator: "\n")
    }

    @Test func theDocumentedTableIsTheCatalog() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        let head = try #require(
            text.range(of: Self.start + "\n"), "docs/reasons.md lost the line \(Self.start)")
        let tail = try #require(
            text.range(of: Self.end, range: head.upperBound..<text.endIndex),
            "docs/reasons.md lost the line \(Self.end)")
        let documented = String(text[head.upperBound..<tail.lowerBound])
        let generated = Self.table() + "\n"
        if documented != generated, ProcessInfo.processInfo.environment["FUEL_WRITE_REASONS"] == "1" {
            try (text[..<head.upperBound] + generated + text[tail.lowerBound...]).write(
                to: Self.file, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            documented == generated,
            "docs/reasons.md does not list the reasons of the code; regenerate it with `\(Self.regenerate)`")
    }
}
