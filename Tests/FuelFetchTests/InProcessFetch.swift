import Foundation
import FuelFeeds
import FuelFetch
import _FuelTestSupport

/// The fetch over an in-process transport: ``FetchHarness``'s fixture feeds for ES, FR and IT, served from memory
/// by an ``InMemoryFeedPublisher`` at `http://feeds.test`, so no server starts. Faults are scripted on the
/// transport; every request is recorded there.
struct InProcessFetch {
    static let base = "http://feeds.test"
    static let spanishPath = "/files/ES/doc.json"

    let publisher = InMemoryFeedPublisher()
    let transport: ScriptedTransport
    let adapters: URL
    let feeds: URL

    /// - Parameter fetch: settings of a country's `"fetch"` object that replace the harness's.
    init(fetch: [String: [String: FetchSettingValue]] = [:]) throws {
        adapters = RepositoryPaths.temporaryDirectory("fetch-adapters")
        feeds = RepositoryPaths.temporaryDirectory("fetch-feeds")
        let publisher = self.publisher
        transport = ScriptedTransport { publisher.reply(to: $0) }
        publisher.put(Self.spanishPath, FetchHarness.spanishDocument)
        publisher.put(
            "/files/FR/instantane.zip",
            TestZip.stored(name: "PrixCarburants_instantane.xml", contents: FetchHarness.frenchXML),
            contentType: "application/zip")
        publisher.put(
            "/files/IT/anagrafica_impianti_attivi.csv", FetchHarness.italianRegistry(date: "2026-08-21"),
            contentType: "text/csv")
        publisher.put(
            "/files/IT/prezzo_alle_8.csv", FetchHarness.italianPrices(date: "2026-08-21"), contentType: "text/csv")
        for (country, url) in FetchHarness.endpoints(base: Self.base) where ["ES", "FR", "IT"].contains(country) {
            var merged: [String: FetchSettingValue] = [
                "url": .string(url), "retryBaseDelay": 0, "retryMaxDelay": 0, "requestsPerSecond": 1000,
            ]
            merged.merge(fetch[country] ?? [:]) { $1 }
            try FetchHarness.writeSource(country: country, fetch: merged, into: adapters)
        }
    }

    /// A fetcher over these folders and this transport.
    func fetcher(_ countries: [String]) -> FeedFetcher {
        FeedFetcher(
            options: FetchOptions(feedsDirectory: feeds, adaptersDirectory: adapters, countries: countries),
            client: transport)
    }

    func manifest() throws -> FeedManifest? { try FeedManifest.load(feedsDirectory: feeds) }

    /// A file in the feeds folder.
    func feedFile(_ relativePath: String) -> Data? {
        FileManager.default.contents(atPath: feeds.appendingPathComponent(relativePath).path)
    }

    /// Every name in the country's folder, hidden ones included.
    func folderListing(_ country: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: feeds.appendingPathComponent(country).path)) ?? [])
            .sorted()
    }

    /// The requests for Spain's document so far.
    var spanishRequests: [ScriptedTransport.Sent] { transport.sent(pathEndingWith: Self.spanishPath) }

    func remove() {
        try? FileManager.default.removeItem(at: adapters)
        try? FileManager.default.removeItem(at: feeds)
    }
}
