import Foundation
import Testing
import _FuelTestSupport

@testable import FuelBench

/// `fuel-bench route` on tiny feeds: routes of the asked length between published stations, each looked up cold in
/// both formats, with every request counted.
@Suite struct RouteLookupBenchTests {
    @Test(.tags(.executable)) func routesAreDrawnAndLookedUpInBothFormats() async throws {
        let work = RepositoryPaths.temporaryDirectory("bench-route")
        defer { try? FileManager.default.removeItem(at: work) }
        var build = BothFormatsBuild(work: work, publisher: Executable.url("fuel-publish").path)
        (build.scale, build.adapters) = (0.01, RepositoryPaths.adapters())
        var options = RouteLookupBench.Options(build)
        options.routes = 3
        let report = try await RouteLookupBench.run(options) { _ in }

        #expect(report.routes == 3)
        #expect(report.lengthKm.median >= 270 && report.lengthKm.max <= 330, "\(report.lengthKm)")
        #expect(report.formats.map(\.format) == [1, 2])
        for format in report.formats {
            // A 300 km corridor crosses several cells; each lookup reads the index and its tiles.
            #expect(format.cells.median >= 3 && format.tiles.median >= 1, "\(format)")
            #expect(format.cells.median >= format.tiles.median)
            #expect(format.requests.median > format.tiles.median && format.bytes.median > 0, "the index and the tiles")
        }
        var described = report
        described.run.command = "fuel-bench route --scale 0.01"
        let section = described.section()
        #expect(section.hasPrefix(RouteLookupReport.begin) && section.hasSuffix(RouteLookupReport.end))
        #expect(section.contains("| 1 |") && section.contains("| 2 |"))
    }

    /// No route is drawn where no two stations lie the length apart: the bench says so instead of measuring nothing.
    @Test func noRouteOfTheLengthIsAnError() {
        var options = RouteLookupBench.Options(
            BothFormatsBuild(work: URL(fileURLWithPath: "/unused"), publisher: "unused"))
        options.lengthKm = 300
        #expect(throws: BenchError.self) {
            try RouteLookupBench.draw(options, from: [(41.0, 2.0), (41.1, 2.1)])
        }
    }
}
