import Foundation
import Testing
import _FuelTestSupport

/// What a feed says reaches the job's step summary only as text: a tag, a pipe or a fence quoted from a feed
/// (here, ES's `ResultadoConsulta`) comes out escaped, in a refusal and in a carried country's table cell.
@Suite(.tags(.executable)) struct StepSummaryTests {
    static let hostile = "<img src=x onerror=alert(1)>|`"
    static let escaped = "&lt;img src=x onerror=alert(1)&gt;&#124;&#96;"

    struct Workspace {
        let feeds: URL
        let out: URL
        let summary: URL

        init() throws {
            let root = RepositoryPaths.temporaryDirectory("summary-escape")
            feeds = root.appendingPathComponent("feeds")
            out = root.appendingPathComponent("out")
            summary = root.appendingPathComponent("summary.md")
            try FileManager.default.createDirectory(at: feeds, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: RepositoryPaths.samples().appendingPathComponent("ES"), to: feeds.appendingPathComponent("ES"))
        }

        /// ES's feed as the service's error document, its `ResultadoConsulta` the hostile text.
        func breakSpain() throws {
            let folder = feeds.appendingPathComponent("ES")
            let said = StepSummaryTests.hostile.replacingOccurrences(of: "\"", with: "\\\"")
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
                try Data(#"{"Fecha":"x","ListaEESSPrecio":[],"ResultadoConsulta":"\#(said)"}"#.utf8).write(
                    to: folder.appendingPathComponent(name))
            }
        }

        func build(at builtAt: String, _ extra: [String] = []) throws -> Executable.Result {
            try Executable.run(
                "fuel-publish",
                ["build", "--feeds", feeds.path, "--out", out.path, "--countries", "ES", "--built-at", builtAt] + extra,
                environment: ["GITHUB_STEP_SUMMARY": summary.path])
        }

        func summaryText() throws -> String { try String(contentsOf: summary, encoding: .utf8) }
    }

    @Test func aRefusalQuotingAFeedIsEscaped() throws {
        let workspace = try Workspace()
        try workspace.breakSpain()
        let refused = try workspace.build(at: "2026-11-30T05:00:00Z")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(Self.hostile), "the terminal shows the text as it is: \(refused.stderr)")
        let text = try workspace.summaryText()
        #expect(text.hasPrefix("## Build refused"), "\(text)")
        #expect(text.contains(Self.escaped), "\(text)")
        #expect(!text.contains("<img"), "\(text)")
        #expect(!text.contains("```"), "\(text)")
    }

    @Test func aCarriedCountrysReasonIsEscapedInItsCell() throws {
        let workspace = try Workspace()
        #expect(try workspace.build(at: "2026-11-30T05:00:00Z").status == 0)
        try workspace.breakSpain()
        let carried = try workspace.build(at: "2026-11-30T06:00:00Z", ["--carry-forward", "48"])
        #expect(carried.status == 0, "\(carried.stderr)")
        let text = try workspace.summaryText()
        let row = try #require(text.split(separator: "\n").last { $0.hasPrefix("| ES |") }, "\(text)")
        #expect(row.contains(Self.escaped), "\(row)")
        #expect(!row.contains("<img"), "\(row)")
        // Still one row of seven cells: the pipe from the feed split nothing.
        #expect(row.split(separator: "|", omittingEmptySubsequences: false).count == 9, "\(row)")
    }
}
