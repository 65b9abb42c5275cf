import Foundation
import FuelCodecs
import FuelFormat
import Testing

@testable import FuelFeeds

/// The FR times (``FRTime``: a price's `maj`, a shortage's times) and the IT price times (``ITPrices``' `dtComu`) are
/// read through ``WallTime`` as in every other feed, so an unpadded day, month or hour is read too (none has been seen
/// in the real files, which are zero-padded, but the rule is one for all feeds).
@Suite struct FeedTimeTests {
    enum Feed: String, Sendable {
        case fr = "FR"
        case it = "IT"

        var zone: String { self == .fr ? "Europe/Paris" : "Europe/Rome" }

        func utcSeconds(_ bytes: UnsafeBufferPointer<UInt8>, clock: inout LocalClock) -> Int64? {
            switch self {
            case .fr: FRTime.utcSeconds(bytes, clock: &clock)
            case .it: ITPrices.utcSeconds(bytes, clock: &clock)
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var feed: Feed
        var text: String
        var utc: String?
        var testDescription: String { "\(feed.rawValue) \(text)" }
    }

    static let cases: [Case] = [
        Case(feed: .fr, text: "2022-05-03 07:26:29", utc: "2022-05-03T05:26:29Z"),
        Case(feed: .fr, text: "2022-05-03 7:26:29", utc: "2022-05-03T05:26:29Z"),
        Case(feed: .fr, text: "2021-01-08T10:20:52", utc: "2021-01-08T09:20:52Z"),
        Case(feed: .fr, text: "2013-09-23 09:19:53.795804", utc: "2013-09-23T07:19:53Z"),
        Case(feed: .fr, text: "2013-09-23 09:19:53.", utc: nil),
        Case(feed: .fr, text: "2013-09-23 09:19", utc: nil),
        Case(feed: .it, text: "20/08/2026 20:30:14", utc: "2026-08-20T18:30:14Z"),
        Case(feed: .it, text: "20/08/2026 2:30:14", utc: "2026-08-20T00:30:14Z"),
        Case(feed: .it, text: "1/2/2026 9:05", utc: "2026-02-01T08:05:00Z"),
        Case(feed: .it, text: "20/08/2026 20:3:14", utc: nil),
        Case(feed: .it, text: "2026-08-20 20:30:14", utc: nil),
    ]

    @Test(arguments: cases)
    func readsFeedTimes(_ testCase: Case) throws {
        var clock = try #require(LocalClock(zoneIdentifier: testCase.feed.zone))
        var text = testCase.text
        let seconds = text.withUTF8 { bytes in testCase.feed.utcSeconds(bytes, clock: &clock) }
        #expect(seconds.map { UTCTime.format(seconds: $0) } == testCase.utc)
    }
}
