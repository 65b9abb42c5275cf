import Foundation
import FuelFormat
import FuelReport
import Testing
import _FuelTestSupport

/// The verdict banner in headless Chromium, on the generated build of ``BuildVerdictTests`` compared with itself
/// unchanged, and with a region's stations removed and three prices set to outliers. Screenshots are left in
/// `.build/report-screenshots/verdict-*.png`.
@Suite(.tags(.browser, .executable), .serialized) struct VerdictBannerBrowserTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var changed: Bool
        /// The banner's lines.
        var lines: @Sendable (BuildVerdict) -> [String]
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "unchanged", changed: false, lines: { _ in ["OK"] }),
        Case(
            name: "region-removed-and-outliers", changed: true,
            lines: { verdict in ["CHECK"] + verdict.reasons.map(\.text) }),
    ]

    @Test(arguments: cases) func theBannerReadsTheVerdict(_ example: Case) throws {
        let previous = try BuildVerdictTests.generated.get()
        var build = previous
        if example.changed {
            BuildVerdictTests.cases[1].change(&build)
            BuildVerdictTests.cases[2].change(&build)
        }
        let verdict = BuildVerdict.of(build, previous: previous)
        #expect(verdict.status == (example.changed ? .check : .ok))
        if example.changed {
            let codes = verdict.reasons.map { "\($0.country ?? "") \($0.code.rawValue)" }
            #expect(codes == ["ES station-count", "ES cell-emptied", "PT price-outliers"])
        }
        var input = ReportInput.of(build, previous: previous, fuel: .diesel, title: "verdict \(example.name)")
        input.verdict = verdict
        let run = try ReportBrowser.open(ReportPage.html(input), named: "verdict-\(example.name)")
        #expect(run.pageErrors == [] && run.consoleErrors == [])
        let lines = (run.verdict ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines == example.lines(verdict))
    }
}
