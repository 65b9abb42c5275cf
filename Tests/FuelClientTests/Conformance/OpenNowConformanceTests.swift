import Foundation
import FuelClient
import FuelFormat
import Testing
import _FuelTestSupport

/// R11, open now: `Station.openState(at:clock:)` answers every case of `conformance/open-now.json` as the table
/// says (with the country's zone and areas from the table's `countries` and the case's `holidays` as its list), the
/// table `clients/js` and the Python reference reader run too.
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

    /// A country of the table's `countries`, as `sources.json` publishes its zone.
    struct Country: Decodable, Sendable {
        var timeZone: String
        var timeZoneAreas: [TimeZoneArea]?
    }

    /// The table: its countries and its cases.
    struct Table: Decodable {
        var countries: [String: Country]
        var cases: [Case]
    }

    static let file = ConformanceKit.folder.appendingPathComponent("open-now.json")
    static func table() throws -> Table { try JSONDecoder().decode(Table.self, from: Data(contentsOf: file)) }
    static func cases() throws -> [Case] { try table().cases }
    static let countries: [String: Country] = (try? table().countries) ?? [:]
    static let loadedCases: [Case] = (try? cases()) ?? []

    /// The table is there and covers what R11 names; without this a missing table would run zero cases.
    @Test func theTableCoversTheRule() throws {
        let cases = try Self.cases()
        #expect(cases.count == Self.loadedCases.count)
        #expect(try Self.table().countries.count == Self.countries.count && Self.countries["ZZ"] != nil)
        #expect(Set(cases.map(\.expect)) == ["open", "automat", "closed", "unknown"])
        for word in [
            "day-range", "day-list", "always-open", "ph-", "past-midnight", "dst-march", "dst-october", "automat-night",
            "ph-national-day", "ph-ordinary-tuesday", "ph-outside-holiday-range", "holiday-without-ph-rule",
            "unlisted-country",
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
        let clock = Self.countries[testCase.station.country].map {
            CountryClock(timeZone: $0.timeZone, areas: $0.timeZoneAreas ?? [], holidays: testCase.holidays)
        }
        let answer = station.openState(at: Date(timeIntervalSince1970: TimeInterval(seconds)), clock: clock)
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
