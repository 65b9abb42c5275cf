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

/// The frozen check by bytes, for feeds whose own times cannot show it (AT).
@Suite struct UnchangedFeedTests {
    static func manifest(_ since: [String: String?]) -> FeedManifest {
        FeedManifest(
            files: since.reduce(into: [:]) { files, entry in
                files[entry.key] = FeedManifest.FileEntry(
                    url: "https://example.org/\(entry.key)", fetchedAt: "2026-11-30T05:00:00Z", status: 200, bytes: 2,
                    sha256: "00", unchangedSince: entry.value)
            })
    }

    @Test(
        arguments: [
            (
                "every file unchanged for 73 h",
                ["AT/a.json": "2026-11-27T04:00:00Z", "AT/b.json": "2026-11-26T00:00:00Z"], true
            ),
            (
                "one file changed 71 h ago",
                ["AT/a.json": "2026-11-27T06:00:00Z", "AT/b.json": "2026-11-26T00:00:00Z"], false
            ),
            ("exactly 72 h", ["AT/a.json": "2026-11-27T05:00:00Z"], false),
            ("a file without the time", ["AT/a.json": nil, "AT/b.json": "2026-11-01T00:00:00Z"], false),
            ("another country's files only", ["ES/a.json": "2026-11-01T00:00:00Z"], false),
        ] as [(String, [String: String?], Bool)])
    func frozenWhenEveryFileIsOlderThanTheLimit(_ label: String, _ since: [String: String?], _ frozen: Bool) {
        let check = {
            try FeedFreshness.checkUnchanged(
                country: "AT", file: "feeds/AT", manifest: Self.manifest(since), fetchedAt: "2026-11-30T05:00:00Z",
                maxAgeHours: 72)
        }
        if frozen {
            let error = #expect(throws: FeedError.self, "\(label)") { try check() }
            #expect(error?.reason.contains("byte-identical to the previous fetch's since 2026-11-27T04:00:00Z") == true)
        } else {
            #expect(throws: Never.self, "\(label)") { try check() }
        }
    }
}
