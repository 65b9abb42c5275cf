import Foundation
import FuelBuild
import Testing

/// The step summary's Markdown escapes every text that may come from a feed: reject sentences naming a fuel or a
/// station, carried reasons and refusals.
@Suite struct BuildReportMarkdownTests {
    static let station = "<img src=x onerror=alert(1)>"

    /// A report with one country whose texts are hostile, read the way `build --json` writes it.
    static func report() throws -> BuildReport {
        let json = """
            {"builtAt": "2026-11-30T05:00:00Z", "countries": [{"country": "ES", "records": 2, "parsed": 2, "kept": 1,
              "rejected": {"unknown-fuel": 1}, "repaired": {}, "counters": {},
              "reasons": {"unknown-fuel": "unknown fuel: \(station) | `x`"}, "notes": [],
              "updated": "2026-11-30T04:00:00Z", "tiles": 1, "stationBytes": 100, "accounting": "",
              "stationsAddUp": true,
              "carriedSince": "2026-11-29T05:00:00Z", "carriedBecause": "ES: feeds/ES: station \(station)\\nsecond line"}],
             "files": 4, "tiles": 1, "jsonBytes": 1000, "gzipBytes": 500, "output": "out/fuel", "seconds": 1,
             "ok": true, "layout": "v1", "snapshotFiles": 0, "reusedTiles": 0, "phases": {}}
            """
        return try JSONDecoder().decode(BuildReport.self, from: Data(json.utf8))
    }

    @Test func tableCellsAreEscaped() throws {
        let markdown = try Self.report().markdown()
        let row = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("| ES |") })
        #expect(!markdown.contains("<img"), "\(markdown)")
        #expect(row.contains("1 unknown fuel: &lt;img src=x onerror=alert(1)&gt; &#124; &#96;x&#96;"), "\(row)")
        #expect(row.contains("since 2026-11-29T05:00:00Z: ES: feeds/ES: station &lt;img"), "\(row)")
        #expect(row.contains("<br>second line"), "\(row)")
        #expect(row.split(separator: "|", omittingEmptySubsequences: false).count == 9, "\(row)")
    }

    @Test func aRefusalIsEscaped() {
        let markdown = BuildReport.refusalMarkdown("build refused:\n  ES: feeds/ES: station \(Self.station) ```")
        #expect(!markdown.contains("<img"), "\(markdown)")
        #expect(!markdown.contains("```"), "\(markdown)")
        #expect(
            markdown.contains(
                "<pre>build refused:<br>  ES: feeds/ES: station &lt;img src=x onerror=alert(1)&gt; &#96;&#96;&#96;</pre>"
            ),
            "\(markdown)")
    }
}
