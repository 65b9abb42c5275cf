import Foundation
import FuelFeeds
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelBuild

@Suite struct ValidatorTests {
    static let reference = Date(timeIntervalSince1970: 1_758_989_147)  // 2025-09-27T16:05:47Z

    static let config = CountryConfig.testing(
        country: "PT",
        boxes: [
            .init(name: "mainland", south: 36.9, west: -9.6, north: 42.2, east: -6.1),
            .init(name: "Madeira", south: 32.3, west: -17.4, north: 33.2, east: -16.2),
        ])

    static func station(
        _ id: String = "PT-1", latitude: Double = 38.72, longitude: Double = -9.14, price: Double = 1.649,
        unit: PriceUnit = .litre, fuel: FuelCode = .diesel, age: TimeInterval = 3600
    ) -> Station {
        Station(
            id: id, country: "PT", latitude: latitude, longitude: longitude,
            prices: [FuelPrice(fuel: fuel, price: price, updated: reference.addingTimeInterval(-age), unit: unit)])
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var station: Station
        var kept: Bool
        var reason: Reason?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "Lisbon is kept", station: station(), kept: true, reason: nil),
        Case(name: "Madeira island box", station: station(latitude: 32.65, longitude: -16.91), kept: true, reason: nil),
        Case(
            name: "Null Island", station: station(latitude: 0, longitude: 0), kept: false,
            reason: .coordinatesOutside(country: "PT")),
        Case(
            name: "in Spain", station: station(latitude: 40.41, longitude: -3.70), kept: false,
            reason: .coordinatesOutside(country: "PT")),
        Case(
            name: "NaN latitude", station: station(latitude: .nan), kept: false,
            reason: .coordinatesOutside(country: "PT")),
        Case(
            name: "placeholder 8.888", station: station(price: 8.888, unit: .kilogram), kept: false,
            reason: Reason(.placeholderPrice)),
        Case(name: "placeholder 0.100", station: station(price: 0.1), kept: false, reason: Reason(.placeholderPrice)),
        Case(name: "below band", station: station(price: 0.113), kept: false, reason: Reason(.priceOutsideBand)),
        Case(name: "above band", station: station(price: 4.2), kept: false, reason: Reason(.priceOutsideBand)),
        Case(name: "top of the liquid band", station: station(price: 3.999), kept: true, reason: nil),
        Case(
            name: "hydrogen per kg", station: station(price: 13.85, unit: .kilogram, fuel: .hydrogen), kept: true,
            reason: nil),
        Case(
            name: "CNG per kg", station: station(price: 1.579, unit: .kilogram, fuel: .cng), kept: true, reason: nil),
        Case(
            name: "IT Metano at 4.999 per kg", station: station(price: 4.999, unit: .kilogram, fuel: .cng),
            kept: false, reason: Reason(.priceOutsideBand)),
        Case(
            name: "CNG at a hydrogen price", station: station(price: 13.85, unit: .kilogram, fuel: .cng), kept: false,
            reason: Reason(.priceOutsideBand)),
        Case(
            name: "PT CNG per m3", station: station(price: 0.995, unit: .cubicMetre, fuel: .cng), kept: true,
            reason: nil),
        Case(name: "negative", station: station(price: -1.5), kept: false, reason: Reason(.priceNotPositive)),
        Case(name: "31 days old", station: station(age: 31 * 86_400), kept: false, reason: .priceTooOld(days: 30)),
        Case(name: "29 days old", station: station(age: 29 * 86_400), kept: true, reason: nil),
    ]

    @Test(arguments: cases)
    func validates(_ testCase: Case) {
        let outcome = Validator(config: Self.config).validate([testCase.station], referenceTime: Self.reference)
        #expect(outcome.stations.count == (testCase.kept ? 1 : 0))
        if let reason = testCase.reason { #expect(outcome.rejects[reason] == 1, "\(outcome.rejects)") }
    }

    @Test func swappedPairIsRepairedAndCounted() {
        let outcome = Validator(config: Self.config).validate(
            [Self.station(latitude: -9.1400004, longitude: 38.7200004)], referenceTime: Self.reference)
        #expect(outcome.stations.first?.latitude == 38.72)
        #expect(outcome.stations.first?.longitude == -9.14)
        #expect(outcome.repairs[.swappedCoordinates] == 1)
    }

    @Test func agesUseTheFeedTimeNotTheClock() {
        // A price from 2025 is fresh against a 2025 reference time, whatever today's date is.
        let outcome = Validator(config: Self.config).validate([Self.station()], referenceTime: Self.reference)
        #expect(outcome.stations.count == 1)
    }

    @Test func duplicatesAreMergedKeepingTheNewerPrice() {
        var first = Self.station(price: 1.7, age: 7200)
        first.name = "Old name"
        first.prices.append(FuelPrice(fuel: .lpg, price: 0.9, updated: Self.reference))
        var second = Self.station(price: 1.6, age: 60)
        second.brand = "Galp"
        let outcome = Validator(config: Self.config).validate([first, second], referenceTime: Self.reference)
        #expect(outcome.stations.count == 1)
        let merged = outcome.stations[0]
        #expect(merged.name == "Old name")
        #expect(merged.brand == "Galp")
        #expect(merged.prices.map(\.fuel) == [.diesel, .lpg])
        #expect(merged.price(of: .diesel)?.price == 1.6)
        #expect(outcome.repairs[.duplicateIDMerged] == 1)
    }

    @Test func stationsWithoutPricesAreDroppedUnlessInShortage() {
        var shortage = Self.station("PT-2", price: 0.1)
        shortage.unavailable = [.gasoline95]
        let outcome = Validator(config: Self.config).validate(
            [Self.station("PT-1", price: 0.1), shortage], referenceTime: Self.reference)
        #expect(outcome.stations.map(\.id) == ["PT-2"])
        #expect(outcome.rejects[.noCurrentPrice] == 1)
    }

    @Test func outputKeepsTheFeedOrderOfFirstAppearance() {
        let outcome = Validator(config: Self.config).validate(
            [Self.station("PT-9"), Self.station("PT-10"), Self.station("PT-9"), Self.station("PT-1")],
            referenceTime: Self.reference)
        #expect(outcome.stations.map(\.id) == ["PT-9", "PT-10", "PT-1"])
    }
}
