import Foundation
import FuelClient
import FuelFormat
import Testing
import _FuelTestSupport

/// R11, open now: `Station.openState(at:holidays:)` answers every case of `conformance/open-now.json` as the table
/// says (with the case's `holidays` as the country's list), the table `clients/js` and the Python reference reader run
/// too.
@Suite struct OpenNowConformanceTests {
    /// One case of `open-now.json`.
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        struct Place: Decodable, Sendable {
            var country: String
            var lat: Double
            var lon: Double
            var openingHours: String?
            var automatHours: String?
        }
        var name: String
        var station: Place
        var holidays: PublicHolidays?
        var at: String
        var expect: String
        var testDescription: String { name }
    }

    static let file = ConformanceKit.folder.appendingPathComponent("open-now.json")
    static func cases() throws -> [Case] {
        struct Table: Decodable { var cases: [Case] }
        return try JSONDecoder().decode(Table.self, from: Data(contentsOf: file)).cases
    }
    static let loadedCases: [Case] = (try? cases()) ?? []

    /// The table is there and covers what R11 names; without this a missing table would run zero cases.
    @Test func theTableCoversTheRule() throws {
        let cases = try Self.cases()
        #expect(cases.count == Self.loadedCases.count)
        #expect(Set(cases.map(\.expect)) == ["open", "automat", "closed", "unknown"])
        for word in [
            "day-range", "day-list", "always-open", "ph-", "past-midnight", "dst-march", "dst-october", "automat-night",
            "ph-national-day", "ph-ordinary-tuesday", "ph-outside-holiday-range", "holiday-without-ph-rule",
        ] {
            #expect(cases.contains { $0.name.contains(word) }, "no case for \(word)")
        }
    }

    @Test(arguments: loadedCases)
    func theClientAnswersEveryCase(_ testCase: Case) throws {
        let seconds = try #require(UTCTime.parse(testCase.at))
        let station = Station(
            id: testCase.station.country + "-1", country: testCase.station.country, latitude: testCase.station.lat,
            longitude: testCase.station.lon, openingHours: testCase.station.openingHours,
            automatHours: testCase.station.automatHours)
        let answer = station.openState(
            at: Date(timeIntervalSince1970: TimeInterval(seconds)), holidays: testCase.holidays)
        #expect(answer.rawValue == testCase.expect)
    }

    /// The hand-written answers agree with an independent evaluator: for every case the subset can answer,
    /// opening-hours-py's `is_open` at the station's local time, with its own holiday calendar where the case gives
    /// holidays, which must be the case's list (`scripts/check-opening-hours --open-now`).
    @Test(.tags(.python)) func anIndependentParserAgreesWithTheTable() throws {
        let script = RepositoryPaths.root().appendingPathComponent("scripts/check-opening-hours").path
        let result = try CapturedRun.run("python3", [script, "--open-now", Self.file.path])
        #expect(result.status == 0, "\(result.stderr)")
    }
}
