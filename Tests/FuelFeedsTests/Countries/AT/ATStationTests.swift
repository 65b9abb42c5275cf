import Foundation
import FuelFeeds
import FuelFormat
import Testing

/// Named AT stations compared as whole `Station` values: of the reconstructed test fixture (`Fixtures/AT`, source
/// `sample`), every expected value read from the raw rows (`by-region-PB-*.json`) and the rules of the adapter's docs
/// (prices take each response's fetch time from the manifest, `ATAdapterTests`; services are sorted); and of the real
/// captures `econtrol-2026-06-11-vienna` (`ATRealCaptureTests`), read off the JSON by hand, coordinates rounded to 6
/// places (`48.1963966` is 48.196397).
@Suite struct ATStationTests {
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
        Case(
            label: "1494440 TMC Wien: closed Sunday and holiday written 00:00-00:00, no brand in the name",
            source: "econtrol-2026-06-11-vienna",
            expected: Station(
                id: "AT-1494440", country: "AT", name: "TMC Werkstatt & Tankstelle", brand: nil,
                address: "Rechte Wienzeile 43", postcode: "1050", city: "Wien", latitude: 48.196397,
                longitude: 16.358812,
                prices: [
                    FeedRun.price(.diesel, 1.759, "2026-06-11T09:00:00Z"),
                    FeedRun.price(.gasoline95, 1.689, "2026-06-11T09:00:01Z"),
                ],
                hours: "Mo-Sa 07:00-19:00; Su closed; PH closed", openingHours: "Mo-Sa 07:00-19:00; Su off; PH off",
                services: ["Attended service", "Cash", "Credit card", "Debit card"])),
        Case(
            label: "4348 eni Floragasse: listed without prices, other payment methods",
            source: "econtrol-2026-06-11-vienna",
            expected: Station(
                id: "AT-4348", country: "AT", name: "eni", brand: "Eni", address: "Floragasse 7a", postcode: "1040",
                city: "Wien", latitude: 48.194386, longitude: 16.368023, prices: [],
                hours: "Mo-Fr 07:00-22:00; Sa 09:00-14:00; Su closed; PH closed",
                openingHours: "Mo-Fr 07:00-22:00; Sa 09:00-14:00; Su off; PH off",
                services: [
                    "Attended service", "Cash", "Credit card", "Debit card",
                    "Other payment: ROUTEX, VISA, Mastercard, Maestro, OMV Card, eni multicard, BP Plus Karte, Diners Club, AMEX",
                ])),
    ]

    @Test(arguments: austria)
    func station(_ testCase: Case) throws {
        let result = try testCase.source == "sample" ? ATAdapterTests.sample() : ATRealCaptureTests.austria()
        let station = try #require(result.station(testCase.expected.id))
        #expect(station == testCase.expected)
    }
}
