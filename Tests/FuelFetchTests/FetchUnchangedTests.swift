import Foundation
import FuelFeeds
import FuelFetch
import FuelFormat
import Testing
import _FuelTestSupport

/// The manifest keeps, per file, since when a fetch has received exactly its bytes: through 304s (ES) and 200s of
/// the same bytes (AT's crawl, which has no validators), reset by any change. The build's frozen-feed check for AT
/// reads it.
@Suite(.tags(.server), .serverLogsOnFailure) struct FetchUnchangedTests {
    static let days = ["2026-11-26T05:00:00Z", "2026-11-27T05:00:00Z", "2026-11-28T05:00:00Z"]

    static func fetch(_ harness: FetchHarness, at time: String) async throws -> FeedManifest {
        let date = Date(timeIntervalSince1970: TimeInterval(try #require(UTCTime.parse(time))))
        let report = try await harness.fetcher(["AT", "ES"]) { $0.now = { date } }.run()
        #expect(report.failures.isEmpty, "\(report.failures.map { String(describing: $0.error) })")
        return try #require(try harness.manifest())
    }

    @Test func unchangedBytesKeepTheirFirstTimeAndAChangeStartsAnew() async throws {
        let harness = try FetchHarness()
        let first = try await Self.fetch(harness, at: Self.days[0])
        let files = first.files.keys.sorted()
        #expect(files.contains("AT/101-DIE.json") && files.contains("ES/EstacionesTerrestres.json"))
        for path in files { #expect(first.files[path]?.unchangedSince == Self.days[0], "\(path)") }

        let second = try await Self.fetch(harness, at: Self.days[1])
        #expect(second.files["ES/EstacionesTerrestres.json"]?.status == 304)
        #expect(second.files["AT/101-DIE.json"]?.status == 200)
        for path in files {
            #expect(second.files[path]?.fetchedAt == Self.days[1], "\(path)")
            #expect(second.files[path]?.unchangedSince == Self.days[0], "\(path)")
        }
        #expect(second.unchangedSince(country: "AT") == Self.days[0])
        #expect(second.unchangedSince(country: "ES") == Self.days[0])

        // One district's answer changes: that file, and so the country, is unchanged only since this fetch.
        let changed = String(decoding: FetchHarness.austrianStations, as: UTF8.self)
            .replacingOccurrences(of: "1.519", with: "1.529")
        try #require(!changed.utf8.elementsEqual(FetchHarness.austrianStations))
        try FetchHarness.write(
            Array(changed.utf8), to: harness.serverRoot.appendingPathComponent("AT-api/by-region/101-DIE.json"))
        let third = try await Self.fetch(harness, at: Self.days[2])
        #expect(third.files["AT/101-DIE.json"]?.unchangedSince == Self.days[2])
        #expect(third.files["AT/102-DIE.json"]?.unchangedSince == Self.days[0])
        #expect(third.unchangedSince(country: "AT") == Self.days[2])
        #expect(third.unchangedSince(country: "ES") == Self.days[0])
    }
}
