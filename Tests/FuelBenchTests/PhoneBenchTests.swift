import Foundation
import FuelCodecs
import FuelFormat
import FuelPublishing
import Testing
import _FuelTestSupport

@testable import FuelBench

/// `fuel-bench phone` on tiny feeds: cold lookups at published stations, along routes of the asked length and of
/// watch lists, in both formats, each read counted and weighed against its answer.
@Suite struct PhoneBenchTests {
    @Test(.tags(.executable)) func bothKindsOfLookupAreMeasuredInBothFormats() async throws {
        let work = RepositoryPaths.temporaryDirectory("bench-phone")
        defer { try? FileManager.default.removeItem(at: work) }
        var build = BothFormatsBuild(work: work, publisher: Executable.url("fuel-publish").path)
        (build.scale, build.adapters) = (0.01, RepositoryPaths.adapters())
        var options = PhoneBench.Options(build)
        (options.lookups, options.routes, options.watchLists, options.watchListSize) = (5, 3, 4, 3)
        var report = try await PhoneBench.run(options) { _ in }

        #expect(report.lookups == 5 && report.firstRead.map(\.format) == [1, 2, 2])
        // Format 2 before roots (index.json and whole tiles), then through its root (R15).
        #expect(report.firstRead.map(\.readsFirst) == [nil, "index.json", "root.json"])
        for format in report.firstRead {
            // At a published station the answer holds that station, and the reader reads at least the index and
            // its tile, which hold more than the answer.
            #expect(format.floor.median > 0 && format.requests.median >= 2, "\(format)")
            #expect(format.ratio.median > 1 && format.bytes.median > format.floor.median, "\(format)")
        }
        #expect(report.routes == 3 && report.alongRoutes.map(\.format) == [1, 2])
        #expect(report.routeLengthKm.median >= 270 && report.routeLengthKm.max <= 330, "\(report.routeLengthKm)")
        for format in report.alongRoutes {
            // A 300 km corridor crosses several cells; each lookup reads the index and the tiles it lists.
            #expect(format.cells.median >= 3 && format.cells.median >= format.tiles.median, "\(format)")
            #expect(format.requests.median > format.tiles.median && format.bytes.median > 0, "\(format)")
        }
        #expect(report.watchLists == 4 && report.watched.map(\.format) == [1, 2])
        for format in report.watched {
            // Every station of a list is published, so each is found, in at most as many tiles as stations; cold
            // reads the index (format 2: the root, R15, and a leaf for each block of its cells) and those tiles; warm
            // asks again about every file and gets 304s (format 1: the index and each tile; format 2: the root
            // alone, its leaves and tiles never change) with no body.
            #expect(format.missed.max == 0 && format.tiles.median >= 1 && format.tiles.max <= 3, "\(format)")
            let cold = format.coldRequests.median
            let tiles = format.tiles.median
            #expect(format.format == 1 ? cold == tiles + 1 : (cold >= tiles + 2 && cold <= 2 * tiles + 1), "\(format)")
            #expect(format.coldBytes.median > 0, "\(format)")
            let warmRequests = format.format == 1 ? format.coldRequests.median : 1
            #expect(format.warmRequests.median == warmRequests && format.warmBytes.max == 0, "\(format)")
            #expect(format.warmNotModified.median == warmRequests, "\(format)")
        }
        report.run.command = "fuel-bench phone --scale 0.01"
        let section = report.section()
        #expect(section.hasPrefix(PhoneReport.begin) && section.hasSuffix(PhoneReport.end))
        #expect(
            section.contains("fuel-bench phone --scale 0.01") && section.components(separatedBy: "| 2 |").count == 5)
    }

    /// The floor is the answer's stations as a JSON array, gzipped: none costs the bytes of `[]` alone.
    @Test func theFloorIsTheAnswerGzipped() {
        #expect(ColdLookupFigures.floorBytes(of: []) == Gzip.compress(Array("[]".utf8)).count)
        let station = Station(
            id: "ES-1", country: "ES", latitude: 41.5, longitude: 2.1,
            prices: [FuelPrice(fuel: .diesel, price: 1.5, updated: Date(timeIntervalSince1970: 0))])
        let one = ColdLookupFigures.floorBytes(of: [station])
        #expect(one == Gzip.compress(Array("[".utf8) + TileEncoder.encode(station) + Array("]".utf8)).count)
        #expect(ColdLookupFigures.floorBytes(of: [station, station]) > one)
    }

    /// No route is drawn where no two stations lie the length apart: the bench says so instead of measuring nothing.
    @Test func noRouteOfTheLengthIsAnError() {
        let options = PhoneBench.Options(BothFormatsBuild(work: URL(fileURLWithPath: "/unused"), publisher: "unused"))
        #expect(throws: BenchError.self) { try PhoneBench.draw(options, from: [(41.0, 2.0), (41.1, 2.1)]) }
    }
}
