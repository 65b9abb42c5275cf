import Foundation
import FuelFeeds
import FuelFormat
import Testing
import _FuelTestSupport

/// The AT adapter on real recorded answers (`Fixtures/AT/SOURCES.md`): two E-Control `by-address` answers for
/// central Vienna of 2026-06-11, as a whole; its named stations, with expected values read off the JSON by hand, are
/// among `ATStationTests`' cases.
@Suite struct ATRealCaptureTests {
    static let fetchedAt = [
        "by-address-wien-DIE.json": "2026-06-11T09:00:00Z", "by-address-wien-SUP.json": "2026-06-11T09:00:01Z",
    ]

    /// The two answers in a fresh `AT` folder, with their fetch times in a manifest as fetching writes it.
    static func austria() throws -> FeedParseResult {
        var files: [String: [UInt8]] = [:]
        for name in fetchedAt.keys { files[name] = try FeedFixture.bytes("AT/econtrol-2026-06-11-vienna/" + name) }
        let input = try FeedFixture.input(country: "AT", files: files, manifest: ATAdapterTests.manifest(fetchedAt))
        return try ATAdapter().parse(input)
    }

    /// 10 stations in each answer, the same 10; only the 5 cheapest carry a price, once per fuel.
    @Test func austriaWholeAnswers() throws {
        let result = try Self.austria()
        #expect(result.records == 20)
        #expect(result.stations.count == 10)
        #expect(result.stations.filter { !$0.prices.isEmpty }.count == 5)
        #expect(result.stations.reduce(0) { $0 + $1.prices.count } == 10)
        #expect(result.rejects.isEmpty)
        #expect(result.notes.isEmpty)
        // No day reads as a 00:00-00:00 span.
        #expect(!result.stations.contains { $0.hours?.contains("00:00-00:00") == true })
    }
}
