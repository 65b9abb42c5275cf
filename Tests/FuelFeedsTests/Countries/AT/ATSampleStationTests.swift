import Foundation
import FuelFeeds
import FuelFormat
import Testing

/// Named AT stations of the reconstructed test fixture (`Fixtures/AT`; the real captures are in `ATRealCaptureTests`),
/// compared as whole `Station` values. Every expected value is read from the raw rows (`by-region-PB-*.json`) and the
/// rules of the adapter's docs: prices take each response's fetch time from the manifest (`ATAdapterTests`); services
/// are sorted.
@Suite struct ATSampleStationTests {
    typealias Case = StationCase

    static let austria: [Case] = [
        Case(
            label: "AT-700102 BP Graz: always open, self-service, prices from two responses",
            expected: Station(
                id: "AT-700102", country: "AT", name: "BP Graz Liebenauer Hauptstraße", brand: "BP",
                address: "Liebenauer Hauptstraße 60", postcode: "8041", city: "Graz", latitude: 47.048,
                longitude: 15.459,
                prices: [
                    FeedRun.price(.diesel, 1.529, "2025-09-27T10:03:00Z"),
                    FeedRun.price(.gasoline95, 1.599, "2025-09-27T10:05:00Z"),
                ],
                hours: "24/7", openingHours: "24/7", services: ["Cash", "Credit card", "Debit card", "Self-service"])),
        Case(
            label: "AT-700105 Erdgastankstelle Graz: unattended, CNG per kg only, empty in the diesel response",
            expected: Station(
                id: "AT-700105", country: "AT", name: "Erdgastankstelle Graz Puchstraße", brand: nil,
                address: "Puchstraße 51", postcode: "8020", city: "Graz", latitude: 47.048, longitude: 15.423,
                prices: [FeedRun.price(.cng, 1.499, "2025-09-27T10:04:00Z", unit: .kilogram)],
                hours: "24/7", openingHours: "24/7", services: ["Credit card", "Debit card", "Unattended"])),
        Case(
            label: "AT-700204 Genol Salzburg-Liefering: mornings only, cooperative",
            expected: Station(
                id: "AT-700204", country: "AT", name: "Genol Lagerhaus Salzburg-Liefering", brand: "Genol",
                address: "Lieferinger Hauptstraße 40", postcode: "5020", city: "Salzburg", latitude: 47.823,
                longitude: 13.01, prices: [FeedRun.price(.diesel, 1.479, "2025-09-27T10:00:00Z")],
                hours: "Mo-Fr 07:00-12:00; Sa 07:30-12:00",
                services: ["Attended service", "Cash", "Cooperative", "Debit card"])),
    ]

    @Test(arguments: austria)
    func austrianStation(_ testCase: Case) throws {
        let station = try #require(try ATAdapterTests.sample().station(testCase.expected.id))
        #expect(station == testCase.expected)
    }
}
