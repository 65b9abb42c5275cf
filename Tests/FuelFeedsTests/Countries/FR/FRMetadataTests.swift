import Foundation
import FuelFormat
import Testing

@testable import FuelFeeds

/// `adapters/FR` and `adapters/IT` load, and say what the sources and the fetch step need.
@Suite struct FRITMetadataTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var country: String
        var licence: String
        var timeZone: String
        var boxes: [String]
        var fetch: [String: String]
        var testDescription: String { country }
    }

    static let cases: [Case] = [
        Case(
            country: "FR", licence: "Licence Ouverte / Open Licence 2.0 (Etalab)", timeZone: "Europe/Paris",
            boxes: ["mainland France", "Corsica"],
            fetch: ["url": "https://donnees.roulez-eco.fr/opendata/instantane"]),
        Case(
            country: "IT", licence: "Italian Open Data License 2.0 (IODL 2.0)", timeZone: "Europe/Rome",
            boxes: ["mainland Italy", "Sicily and its islands", "Sardinia"],
            fetch: [
                "registryUrl": "https://www.mimit.gov.it/images/exportCSV/anagrafica_impianti_attivi.csv",
                "pricesUrl": "https://www.mimit.gov.it/images/exportCSV/prezzo_alle_8.csv",
            ]),
    ]

    @Test(arguments: cases)
    func metadata(_ testCase: Case) throws {
        let config = try FeedRun.config(testCase.country)
        #expect(config.country == testCase.country)
        #expect(config.licence == testCase.licence)
        #expect(config.licenceUrl.hasPrefix("https://"))
        #expect(!config.publisher.isEmpty && !config.attribution.isEmpty && !config.coverage.isEmpty)
        #expect(config.timeZone == testCase.timeZone)
        #expect(TimeZone(identifier: config.timeZone) != nil)
        #expect(config.maxPriceAgeDays == 30)
        #expect(config.boxes.map(\.name) == testCase.boxes)
        #expect(config.fetch == testCase.fetch)
        #expect(!config.fuels.fuels.isEmpty)
        #expect(AdapterRegistry.adapter(for: testCase.country)?.country == testCase.country)
    }

    @Test func frCoverageSaysThereAreNoNamesOrBrands() throws {
        let coverage = try FeedRun.config("FR").coverage
        #expect(coverage.contains("no station names") && coverage.contains("no brands"))
    }

    struct Place: Sendable, CustomTestStringConvertible {
        var country: String
        var name: String
        var latitude: Double
        var longitude: Double
        var inside: Bool
        var testDescription: String { "\(country) \(name)" }
    }

    @Test(arguments: [
        Place(country: "FR", name: "Brest", latitude: 48.39, longitude: -4.49, inside: true),
        Place(country: "FR", name: "Strasbourg", latitude: 48.57, longitude: 7.75, inside: true),
        Place(country: "FR", name: "Bonifacio", latitude: 41.39, longitude: 9.16, inside: true),
        Place(country: "FR", name: "Dunkerque", latitude: 51.03, longitude: 2.38, inside: true),
        Place(country: "FR", name: "Paris swapped", latitude: 2.35, longitude: 48.85, inside: false),
        Place(country: "IT", name: "Aosta", latitude: 45.74, longitude: 7.32, inside: true),
        Place(country: "IT", name: "Otranto", latitude: 40.15, longitude: 18.49, inside: true),
        Place(country: "IT", name: "Lampedusa", latitude: 35.50, longitude: 12.60, inside: true),
        Place(country: "IT", name: "Cagliari", latitude: 39.22, longitude: 9.11, inside: true),
        Place(country: "IT", name: "Palermo", latitude: 38.12, longitude: 13.36, inside: true),
        Place(country: "IT", name: "Milan swapped", latitude: 9.19, longitude: 45.46, inside: false),
        Place(country: "IT", name: "Agrigento swapped", latitude: 13.59, longitude: 37.31, inside: false),
    ])
    func boxes(_ place: Place) throws {
        let boxes = try FeedRun.config(place.country).boxes
        #expect(boxes.contains { $0.contains(latitude: place.latitude, longitude: place.longitude) } == place.inside)
    }
}
