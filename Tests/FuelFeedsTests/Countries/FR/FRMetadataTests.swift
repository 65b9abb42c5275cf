import Foundation
import FuelFormat
import Testing

@testable import FuelFeeds

/// `adapters/FR` loads, and says what the source and the fetch step need.
@Suite struct FRMetadataTests {
    typealias Case = CountryMetadataCase
    typealias Place = BoxPlace

    static let cases: [Case] = [
        Case(
            country: "FR", licence: "Licence Ouverte / Open Licence 2.0 (Etalab)", timeZone: "Europe/Paris",
            boxes: ["mainland France", "Corsica"],
            fetch: FetchSettings(
                transport: TransportSettings(
                    url: "https://donnees.roulez-eco.fr/opendata/instantane", maxRequestsPerDay: 300,
                    refreshMinutes: 30),
                own: FRFetchSettings()))
    ]

    @Test(arguments: cases)
    func metadata(_ testCase: Case) throws {
        try testCase.expectLoaded()
    }

    @Test func frCoverageSaysThereAreNoNamesOrBrands() throws {
        let coverage = try FeedRun.config("FR").coverage
        #expect(coverage.contains("no station names") && coverage.contains("no brands"))
    }

    @Test(arguments: [
        Place(country: "FR", name: "Brest", latitude: 48.39, longitude: -4.49, inside: true),
        Place(country: "FR", name: "Strasbourg", latitude: 48.57, longitude: 7.75, inside: true),
        Place(country: "FR", name: "Bonifacio", latitude: 41.39, longitude: 9.16, inside: true),
        Place(country: "FR", name: "Dunkerque", latitude: 51.03, longitude: 2.38, inside: true),
        Place(country: "FR", name: "Paris swapped", latitude: 2.35, longitude: 48.85, inside: false),
    ])
    func boxes(_ place: Place) throws {
        try place.expectInBoxes()
    }
}
