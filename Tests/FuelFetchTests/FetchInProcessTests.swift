import Foundation
import FuelFeeds
import FuelFetch
import Testing
import _FuelTestSupport

/// The fetch's own logic over an in-process transport: files land all-or-nothing, retries, conditional GETs against
/// the manifest, the size cap and error pages. `FetchTests` covers the same ground, and the transfer faults only a
/// socket can show, against the local feed server.
@Suite struct FetchInProcessTests {
    static let spanishFile = "ES/EstacionesTerrestres.json"

    @Test func fetchesThreeCountriesIntoPlaceWithTheirDigestsAndValidators() async throws {
        let fetch = try InProcessFetch()
        defer { fetch.remove() }
        let report = try await fetch.fetcher(["ES", "FR", "IT"]).run()

        #expect(report.failures.isEmpty, "\(report.failures.map { String(describing: $0.error) })")
        #expect(fetch.feedFile(Self.spanishFile) == Data(FetchHarness.spanishDocument))
        #expect(fetch.folderListing("IT") == ["anagrafica_impianti_attivi.csv", "prezzo_alle_8.csv"])
        #expect(fetch.feedFile("FR/instantane.zip")?.starts(with: [0x50, 0x4B, 0x03, 0x04] as [UInt8]) == true)
        let manifest = try #require(try fetch.manifest())
        for country in ["ES", "FR", "IT"] { #expect(manifest.countries[country]?.status == "ok", "\(country)") }
        for (path, entry) in manifest.files {
            let bytes = try #require(fetch.feedFile(path), "\(path) is in the manifest but not on disk")
            #expect(entry.bytes == bytes.count, "\(path)")
            #expect(
                entry.sha256 == (try FetchHarness.sha256Hex(of: fetch.feeds.appendingPathComponent(path))), "\(path)")
            #expect(entry.url.hasPrefix(InProcessFetch.base), "\(path)")
        }
        let spanish = try #require(manifest.files[Self.spanishFile])
        #expect(spanish.etag?.hasPrefix("\"") == true)
        #expect(spanish.lastModified?.hasSuffix(" GMT") == true)
        #expect(fetch.spanishRequests.count == 1)
        #expect(fetch.spanishRequests.first?.header("If-None-Match") == nil, "a first fetch is unconditional")
    }

    @Test func a503FollowedBySuccessIsRetriedAndSucceeds() async throws {
        let fetch = try InProcessFetch()
        defer { fetch.remove() }
        fetch.transport.script(path: InProcessFetch.spanishPath, [.status(503)])
        let report = try await fetch.fetcher(["ES"]).run()

        #expect(report.failures.isEmpty)
        #expect(fetch.feedFile(Self.spanishFile) == Data(FetchHarness.spanishDocument))
        #expect(fetch.spanishRequests.map(\.status) == [503, 200])
        #expect(try fetch.manifest()?.countries["ES"]?.status == "ok")
    }

    @Test func aPermanent500FailsTheCountryKeepsThePreviousFileAndMarksTheManifest() async throws {
        let fetch = try InProcessFetch(fetch: ["ES": ["attempts": 3]])
        defer { fetch.remove() }
        _ = try await fetch.fetcher(["ES", "FR"]).run()
        let before = try #require(fetch.feedFile(Self.spanishFile))
        let entryBefore = try fetch.manifest()?.files[Self.spanishFile]
        fetch.transport.script(
            path: InProcessFetch.spanishPath, [ScriptedTransport.Reply](repeating: .status(500), count: 9))

        let report = try await fetch.fetcher(["ES", "FR"]).run()

        #expect(report.failures.map(\.country) == ["ES"])
        let reason = try #require(report.failures.first?.error?.reason)
        #expect(reason.contains("HTTP 500") && reason.contains("after 3 attempts"), "\(reason)")
        #expect(fetch.feedFile(Self.spanishFile) == before, "the previous file was touched")
        #expect(fetch.folderListing("ES") == ["EstacionesTerrestres.json"], "a staging file was left behind")
        let manifest = try #require(try fetch.manifest())
        #expect(manifest.countries["ES"]?.failed == true)
        #expect(manifest.countries["ES"]?.error?.contains("HTTP 500") == true)
        #expect(manifest.files[Self.spanishFile] == entryBefore, "the kept file's entry changed")
        #expect(manifest.countries["FR"]?.status == "ok", "one country's failure spilled onto another")
        #expect(fetch.spanishRequests.count == 1 + 3)
    }

