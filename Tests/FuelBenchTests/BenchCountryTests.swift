import Foundation
import FuelFeeds
import Testing

@testable import FuelBench

/// The per-country bench hooks: found in FuelFeeds' registry, one per registered country, with the time zone of the
/// country's metadata and the host of its real service.
@Suite struct BenchCountryTests {
    struct ServiceCase: CustomTestStringConvertible, Sendable {
        var url: String
        var country: String?
        var testDescription: String { "\(url) belongs to \(country ?? "no country")" }
    }

    static let services = [
        ServiceCase(
            url: "https://sedeaplicaciones.minetur.gob.es/ServiciosRESTCarburantes/PreciosCarburantes/"
                + "EstacionesTerrestres/", country: "ES"),
        ServiceCase(url: "https://donnees.roulez-eco.fr/opendata/instantane", country: "FR"),
        ServiceCase(url: "https://www.mimit.gov.it/images/exportCSV/prezzo_alle_8.csv", country: "IT"),
        ServiceCase(url: "https://precoscombustiveis.dgeg.gov.pt/api/PrecoComb/PesquisarPostos", country: "PT"),
        ServiceCase(url: "https://api.e-control.at/sprit/1.0/regions?includeCities=false", country: "AT"),
        ServiceCase(url: "https://example.org/feed.json", country: nil),
    ]

    @Test func everyRegisteredCountryHasABenchHook() throws {
        #expect(BenchCountries.byCode.keys.sorted() == CountryRegistry.codes)
        for code in CountryRegistry.codes {
            let hook = try BenchCountries.hook(code)
            #expect(hook.country == code)
            #expect(hook.geography.country == code, "\(code) places its stations in its own geography")
        }
    }

    @Test func anUnregisteredCountryIsRefusedNamingTheKnownOnes() {
        #expect(throws: GeneratorError.self) { try BenchCountries.hook("DE") }
        do {
            _ = try BenchCountries.hook("DE")
        } catch {
            #expect(error.reason.contains("unknown country DE; known: AT, ES, FR, IT, PT"))
        }
    }

    @Test func aRegisteredCountryWithoutAHookIsToldTheFolderToAdd() {
        let error = BenchCountries.missingHook("DE")
        #expect(error.description.hasPrefix("Sources/FuelBench/Countries/DE/: DE is registered"))
        #expect(error.reason.contains("BenchCountry"))
    }

    @Test(arguments: CountryRegistry.codes) func theDaysTimeZoneIsTheMetadatas(_ code: String) throws {
        let config = try CountryConfig.load(country: code, adaptersDirectory: nil)
        #expect(BenchCountries.timeZone(code).identifier == config.timeZone)
        #expect(config.timeZone != "GMT", "a real zone, not the fallback")
    }

    @Test(arguments: services) func aURLBelongsToItsCountrysService(_ item: ServiceCase) {
        #expect(DayFeeds.country(of: item.url) == item.country)
    }
}
