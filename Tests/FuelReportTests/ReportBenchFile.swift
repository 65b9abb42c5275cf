import Foundation
import FuelBuild
import FuelReport
import Testing

/// Writes the map report of an existing build to a file, for `scripts/bench-report` (BENCHMARKS.md), until
/// `fuel-publish report` exists to do it:
///
///     FUEL_REPORT_BUILD=OUT/fuel FUEL_REPORT_BUILD_JSON=build.json FUEL_REPORT_FILE=report.html \
///         swift test --skip-build --filter ReportBenchFile
///
/// `build.json` is what `fuel-publish build --json` printed (it gives the rejections). Without the variables the test
/// is reported as skipped with the reason below; it checks nothing of the page, which the other suites test.
@Suite struct ReportBenchFile {
    static let environment = ProcessInfo.processInfo.environment

    @Test(
        .enabled(
            if: environment["FUEL_REPORT_BUILD"] != nil,
            "writes a benchmark's report file for scripts/bench-report; set FUEL_REPORT_BUILD to run it"))
    func writeTheReportOfABuild() throws {
        let fuel = URL(fileURLWithPath: try #require(Self.environment["FUEL_REPORT_BUILD"]))
        let file = URL(fileURLWithPath: try #require(Self.environment["FUEL_REPORT_FILE"], "set FUEL_REPORT_FILE"))
        let json = try #require(Self.environment["FUEL_REPORT_BUILD_JSON"], "set FUEL_REPORT_BUILD_JSON")
        let report = try JSONDecoder().decode(BuildReport.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
        let (_, input) = try BuiltReport.read(fuel, report: report, title: Self.environment["FUEL_REPORT_TITLE"] ?? "")
        let started = ContinuousClock.now
        let html = ReportPage.html(input)
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        try Data(html.utf8).write(to: file)
        print(
            "report: \(input.stations.count) stations, \(html.utf8.count) bytes, written by a debug build in \(seconds) s"
        )
    }
}
