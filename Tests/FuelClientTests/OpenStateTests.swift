import Foundation
import FuelClient
import FuelFormat
import Testing

/// What `Station.openState(at:)` and `NearbyFilter.openAt` add to the rule the open-now table checks
/// (`OpenNowConformanceTests`): the zones by coordinates, and the filter leaving out closed stations only.
@Suite struct OpenStateTests {
    struct ZoneCase: Sendable, CustomTestStringConvertible {
        var country: String
        var longitude: Double
        var zone: String?
        var testDescription: String { "\(country) at \(longitude)" }
    }

    static let zones: [ZoneCase] = [
        ZoneCase(country: "PT", longitude: -9.14, zone: "Europe/Lisbon"),
        ZoneCase(country: "PT", longitude: -16.9, zone: "Europe/Lisbon"),  // Madeira keeps Lisbon's clock
        ZoneCase(country: "PT", longitude: -25.67, zone: "Atlantic/Azores"),
        ZoneCase(country: "ES", longitude: -3.7, zone: "Europe/Madrid"),
        ZoneCase(country: "ES", longitude: -13.5, zone: "Atlantic/Canary"),  // Lanzarote
        ZoneCase(country: "FR", longitude: 2.35, zone: "Europe/Paris"),
        ZoneCase(country: "IT", longitude: 12.5, zone: "Europe/Rome"),
        ZoneCase(country: "AT", longitude: 16.37, zone: "Europe/Vienna"),
        ZoneCase(country: "DE", longitude: 13.4, zone: nil),
    ]

    @Test(arguments: zones)
    func aStationsClockIsItsCountrysOrItsIslands(_ testCase: ZoneCase) {
        let station = Station(
            id: "\(testCase.country)-1", country: testCase.country, latitude: 30, longitude: testCase.longitude)
        #expect(station.timeZoneIdentifier == testCase.zone)
    }

    @Test func theFilterLeavesOutClosedStationsOnly() {
        // Monday 2026-12-07 23:30 in Madrid.
        let instant = Date(timeIntervalSince1970: TimeInterval(UTCTime.parse("2026-12-07T22:30:00Z")!))
        let stations = [
            Station(id: "ES-1", country: "ES", latitude: 40.4, longitude: -3.7, openingHours: "24/7"),
            Station(id: "ES-2", country: "ES", latitude: 40.4, longitude: -3.7, openingHours: "Mo-Su 06:00-22:00"),
            Station(id: "ES-3", country: "ES", latitude: 40.4, longitude: -3.7),
            Station(
                id: "ES-4", country: "ES", latitude: 40.4, longitude: -3.7, openingHours: "Mo-Su 06:00-22:00; PH off"),
        ]
        let open = NearbyFilter(latitude: 40.4, longitude: -3.7, radiusKm: 1, limit: 2, openAt: instant).apply(
            to: stations)
        #expect(open.map(\.station.id) == ["ES-1", "ES-3"], "closed ones are left out before the limit")
        #expect(open.map(\.open) == [.open, .unknown])
        let all = NearbyFilter(latitude: 40.4, longitude: -3.7, radiusKm: 1).apply(to: stations)
        #expect(all.count == 4)
        #expect(all.allSatisfy { $0.open == nil })
    }
}
