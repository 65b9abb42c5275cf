import Foundation
import FuelCodecs
import FuelFormat
import Testing

@testable import FuelFeeds

/// ``ITPrices`` reads the IT price times (`dtComu`) through ``WallTime`` too, so an unpadded day, month or hour is
/// read as in every other feed (none has been seen in the real files, which are zero-padded, but the rule is one for
/// all feeds).
@Suite struct ITPriceTimeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var utc: String?
        var testDescription: String { text }
    }

    static let cases: [Case] = [
        Case(text: "20/08/2026 20:30:14", utc: "2026-08-20T18:30:14Z"),
        Case(text: "20/08/2026 2:30:14", utc: "2026-08-20T00:30:14Z"),
        Case(text: "1/2/2026 9:05", utc: "2026-02-01T08:05:00Z"),
        Case(text: "20/08/2026 20:3:14", utc: nil),
        Case(text: "2026-08-20 20:30:14", utc: nil),
    ]

    @Test(arguments: cases)
    func readsFeedTimes(_ testCase: Case) throws {
        var clock = try #require(LocalClock(zoneIdentifier: "Europe/Rome"))
        var text = testCase.text
        let seconds = text.withUTF8 { bytes in ITPrices.utcSeconds(bytes, clock: &clock) }
        #expect(seconds.map { UTCTime.format(seconds: $0) } == testCase.utc)
    }
}
