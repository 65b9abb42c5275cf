import Foundation
import FuelCodecs
import FuelFormat
import Testing

@testable import FuelFeeds

/// ``FRTime`` reads the FR times (a price's `maj`, a shortage's times) through ``WallTime`` too, so an unpadded day,
/// month or hour is read as in every other feed (none has been seen in the real files, which are zero-padded, but the
/// rule is one for all feeds).
@Suite struct FRTimeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var utc: String?
        var testDescription: String { text }
    }

    static let cases: [Case] = [
        Case(text: "2022-05-03 07:26:29", utc: "2022-05-03T05:26:29Z"),
        Case(text: "2022-05-03 7:26:29", utc: "2022-05-03T05:26:29Z"),
        Case(text: "2021-01-08T10:20:52", utc: "2021-01-08T09:20:52Z"),
        Case(text: "2013-09-23 09:19:53.795804", utc: "2013-09-23T07:19:53Z"),
        Case(text: "2013-09-23 09:19:53.", utc: nil),
        Case(text: "2013-09-23 09:19", utc: nil),
    ]

    @Test(arguments: cases)
    func readsFeedTimes(_ testCase: Case) throws {
        var clock = try #require(LocalClock(zoneIdentifier: "Europe/Paris"))
        var text = testCase.text
        let seconds = text.withUTF8 { bytes in FRTime.utcSeconds(bytes, clock: &clock) }
        #expect(seconds.map { UTCTime.format(seconds: $0) } == testCase.utc)
    }
}
