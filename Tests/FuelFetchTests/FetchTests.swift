import Foundation
import FuelFeeds
import FuelFetch
import Testing
import _FuelTestSupport

/// `fuel-publish fetch` against a real feed server on 127.0.0.1 that injects faults on demand.
@Suite(.tags(.server), .serverLogsOnFailure) struct FetchTests {
    @Test func fetchesAllFiveCountriesIntoPlace() async throws {
        let harness = try FetchHarness()
        let report = try await harness.fetcher(["AT", "ES", "FR", "IT", "PT"]).run()
        #expect(report.failures.isEmpty, "\(report.failures.map { String(describing: $0.error) })")
        #expect(harness.feedFile("ES/EstacionesTerrestres.json") == Data(FetchHarness.spanishDocument))
        #expect(harness.feedFile("FR/instantane.zip")?.starts(with: [0x50, 0x4B, 0x03, 0x04] as [UInt8]) == true)
        #expect(harness.folderListing("IT") == ["anagrafica_impianti_attivi.csv", "prezzo_alle_8.csv"])
        #expect(harness.folderListing("PT") == ["page-0001.json", "page-0002.json", "page-0003.json"])
        let manifest = try #require(try harness.manifest())
        for country in ["AT", "ES", "FR", "IT", "PT"] {
            #expect(manifest.countries[country]?.status == "ok", "\(country)")
        }
        for (path, entry) in manifest.files {
            let bytes = try #require(harness.feedFile(path), "\(path) is in the manifest but not on disk")
            #expect(entry.bytes == bytes.count, "\(path)")
            #expect(
                entry.sha256 == (try FetchHarness.sha256Hex(of: harness.feeds.appendingPathComponent(path))), "\(path)")
            #expect(entry.status == 200)
            #expect(entry.url.hasPrefix("http://127.0.0.1:"))
        }
        #expect(manifest.files["ES/EstacionesTerrestres.json"]?.etag != nil)
        #expect(manifest.files["ES/EstacionesTerrestres.json"]?.lastModified != nil)
    }

    @Test func a503FollowedBySuccessIsRetriedAndSucceeds() async throws {
        let harness = try FetchHarness()
        try await harness.program(path: "/files/ES/doc.json", faults: [["kind": "status", "code": 503, "times": 1]])
        let report = try await harness.fetcher(["ES"]).run()
        #expect(report.failures.isEmpty)
        #expect(harness.feedFile("ES/EstacionesTerrestres.json") == Data(FetchHarness.spanishDocument))
        #expect(try await harness.requests(endingWith: "/files/ES/doc.json").count == 2)
        #expect(try harness.manifest()?.countries["ES"]?.status == "ok")
    }

    @Test func aPermanent500FailsTheCountryKeepsThePreviousFileAndMarksTheManifest() async throws {
        let harness = try FetchHarness(fetch: ["ES": ["attempts": 3]])
        _ = try await harness.fetcher(["ES", "FR"]).run()
        let before = try #require(harness.feedFile("ES/EstacionesTerrestres.json"))
        let entryBefore = try harness.manifest()?.files["ES/EstacionesTerrestres.json"]
        try await harness.program(path: "/files/ES/doc.json", faults: [["kind": "status", "code": 500, "times": -1]])

        let report = try await harness.fetcher(["ES", "FR"]).run()
        #expect(report.failures.map(\.country) == ["ES"])
        let reason = try #require(report.failures.first?.error?.reason)
        #expect(reason.contains("HTTP 500") && reason.contains("after 3 attempts"), "\(reason)")
        #expect(harness.feedFile("ES/EstacionesTerrestres.json") == before, "the previous file was touched")
        #expect(harness.folderListing("ES") == ["EstacionesTerrestres.json"], "a staging file was left behind")
        let manifest = try #require(try harness.manifest())
        #expect(manifest.countries["ES"]?.failed == true)
        #expect(manifest.countries["ES"]?.error?.contains("HTTP 500") == true)
        #expect(manifest.files["ES/EstacionesTerrestres.json"] == entryBefore, "the kept file's entry changed")
        #expect(manifest.countries["FR"]?.status == "ok", "one country's failure spilled onto another")
        // 1 good fetch (conditional headers aside) + 3 attempts.
        #expect(try await harness.requests(endingWith: "/files/ES/doc.json").count == 4)
    }

    @Test func aStalledBodyHitsTheTimeout() async throws {
        let harness = try FetchHarness(fetch: ["ES": ["stallTimeout": 1, "attempts": 1]])
        try await harness.program(
            path: "/files/ES/doc.json", faults: [["kind": "stall", "seconds": 6, "sendBytes": 100, "times": -1]])
        let report = try await harness.fetcher(["ES"]).run()
        let reason = try #require(report.failures.first?.error?.reason)
        #expect(reason.contains("stalled"), "\(reason)")
        #expect(harness.folderListing("ES").isEmpty)
        #expect(try harness.manifest()?.countries["ES"]?.failed == true)
    }

    /// A server that answers nothing: the fetch gives up after one stall timeout, not one per attempt, and says so.
    @Test func aSilentEndpointIsGivenUpOnAfterOneStallTimeout() async throws {
        let harness = try FetchHarness(fetch: ["ES": ["stallTimeout": 1, "attempts": 4]])
        try await harness.program(path: "/files/ES/doc.json", faults: [["kind": "delay", "seconds": 8, "times": -1]])
        let report = try await harness.fetcher(["ES"]).run()
        let reason = try #require(report.failures.first?.error?.reason)
        #expect(reason.contains("stalled: no data for 1 s"), "\(reason)")
        #expect(try await harness.requests(endingWith: "/files/ES/doc.json").count == 1)
    }

    @Test func aTruncatedBodyIsRejected() async throws {
        let harness = try FetchHarness(fetch: ["ES": ["attempts": 2]])
        try await harness.program(path: "/files/ES/doc.json", faults: [["kind": "truncate", "times": -1]])
        let report = try await harness.fetcher(["ES"]).run()
        let reason = try #require(report.failures.first?.error?.reason)
        #expect(reason.contains("truncated"), "\(reason)")
        #expect(harness.folderListing("ES").isEmpty)
    }

    @Test func anOversizeBodyIsAbortedAtTheCap() async throws {
        let harness = try FetchHarness(fetch: ["ES": ["maxBytes": 100000]])
        try await harness.program(
            path: "/files/ES/doc.json",
            faults: [["kind": "oversize", "bytes": 50_000_000, "chunked": true, "times": -1]])
        let report = try await harness.fetcher(["ES"]).run()
        let failure = try #require(report.failures.first)
        #expect(
            failure.error?.reason.contains("past its 100000-byte cap") == true, "\(String(describing: failure.error))")
        #expect(failure.bytes < 50_000_000, "the whole oversize body was downloaded")
        #expect(harness.folderListing("ES").isEmpty)
        #expect(try await harness.requests(endingWith: "/files/ES/doc.json").count == 1, "a cap hit was retried")
    }

    @Test func a304ReusesTheCache() async throws {
        let harness = try FetchHarness()
        _ = try await harness.fetcher(["ES"]).run()
        let first = try #require(try harness.manifest()?.files["ES/EstacionesTerrestres.json"])
        let second = try await harness.fetcher(["ES"]).run()
        #expect(second.results.first?.reused == 1)
        #expect(second.results.first?.downloaded == 0)
        let requests = try await harness.requests(endingWith: "/files/ES/doc.json")
        #expect(requests.count == 2)
        #expect(requests.first?.headers["if-none-match"] == nil)
        #expect(requests.last?.headers["if-none-match"] == first.etag)
        #expect(requests.last?.headers["if-modified-since"] == first.lastModified)
        let entry = try #require(try harness.manifest()?.files["ES/EstacionesTerrestres.json"])
        #expect(entry.status == 304)
        #expect(entry.sha256 == first.sha256)
        #expect(harness.feedFile("ES/EstacionesTerrestres.json") == Data(FetchHarness.spanishDocument))
    }

    @Test func a200CarryingAnHTMLErrorPageIsRejected() async throws {
        let harness = try FetchHarness()
        _ = try await harness.fetcher(["ES"]).run()
        try await harness.program(path: "/files/ES/doc.json", faults: [["kind": "html", "times": -1]])
        let report = try await harness.fetcher(["ES"]).run()
        let reason = try #require(report.failures.first?.error?.reason)
        #expect(reason.contains("HTML page"), "\(reason)")
        #expect(harness.feedFile("ES/EstacionesTerrestres.json") == Data(FetchHarness.spanishDocument))
        #expect(try harness.manifest()?.countries["ES"]?.failed == true)
    }

    @Test func htmlServedAsJSONIsRejectedByItsShape() async throws {
        let harness = try FetchHarness()
        let page = Array("<!DOCTYPE html>\n<html><body>Mantenimiento</body></html>\n".utf8)
        try FetchHarness.write(page, to: harness.serverRoot.appendingPathComponent("ES/doc.json"))
        let report = try await harness.fetcher(["ES"]).run()
        let reason = try #require(report.failures.first?.error?.reason)
        #expect(reason.contains("is an HTML page, not JSON"), "\(reason)")
    }

    @Test func theATCrawlSavesOneFilePerDistrictAndFuelAtThePoliteRate() async throws {
        let harness = try FetchHarness()
        let rate = 5.0
        let report = try await harness.fetcher(["AT"]) { $0.requestsPerSecond = rate }.run()
        #expect(report.failures.isEmpty, "\(report.failures.map { String(describing: $0.error) })")
        let expected =
            ["_regions.json"]
            + ["101", "102", "501"].flatMap { district in
                ["DIE", "GAS", "SUP"].map { "\(district)-\($0).json" }
            }
        #expect(harness.folderListing("AT") == expected.sorted())
        #expect(harness.feedFile("AT/101-DIE.json") == Data(FetchHarness.austrianStations))
        #expect(harness.feedFile("AT/501-SUP.json") == Data("[]".utf8))
        let searches = try await harness.requests(endingWith: "/by-region")
        #expect(searches.count == 9)
        for search in searches {
            #expect(search.query.contains("type=PB") && search.query.contains("includeClosed=true"))
        }
        // At most `rate` requests in any second: request i and request i + rate are at least a second apart.
        // Measured on the nine searches (the region list, first of all, also pays for connection warm-up), with
        // 0.1 s allowed for the jitter between a request's start and the server's clock reading on a busy host.
        let all = try await harness.requests().map(\.time).sorted()
        #expect(all.count == 10)
        let times = searches.map(\.time).sorted()
        let window = Int(rate)
        for index in 0..<(times.count - window) {
            let span = times[index + window] - times[index]
            #expect(span >= 0.9, "\(window + 1) requests within \(span) s at \(rate)/s")
        }
        let total = try #require(times.last) - times[0]
        #expect(total >= Double(times.count - 1) / rate - 0.1, "9 searches in \(total) s at \(rate)/s")
        #expect(times[0] - all[0] >= 1 / rate - 0.1, "the first search followed the region list too soon")
    }

    @Test func aFailedDistrictFailsAustriaAndKeepsThePreviousCrawl() async throws {
        let harness = try FetchHarness(fetch: ["AT": ["attempts": 1]])
        _ = try await harness.fetcher(["AT"]).run()
        let before = harness.folderListing("AT")
        try await harness.program(
            path: "/sprit/1.0/search/gas-stations/by-region", faults: [["kind": "status", "code": 502, "times": -1]])
        let report = try await harness.fetcher(["AT"]).run()
        let failure = try #require(report.failures.first?.error)
        #expect(failure.file == "AT/101-DIE.json")
        #expect(harness.folderListing("AT") == before)
    }

    @Test func italianFilesFromDifferentDaysFail() async throws {
        let harness = try FetchHarness(italianDates: ("2026-08-21", "2026-08-20"))
        let report = try await harness.fetcher(["IT"]).run()
        let failure = try #require(report.failures.first?.error)
        #expect(failure.file == "IT/prezzo_alle_8.csv")
        #expect(failure.reason.contains("2026-08-20") && failure.reason.contains("2026-08-21"), "\(failure.reason)")
        #expect(harness.folderListing("IT").isEmpty, "an inconsistent pair was moved into place")
        #expect(try harness.manifest()?.countries["IT"]?.failed == true)
    }

    @Test func theCapCoversAllOfACountrysFiles() async throws {
        // Each AT file is small, but together they pass a cap of 300 bytes.
        let harness = try FetchHarness(fetch: ["AT": ["maxBytes": 300]])
        let report = try await harness.fetcher(["AT"]).run()
        let failure = try #require(report.failures.first?.error)
        #expect(failure.reason.contains("past its 300-byte cap"), "\(failure.reason)")
        #expect(harness.folderListing("AT").isEmpty)
    }

    @Test func italianFilesWithoutDatesFallBackToLastModified() async throws {
        let harness = try FetchHarness()
        let registry = harness.serverRoot.appendingPathComponent("IT/anagrafica_impianti_attivi.csv")
        let prices = harness.serverRoot.appendingPathComponent("IT/prezzo_alle_8.csv")
        for file in [registry, prices] {
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.split(separator: "\n").dropFirst().joined(separator: "\n").write(
                to: file, atomically: true, encoding: .utf8)
        }
        let day: TimeInterval = 86_400
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_787_300_000)], ofItemAtPath: registry.path)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_787_300_000 - day)], ofItemAtPath: prices.path)
        let report = try await harness.fetcher(["IT"]).run()
        let failure = try #require(report.failures.first?.error)
        #expect(failure.file == "IT/prezzo_alle_8.csv")
        #expect(failure.reason.contains("last modified"), "\(failure.reason)")

        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_787_300_000 + 60)], ofItemAtPath: prices.path)
        #expect(try await harness.fetcher(["IT"]).run().failures.isEmpty)
    }

    @Test func endpointsComeFromTheEnvironmentOrTheFlag() async throws {
        let harness = try FetchHarness(fetch: ["ES": ["url": "http://127.0.0.1:1/nowhere.json", "attempts": 1]])
        let viaEnvironment = try await harness.fetcher(["ES"]) {
            $0.environment = ["FUEL_ENDPOINT_ES": harness.server.baseURL + "/files/ES/doc.json"]
        }.run()
        #expect(viaEnvironment.failures.isEmpty)
        let viaFlag = try await harness.fetcher(["ES"]) {
            $0.environment = ["FUEL_ENDPOINT_ES": "http://127.0.0.1:1/nowhere.json"]
            $0.endpointOverrides = ["ES": harness.server.baseURL + "/files/ES/doc.json"]
        }.run()
        #expect(viaFlag.failures.isEmpty)
        let configured = try await harness.fetcher(["ES"]).run()
        #expect(configured.failures.first?.error?.reason.contains("127.0.0.1:1") == true)
    }

    @Test func offlineTouchesNothing() async throws {
        let harness = try FetchHarness()
        let report = try await harness.fetcher(["ES"]) { $0.offline = true }.run()
        #expect(report.failures.first?.error?.reason.contains("no feed files") == true)
        #expect(try harness.manifest() == nil)
        #expect(try await harness.requests().isEmpty)
        let samples = try await FeedFetcher(
            options: {
                var options = FetchOptions(
                    feedsDirectory: RepositoryPaths.samples(), adaptersDirectory: harness.adapters, countries: ["ES"])
                options.offline = true
                return options
            }()
        ).run()
        #expect(samples.failures.isEmpty)
    }

    @Test func badFetchSettingsNameTheFileAndKey() async throws {
        let harness = try FetchHarness(fetch: ["ES": ["stalTimeout": "1"]])
        let report = try await harness.fetcher(["ES"]).run()
        let failure = try #require(report.failures.first?.error)
        #expect(failure.file.hasSuffix("ES/source.json"))
        #expect(failure.reason.contains("stalTimeout"))
    }
}
