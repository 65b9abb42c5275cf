import Foundation
import FuelCodecs
import FuelFormat
import FuelPublishing
import Testing
import _FuelTestSupport

@testable import FuelBench

/// `fuel-bench first-read` on tiny feeds: cold lookups in both formats, each read measured against the answer's own
/// gzipped size.
@Suite struct FirstReadBenchTests {
    @Test(.tags(.executable)) func coldLookupsAreMeasuredAgainstTheirAnswer() async throws {
        let work = RepositoryPaths.temporaryDirectory("bench-first-read")
        defer { try? FileManager.default.removeItem(at: work) }
        var build = BothFormatsBuild(work: work, publisher: Executable.url("fuel-publish").path)
        (build.scale, build.adapters) = (0.01, RepositoryPaths.adapters())
        var options = FirstReadBench.Options(build)
        options.lookups = 5
        let report = try await FirstReadBench.run(options) { _ in }

        #expect(report.lookups == 5 && report.formats.map(\.format) == [1, 2])
        for format in report.formats {
            // At a published station the answer holds that station, and the reader reads at least the index and
            // its tile, which hold more than the answer.
            #expect(format.floor.median > 0 && format.requests.median >= 2, "\(format)")
            #expect(format.ratio.median > 1 && format.bytes.median > format.floor.median, "\(format)")
        }
        var described = report
        described.run.command = "fuel-bench first-read --scale 0.01"
        let section = described.section()
        #expect(section.contains("| 1 |") && section.contains("| 2 |") && section.hasSuffix(FirstReadReport.end))
    }

    /// The floor is the answer's stations as a JSON array, gzipped: none costs the bytes of `[]` alone.
    @Test func theFloorIsTheAnswerGzipped() throws {
        #expect(FirstReadBench.floorBytes(of: []) == Gzip.compress(Array("[]".utf8)).count)
        let station = Station(
            id: "ES-1", country: "ES", latitude: 41.5, longitude: 2.1,
            prices: [FuelPrice(fuel: .diesel, price: 1.5, updated: Date(timeIntervalSince1970: 0))])
        let one = FirstReadBench.floorBytes(of: [station])
        #expect(
            try Gzip.decompress(Gzip.compress(Array("[".utf8) + TileEncoder.encode(station) + Array("]".utf8))).count
                > 2)
        #expect(one > FirstReadBench.floorBytes(of: []) && FirstReadBench.floorBytes(of: [station, station]) > one)
    }
}