    @Test func a304ReusesTheCache() async throws {
        let fetch = try InProcessFetch()
        defer { fetch.remove() }
        _ = try await fetch.fetcher(["ES"]).run()
        let first = try #require(try fetch.manifest()?.files[Self.spanishFile])

        let second = try await fetch.fetcher(["ES"]).run()

        #expect(second.results.first?.reused == 1)
        #expect(second.results.first?.downloaded == 0)
        let requests = fetch.spanishRequests
        #expect(requests.map(\.status) == [200, 304])
        #expect(requests.last?.header("If-None-Match") == first.etag)
        #expect(requests.last?.header("If-Modified-Since") == first.lastModified)
        let entry = try #require(try fetch.manifest()?.files[Self.spanishFile])
        #expect(entry.status == 304)
        #expect(entry.sha256 == first.sha256)
        #expect(fetch.feedFile(Self.spanishFile) == Data(FetchHarness.spanishDocument))
    }

    @Test func aChangedFileIsDownloadedAgainDespiteTheCache() async throws {
        let fetch = try InProcessFetch()
        defer { fetch.remove() }
        _ = try await fetch.fetcher(["ES"]).run()
        let first = try #require(try fetch.manifest()?.files[Self.spanishFile])
        let changed = Array(#"{"Fecha":"28\/09\/2025 18:05:47","ListaEESSPrecio":[]}"#.utf8)
        fetch.publisher.put(InProcessFetch.spanishPath, changed, modified: Date(timeIntervalSince1970: 1_796_100_000))

        let second = try await fetch.fetcher(["ES"]).run()

        #expect(second.failures.isEmpty, "\(second.failures.map { String(describing: $0.error) })")
        #expect(second.results.first?.downloaded == 1)
        #expect(fetch.spanishRequests.map(\.status) == [200, 200])
        #expect(fetch.feedFile(Self.spanishFile) == Data(changed))
        #expect(try fetch.manifest()?.files[Self.spanishFile]?.etag != first.etag)
    }

    @Test func anOversizeBodyIsAbortedAtTheCapAndNotRetried() async throws {
        let fetch = try InProcessFetch(fetch: ["ES": ["maxBytes": 100]])
        defer { fetch.remove() }
        let report = try await fetch.fetcher(["ES"]).run()

        let failure = try #require(report.failures.first)
        #expect(failure.error?.reason.contains("past its 100-byte cap") == true, "\(String(describing: failure.error))")
        #expect(fetch.folderListing("ES").isEmpty)
        #expect(fetch.spanishRequests.count == 1, "a cap hit was retried")
        #expect(try fetch.manifest()?.countries["ES"]?.failed == true)
    }

    @Test func a200CarryingAnHTMLErrorPageIsRejected() async throws {
        let fetch = try InProcessFetch()
        defer { fetch.remove() }
        _ = try await fetch.fetcher(["ES"]).run()
        let page = Array("<html><body>Mantenimiento</body></html>".utf8)
        fetch.transport.script(path: InProcessFetch.spanishPath, [.ok(page, headers: ["Content-Type": "text/html"])])

        let report = try await fetch.fetcher(["ES"]).run()

        let reason = try #require(report.failures.first?.error?.reason)
        #expect(reason.contains("HTML page"), "\(reason)")
        #expect(fetch.feedFile(Self.spanishFile) == Data(FetchHarness.spanishDocument))
        #expect(try fetch.manifest()?.countries["ES"]?.failed == true)
    }

    @Test func italianFilesFromDifferentDaysFailTheCountryAsAWhole() async throws {
        let fetch = try InProcessFetch()
        defer { fetch.remove() }
        fetch.publisher.put(
            "/files/IT/prezzo_alle_8.csv", FetchHarness.italianPrices(date: "2026-08-20"), contentType: "text/csv")

        let report = try await fetch.fetcher(["IT"]).run()

        let reason = try #require(report.failures.first?.error?.reason)
        #expect(reason.contains("2026-08-21") && reason.contains("2026-08-20"), "\(reason)")
        #expect(fetch.folderListing("IT").isEmpty, "one file of a failed set landed")
    }
}
