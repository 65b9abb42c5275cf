import Foundation
import FuelFormat
import Testing

@testable import FuelFeeds

/// `adapters/IT` loads, and says what the sources and the fetch step need.
@Suite struct ITMetadataTests {
    typealias Case = CountryMetadataCase
    typealias Place = BoxPlace

    static let cases: [Case] = [
        Case(
            country: "IT", licence: "Italian Open Data License 2.0 (IODL 2.0)", timeZone: "Europe/Rome",
            boxes: ["mainland Italy", "Sicily and its islands", "Sardinia"],
            fetch: FetchSettings(
                transport: TransportSettings(maxRequestsPerDay: 100, refreshMinutes: 720, refreshAfter: "08:30"),
                own: ITFetchSettings(
                    registryUrl: "https://www.mimit.gov.it/images/exportCSV/anagrafica_impianti_attivi.csv",
                    pricesUrl: "https://www.mimit.gov.it/images/exportCSV/prezzo_alle_8.csv")))
    ]

    @Test(arguments: cases)
    func metadata(_ testCase: Case) throws {
        try testCase.expectLoaded()
    }

    @Test(arguments: [
        Place(country: "IT", name: "Aosta", latitude: 45.74, longitude: 7.32, inside: true),
        Place(country: "IT", name: "Otranto", latitude: 40.15, longitude: 18.49, inside: true),
        Place(country: "IT", name: "Lampedusa", latitude: 35.50, longitude: 12.60, inside: true),
        Place(country: "IT", name: "Cagliari", latitude: 39.22, longitude: 9.11, inside: true),
        Place(country: "IT", name: "Palermo", latitude: 38.12, longitude: 13.36, inside: true),
        Place(country: "IT", name: "Milan swapped", latitude: 9.19, longitude: 45.46, inside: false),
        Place(country: "IT", name: "Agrigento swapped", latitude: 13.59, longitude: 37.31, inside: false),
    ])
    func boxes(_ place: Place) throws {
        try place.expectInBoxes()
    }
}
