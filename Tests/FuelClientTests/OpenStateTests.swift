import Foundation
import FuelClient
import FuelFeeds
import FuelFormat
import Testing

/// What `Station.openState(at:clock:)` and `StationCriteria.openAt` add to the rule the open-now table checks
/// (`OpenNowConformanceTests`): the zones from the country's data by coordinates, and the filter leaving out closed
/// stations only.
@Suite struct OpenStateTests {
    struct ZoneCase: Sendable, CustomTestStringConvertible {
        var country: String
        var longitude: Double
        var zone: String
        var testDescription: String { "\(country) at \(longitude)" }
    }

    /// Each registered country's zones, from its `adapters/<CC>/source.json` as the build publishes them: today's
    /// answers (the Canary Islands west of 12° W, the Azores west of 20° W) kept.
    static let zones: [ZoneCase] = [
        ZoneCase(country: "PT", longitude: -9.14, zone: "Europe/Lisbon"),
        ZoneCase(country: "PT", longitude: -16.9, zone: "Europe/Lisbon"),  // Madeira keeps Lisbon's clock
        ZoneCase(country: "PT", longitude: -20, zone: "Europe/Lisbon"),  // the area's east bound is outside it
        ZoneCase(country: "PT", longitude: -25.67, zone: "Atlantic/Azores"),
        ZoneCase(country: "ES", longitude: -3.7, zone: "Europe/Madrid"),
        ZoneCase(country: "ES", longitude: -12, zone: "Europe/Madrid"),
        ZoneCase(country: "ES", longitude: -13.5, zone: "Atlantic/Canary"),  // Lanzarote
        ZoneCase(country: "FR", longitude: 2.35, zone: "Europe/Paris"),
        ZoneCase(country: "IT", longitude: 12.5, zone: "Europe/Rome"),
        ZoneCase(country: "AT", longitude: 16.37, zone: "Europe/Vienna"),
    ]

    /// A country's clock as the build publishes it from its built-in `source.json`.
    static func clock(_ country: String) throws -> CountryClock {
        let config = try CountryConfig.load(country: country, adaptersDirectory: nil)
        return CountryClock(timeZone: config.timeZone, areas: config.timeZoneAreas)
    }

    @Test(arguments: zones)
    func aStationsClockIsItsCountrysOrItsIslands(_ testCase: ZoneCase) throws {
        let station = Station(
            id: "\(testCase.country)-1", country: testCase.country, latitude: 30, longitude: testCase.longitude)
        #expect(station.timeZoneIdentifier(in: try Self.clock(testCase.country)) == testCase.zone)
    }

    /// Every registered country publishes a zone the platform knows, and its currency.
    @Test(arguments: CountryRegistry.codes)
    func everyCountryPublishesAZoneAndACurrency(_ country: String) throws {
        let config = try CountryConfig.load(country: country, adaptersDirectory: nil)
        #expect(TimeZone(identifier: config.timeZone) != nil)
        #expect(config.timeZoneAreas.allSatisfy { TimeZone(identifier: $0.timeZone) != nil })
        #expect(config.currency == "EUR")
    }

    /// A country no reader was built with answers from its data alone, and a station without its country's data,
    /// or with a zone the platform does not know, answers unknown.
    @Test func aCountryKnownOnlyFromTheDataAnswers() {
        let station = Station(
            id: "ZZ-1", country: "ZZ", latitude: 35.68, longitude: 139.77, openingHours: "Mo-Fr 08:00-20:00")
        // Sunday 23:30 UTC is Monday 08:30 nine hours east.
        let instant = Date(timeIntervalSince1970: TimeInterval(UTCTime.parse("2026-12-06T23:30:00Z")!))
        #expect(station.openState(at: instant, clock: CountryClock(timeZone: "Asia/Tokyo")) == .open)
        #expect(station.openState(at: instant, clock: CountryClock(timeZone: "Etc/UTC")) == .closed)
        #expect(station.openState(at: instant, clock: nil) == .unknown)
        #expect(station.openState(at: instant, clock: CountryClock(timeZone: "Nowhere/Nothing")) == .unknown)
    }

    @Test func theFilterLeavesOutClosedStationsOnly() throws {
        // Monday 2026-12-07 23:30 in Madrid.
        let instant = Date(timeIntervalSince1970: TimeInterval(UTCTime.parse("2026-12-07T22:30:00Z")!))
        let stations = [
            Station(id: "ES-1", country: "ES", latitude: 40.4, longitude: -3.7, openingHours: "24/7"),
            Station(id: "ES-2", country: "ES", latitude: 40.4, longitude: -3.7, openingHours: "Mo-Su 06:00-22:00"),
            Station(id: "ES-3", country: "ES", latitude: 40.4, longitude: -3.7),
            Station(
                id: "ES-4", country: "ES", latitude: 40.4, longitude: -3.7, openingHours: "Mo-Su 06:00-22:00; PH off"),
        ]
        let open = NearbyFilter(
            latitude: 40.4, longitude: -3.7, radiusKm: 1,
            criteria: StationCriteria(limit: 2, openAt: instant, clocks: ["ES": try Self.clock("ES")])
        ).apply(to: stations)
        #expect(open.map(\.station.id) == ["ES-1", "ES-3"], "closed ones are left out before the limit")
        #expect(open.map(\.open) == [.open, .unknown])
        let withoutClocks = NearbyFilter(
            latitude: 40.4, longitude: -3.7, radiusKm: 1, criteria: StationCriteria(openAt: instant)
        ).apply(to: stations)
        #expect(withoutClocks.map(\.open) == [.unknown, .unknown, .unknown, .unknown], "no zone, no answer")
        let all = NearbyFilter(latitude: 40.4, longitude: -3.7, radiusKm: 1).apply(to: stations)
        #expect(all.count == 4)
        #expect(all.allSatisfy { $0.open == nil })
    }
}
