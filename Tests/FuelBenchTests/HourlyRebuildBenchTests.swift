import Foundation
import Testing
import _FuelTestSupport

@testable import FuelBench

/// `fuel-bench rebuild` on tiny feeds: every hourly case is measured against a fresh build with the built
/// `fuel-publish`, each case's output equals a rebuild that ignores the kept state, and the section names them all.
@Suite struct HourlyRebuildBenchTests {
    @Test(.tags(.executable)) func everyHourlyCaseIsMeasuredAndComparedByteForByte() throws {
        let work = RepositoryPaths.temporaryDirectory("bench-rebuild")
        defer { try? FileManager.default.removeItem(at: work) }
        var options = HourlyRebuildBench.Options(publisher: Executable.url("fuel-publish").path)
        (options.scales, options.runs, options.work) = ([0.01], 2, work)
        options.adapters = RepositoryPaths.adapters()
        let report = try HourlyRebuildBench.run(options) { _ in }

        let scale = try #require(report.scales.first)
        #expect(scale.fresh.count == 2 && scale.floor.runs.count == 2 && scale.stations > 0)
        #expect(scale.cases.map(\.name) == HourlyCase.allCases)
        for hourly in scale.cases {
            #expect(hourly.runs.count == 2 && hourly.runs.allSatisfy { $0.status == 0 && $0.maxRSSBytes > 0 })
            #expect(hourly.identicalToIgnoringState, "\(hourly.name.rawValue): \(hourly.differences)")
        }
        var described = report
        described.run.command = "fuel-bench rebuild --scales 0.01"
        let section = described.section()
        for hourly in HourlyCase.allCases { #expect(section.contains("| \(hourly.rawValue) |")) }
        #expect(section.contains("the floor**"))
    }

    /// The comparison finds a changed byte and a file only one output has.
    @Test func theByteComparisonFindsADifference() throws {
        let root = RepositoryPaths.temporaryDirectory("bench-rebuild-compare")
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = (root.appendingPathComponent("a"), root.appendingPathComponent("b"))
        for (out, bytes) in [(a, "x"), (b, "y")] {
            try FileManager.default.createDirectory(
                at: out.appendingPathComponent("fuel/tiles"), withIntermediateDirectories: true)
            try Data(bytes.utf8).write(to: out.appendingPathComponent("fuel/tiles/1_1.json"))
        }
        try Data().write(to: b.appendingPathComponent("fuel/index.json"))
        #expect(HourlyRebuildBench.differences(a, b) == ["index.json", "tiles/1_1.json"])
        #expect(HourlyRebuildBench.differences(a, a).isEmpty)
    }
}
