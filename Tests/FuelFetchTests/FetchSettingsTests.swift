import Foundation
import FuelFeeds
import FuelFetch
import Testing
import _FuelTestSupport

/// The `"fetch"` objects of `adapters/<CC>/source.json` and their overrides.
@Suite struct FetchSettingsTests {
    static let expectedEndpoints: [String: String] = [
        "AT": "https://api.e-control.at/sprit/1.0",
        "ES":
            "https://sedeaplicaciones.minetur.gob.es/ServiciosRESTCarburantes/PreciosCarburantes/EstacionesTerrestres/",
        "FR": "https://donnees.roulez-eco.fr/opendata/instantane",
        "IT": "https://www.mimit.gov.it/images/exportCSV/anagrafica_impianti_attivi.csv",
        "PT": "https://precoscombustiveis.dgeg.gov.pt/api/PrecoComb/PesquisarPostos",
    ]

    @Test(arguments: ["AT", "ES", "FR", "IT", "PT"])
    func theRepositorysFetchObjectsAreUsable(_ country: String) throws {
        let config = try CountryConfig.load(country: country, adaptersDirectory: RepositoryPaths.adapters())
        let settings = try SourceSettings.parse(
            country: country, fetch: config.fetch, endpointOverride: nil, file: "adapters/\(country)/source.json")
        #expect(settings.url == Self.expectedEndpoints[country])
        #expect(settings.maxBytes <= 200 * 1024 * 1024)
        #expect(settings.requestsPerSecond > 0 && settings.requestsPerSecond <= 2)
        #expect(settings.retry.maxAttempts > 1)
        if country == "IT" {
            #expect(
                (settings.plan as? ITFetchPlan)?.pricesURL
                    == "https://www.mimit.gov.it/images/exportCSV/prezzo_alle_8.csv")
        }
        if country == "AT" { #expect((settings.plan as? ATFetchPlan)?.fuelTypes == ["DIE", "SUP", "GAS"]) }
    }

    @Test func anOverrideReplacesTheEndpointAndItalysFileURLs() throws {
        let fetch = ["registryUrl": "https://a.example/r.csv", "pricesUrl": "https://a.example/p.csv"]
        let settings = try SourceSettings.parse(
            country: "IT", fetch: fetch, endpointOverride: "http://127.0.0.1:9/feeds/", file: "source.json")
        let plan = try #require(settings.plan as? ITFetchPlan)
        #expect(plan.registryURL == "http://127.0.0.1:9/feeds/anagrafica_impianti_attivi.csv")
        #expect(plan.pricesURL == "http://127.0.0.1:9/feeds/prezzo_alle_8.csv")
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        var name: String
        var fetch: [String: String]?
        var message: String
        var testDescription: String { name }
    }

    static let badCases: [BadCase] = [
        BadCase(name: "no fetch object", fetch: nil, message: "has no \"fetch\" object"),
        BadCase(name: "no url", fetch: ["registryFile": "r.csv"], message: "has no \"url\""),
        BadCase(name: "a misspelt key", fetch: ["url": "https://x", "maxbytes": "1"], message: "\"maxbytes\""),
        BadCase(name: "a number out of range", fetch: ["url": "https://x", "attempts": "0"], message: "\"attempts\""),
        BadCase(
            name: "not a number", fetch: ["url": "https://x", "totalTimeout": "long"], message: "\"totalTimeout\""),
        BadCase(name: "not http", fetch: ["url": "ftp://x/feed"], message: "not an http(s) URL"),
        BadCase(name: "half of Italy's pair", fetch: ["registryUrl": "https://x/r.csv"], message: "both"),
    ]

    @Test(arguments: badCases)
    func badSettingsNameTheFileAndTheKey(_ bad: BadCase) {
        #expect {
            _ = try SourceSettings.parse(country: "IT", fetch: bad.fetch, endpointOverride: nil, file: "IT/source.json")
        } throws: { error in
            let error = error as? FetchError
            return error?.file == "IT/source.json" && error?.reason.contains(bad.message) == true
        }
    }
}

extension FetchSettingsTests {
    /// A bad override is the command line's or the environment's fault, never the built-in `source.json`'s.
    @Test(arguments: ["notaurl", "ftp://example.org/feed", "https://"])
    func aBadOverrideNamesTheOverrideNotSourceJSON(_ url: String) {
        let config = ["url": "https://example.org/feed"]
        #expect {
            _ = try SourceSettings.parse(
                country: "ES", fetch: config, endpointOverride: url, file: "adapters/ES/source.json (built in)")
        } throws: { error in
            let error = error as? FetchError
            return error?.file == "--endpoint ES=URL (or FUEL_ENDPOINT_ES)"
                && error?.reason.contains("is not an http(s) URL") == true
        }
    }
}
