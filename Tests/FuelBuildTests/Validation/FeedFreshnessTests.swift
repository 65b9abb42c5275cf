import Foundation
import FuelBuild
import FuelFeeds
import FuelFormat
import Testing

@Suite struct FeedFreshnessTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        /// The feed's newest time.
        var reference: String
        var fetchedAt: String
        /// Words the refusal must hold; nil when the feed passes.
        var refusal: [String]?
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(
            label: "fetched 3 h after its newest price", reference: "2026-11-30T02:00:00Z",
            fetchedAt: "2026-11-30T05:17:00Z", refusal: nil),
        Case(
            label: "exactly at the 72 h limit", reference: "2026-11-27T05:17:00Z",
            fetchedAt: "2026-11-30T05:17:00Z", refusal: nil),
        Case(
            label: "newest time after the fetch (clock skew)", reference: "2026-11-30T06:00:00Z",
            fetchedAt: "2026-11-30T05:17:00Z", refusal: nil),
        Case(
            label: "one second over the limit", reference: "2026-11-27T05:16:59Z", fetchedAt: "2026-11-30T05:17:00Z",
            refusal: [
                "looks frozen", "2026-11-27T05:16:59Z", "72.0 h older", "2026-11-30T05:17:00Z", "--allow-stale-feeds",
            ]),
        Case(
            label: "frozen for weeks", reference: "2026-10-01T07:00:00Z", fetchedAt: "2026-11-30T05:17:00Z",
            refusal: ["59 days older", "the limit is 72 h"]),
        Case(
            label: "unreadable fetch time", reference: "2026-11-30T02:00:00Z", fetchedAt: "yesterday",
            refusal: ["unreadable fetchedAt \"yesterday\""]),
    ]

    @Test(arguments: cases)
    func check(_ testCase: Case) throws {
        let reference = Date(timeIntervalSince1970: TimeInterval(try #require(UTCTime.parse(testCase.reference))))
        let check = {
            try FeedFreshness.check(
                country: "IT", file: "feeds/IT", referenceTime: reference, fetchedAt: testCase.fetchedAt,
                maxAgeHours: 72)
        }
        guard let words = testCase.refusal else {
            #expect(throws: Never.self) { try check() }
            return
        }
        let error = #expect(throws: FeedError.self) { try check() }
        #expect(error?.country == "IT")
        #expect(error?.file == "feeds/IT")
        for word in words { #expect(error?.reason.contains(word) == true, "\(error?.reason ?? "")") }
    }
}
