import Foundation
import FuelFeeds
import FuelFetch
import FuelHTTP
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
        #expect((settings.maxRequestsPerDay ?? 0) > 0, "every country has a politeness budget")
        if country == "IT" {
            #expect(
                (settings.plan as? ITFetchPlan)?.pricesURL
                    == "https://www.mimit.gov.it/images/exportCSV/prezzo_alle_8.csv")
        }
        if country == "AT" { #expect((settings.plan as? ATFetchPlan)?.fuelTypes == ["DIE", "SUP", "GAS"]) }
        if country == "PT" {
            #expect(settings.headers.map(\.name) == ["Referer", "X-Requested-With"])
            #expect((settings.plan as? PTFetchPlan)?.fuelTypeIDs.first == 1120)
        }
    }

    @Test func anOverrideReplacesTheEndpointAndItalysFileURLs() throws {
        let fetch = FetchSettings(
            own: ITFetchSettings(registryUrl: "https://a.example/r.csv", pricesUrl: "https://a.example/p.csv"))
        let settings = try SourceSettings.parse(
            country: "IT", fetch: fetch, endpointOverride: "http://127.0.0.1:9/feeds/", file: "source.json")
        let plan = try #require(settings.plan as? ITFetchPlan)
        #expect(plan.registryURL == "http://127.0.0.1:9/feeds/anagrafica_impianti_attivi.csv")
        #expect(plan.pricesURL == "http://127.0.0.1:9/feeds/prezzo_alle_8.csv")
    }

    /// What loading the metadata cannot see: whether there is an endpoint at all, and whether it is http(s). (A key
    /// that is unknown, of the wrong type or out of range is refused when the metadata loads: the
    /// `<CC>FetchSettingsTests` of FuelFeedsTests.)
    struct BadCase: Sendable, CustomTestStringConvertible {
        var name: String
        var fetch: FetchSettings?
        var message: String
        var testDescription: String { name }
    }

    static let badCases: [BadCase] = [
        BadCase(name: "no fetch object", fetch: nil, message: "has no \"fetch\" object"),
        BadCase(
            name: "not http",
            fetch: FetchSettings(transport: TransportSettings(url: "ftp://x/feed"), own: ITFetchSettings()),
            message: "endpoint ftp://x/feed/anagrafica_impianti_attivi.csv is not an http(s) URL"),
        BadCase(
            name: "Italy's pair not http",
            fetch: FetchSettings(own: ITFetchSettings(registryUrl: "https://x/r.csv", pricesUrl: "file:///p.csv")),
            message: "endpoint file:///p.csv is not an http(s) URL"),
    ]

    @Test(arguments: badCases)
    func badSettingsNameTheFile(_ bad: BadCase) {
        let error = #expect(throws: FetchError.self) {
            try SourceSettings.parse(country: "IT", fetch: bad.fetch, endpointOverride: nil, file: "IT/source.json")
        }
        #expect(error?.file == "IT/source.json")
        #expect(error?.reason.contains(bad.message) == true, "\(error?.reason ?? "")")
    }

    @Test func theTransportSettingsAndTheirDefaultsApply() throws {
        let transport = TransportSettings(
            url: "https://x.example/doc.json", connectTimeout: 5, maxBytes: 1000, attempts: 2,
            headers: ["X-B": "2", "X-A": "1"])
        let settings = try SourceSettings.parse(
            country: "ES", fetch: FetchSettings(transport: transport, own: ESFetchSettings()), endpointOverride: nil,
            file: "source.json")
        #expect(settings.connectTimeout == 5 && settings.totalTimeout == 900 && settings.stallTimeout == 60)
        #expect(settings.maxBytes == 1000 && settings.requestsPerSecond == 2)
        #expect(settings.retry.maxAttempts == 2 && settings.retry.baseDelay == 2 && settings.retry.maxDelay == 60)
        #expect(settings.headers == [HTTPHeader("X-A", "1"), HTTPHeader("X-B", "2")])
    }
}

extension FetchSettingsTests {
    /// A bad override is the command line's or the environment's fault, never the built-in `source.json`'s.
    @Test(arguments: ["notaurl", "ftp://example.org/feed", "https://"])
    func aBadOverrideNamesTheOverrideNotSourceJSON(_ url: String) {
        let config = FetchSettings(
            transport: TransportSettings(url: "https://example.org/feed"), own: ESFetchSettings())
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
