import Foundation
import FuelFeeds
import FuelFetch
import FuelFormat
import Testing
import _FuelTestSupport

/// AT's prices carry no time, so its newest time is always its fetch time and the frozen-feed guard could never
/// fire. Its check is the fetch manifest instead: every response byte-identical to the previous fetch's for
/// longer than `maxFeedAgeHours` (72 h) is a frozen feed, refused unless `--allow-stale-feeds`.
@Suite(.tags(.server, .executable), .serverLogsOnFailure) struct FrozenFeedTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        /// When the crawl was fetched, and whether a district's answer changed before the last one.
        var fetches: [String]
        var changeBeforeLast: Bool
        var extra: [String]
        /// Words of the refusal; nil when the build publishes.
        var refusal: [String]?
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(
            label: "unchanged for 4 days: frozen", fetches: ["2026-11-26T05:00:00Z", "2026-11-30T05:00:00Z"],
            changeBeforeLast: false, extra: [],
            refusal: [
                "AT:",
                "the feed looks frozen: every response has been byte-identical to the previous fetch's since "
                    + "2026-11-26T05:00:00Z, 4 days before the fetch at 2026-11-30T05:00:00Z (the limit is 72 h",
                "--allow-stale-feeds",
            ]),
        Case(
            label: "unchanged for 4 days, --allow-stale-feeds",
            fetches: ["2026-11-26T05:00:00Z", "2026-11-30T05:00:00Z"], changeBeforeLast: false,
            extra: ["--allow-stale-feeds"], refusal: nil),
        Case(
            label: "unchanged for 48 h", fetches: ["2026-11-28T05:00:00Z", "2026-11-30T05:00:00Z"],
            changeBeforeLast: false, extra: [], refusal: nil),
        Case(
            label: "one district changed", fetches: ["2026-11-26T05:00:00Z", "2026-11-30T05:00:00Z"],
            changeBeforeLast: true, extra: [], refusal: nil),
    ]

    @Test(arguments: cases)
    func austriaFrozenByItsBytes(_ testCase: Case) async throws {
        let harness = try FetchHarness()
        for (index, time) in testCase.fetches.enumerated() {
            if index == testCase.fetches.count - 1 && testCase.changeBeforeLast {
                try FetchHarness.write(
                    Array(
                        String(decoding: FetchHarness.austrianStations, as: UTF8.self)
                            .replacingOccurrences(of: "1.519", with: "1.529").utf8),
                    to: harness.serverRoot.appendingPathComponent("AT-api/by-region/101-DIE.json"))
            }
            let date = Date(timeIntervalSince1970: TimeInterval(try #require(UTCTime.parse(time))))
            var options = FetchOptions(
                feedsDirectory: harness.feeds, adaptersDirectory: harness.adapters, countries: ["AT"])
            options.now = { date }
            let report = try await FeedFetcher(options: options).run()
            #expect(report.failures.isEmpty, "\(report.failures.map { String(describing: $0.error) })")
        }
        let out = harness.feeds.deletingLastPathComponent().appendingPathComponent("frozen-out-\(UUID().uuidString)")
        let result = try Executable.run(
            "fuel-publish",
            [
                "build", "--feeds", harness.feeds.path, "--out", out.path, "--countries", "AT", "--built-at",
                "2026-11-30T05:10:00Z",
            ] + testCase.extra)
        guard let words = testCase.refusal else {
            #expect(result.status == 0, "\(result.stderr)")
            return
        }
        #expect(result.status == 1, "\(result.stderr)")
        for word in words { #expect(result.stderr.contains(word), "\(result.stderr)") }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("fuel").path))
    }
}
