import Foundation
import FuelCodecs
import FuelFormat
import Testing

@Suite struct LocalClockTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var zone: String
        var local: (Int, Int, Int, Int, Int, Int)
        var utc: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "Madrid summer", zone: "Europe/Madrid", local: (2025, 9, 27, 18, 5, 47), utc: "2025-09-27T16:05:47Z"),
        Case(name: "Madrid winter", zone: "Europe/Madrid", local: (2025, 1, 15, 8, 0, 0), utc: "2025-01-15T07:00:00Z"),
        Case(name: "Lisbon winter", zone: "Europe/Lisbon", local: (2025, 12, 1, 9, 30, 0), utc: "2025-12-01T09:30:00Z"),
        Case(
            name: "repeated autumn hour takes summer time", zone: "Europe/Paris", local: (2025, 10, 26, 2, 30, 0),
            utc: "2025-10-26T00:30:00Z"),
        Case(
            name: "after the autumn change", zone: "Europe/Paris", local: (2025, 10, 26, 3, 30, 0),
            utc: "2025-10-26T02:30:00Z"),
        Case(
            name: "spring gap moves forward", zone: "Europe/Rome", local: (2025, 3, 30, 2, 30, 0),
            utc: "2025-03-30T01:30:00Z"),
        Case(
            name: "after the spring change", zone: "Europe/Rome", local: (2025, 3, 30, 3, 30, 0),
            utc: "2025-03-30T01:30:00Z"),
        Case(name: "Azores", zone: "Atlantic/Azores", local: (2025, 7, 1, 12, 0, 0), utc: "2025-07-01T12:00:00Z"),
    ]

    @Test(arguments: cases)
    func convertsWallClockToUTC(_ testCase: Case) throws {
        var clock = try #require(LocalClock(zoneIdentifier: testCase.zone))
        let (year, month, day, hour, minute, second) = testCase.local
        let seconds = clock.utcSeconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        #expect(UTCTime.format(seconds: seconds) == testCase.utc)
        // Cached per hour: the second lookup gives the same answer.
        #expect(
            clock.utcSeconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second) == seconds)
    }

    @Test func unknownZonesAreRefused() {
        #expect(LocalClock(zoneIdentifier: "Europe/Atlantis") == nil)
    }
}
