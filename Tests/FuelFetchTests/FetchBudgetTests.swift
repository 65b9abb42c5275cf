import Foundation
import FuelFeeds
import FuelFetch
import FuelFormat
import Testing
import _FuelTestSupport

/// The politeness budget: `maxRequestsPerDay` refuses a request past the day's cap, naming the country, and
/// `minInterval` refuses a fetch too soon after the last one before it sends anything.
@Suite struct FetchBudgetTests {
    /// A fetcher of Spain whose clock reads `time`.
    static func fetcher(_ fetch: InProcessFetch, at time: String) throws -> FeedFetcher {
        let seconds = try #require(UTCTime.parse(time))
        var options = FetchOptions(feedsDirectory: fetch.feeds, adaptersDirectory: fetch.adapters, countries: ["ES"])
        options.now = { Date(timeIntervalSince1970: TimeInterval(seconds)) }
        return FeedFetcher(options: options, client: fetch.transport)
    }

    @Test func aRequestPastTheDailyCapIsRefusedNamingTheCountry() async throws {
        let fetch = try InProcessFetch(fetch: ["ES": ["maxRequestsPerDay": 2]])
        defer { fetch.remove() }
        for time in ["2026-12-03T08:00:00Z", "2026-12-03T09:00:00Z"] {
            let report = try await Self.fetcher(fetch, at: time).run()
            #expect(report.failures.isEmpty, "\(time): \(report.failures.map { String(describing: $0.error) })")
        }
        let before = try #require(fetch.feedFile(FetchInProcessTests.spanishFile))

        let refused = try await Self.fetcher(fetch, at: "2026-12-03T23:59:00Z").run()
        let error = try #require(refused.failures.first?.error)
        #expect(error.country == "ES")
        #expect(error.reason.contains("ES's politeness budget is spent: 2 requests sent on 2026-12-03"), "\(error)")
        #expect(error.reason.contains("maxRequestsPerDay"), "\(error)")
        #expect(fetch.spanishRequests.count == 2, "the refused request was sent")
        #expect(fetch.feedFile(FetchInProcessTests.spanishFile) == before, "the previous file was touched")

        // A new UTC day starts a new count.
        let nextDay = try await Self.fetcher(fetch, at: "2026-12-04T00:01:00Z").run()
        #expect(nextDay.failures.isEmpty)
        #expect(fetch.spanishRequests.count == 3)
        let ledger = try JSONDecoder().decode(
            RequestBudget.Ledger.self,
            from: try #require(fetch.feedFile(RequestBudget.fileName)))
        #expect(ledger == RequestBudget.Ledger(day: "2026-12-04", requests: ["ES": 1]))
    }

    @Test func retriesCountAgainstTheCap() async throws {
        let fetch = try InProcessFetch(fetch: ["ES": ["maxRequestsPerDay": 2, "attempts": 4]])
        defer { fetch.remove() }
        fetch.transport.script(path: InProcessFetch.spanishPath, [.status(503), .status(503)])

        let report = try await Self.fetcher(fetch, at: "2026-12-03T08:00:00Z").run()

        let error = try #require(report.failures.first?.error)
        #expect(error.country == "ES" && error.reason.contains("politeness budget is spent"), "\(error)")
        #expect(fetch.spanishRequests.map(\.status) == [503, 503], "the third attempt was sent")
        #expect(try fetch.manifest()?.countries["ES"]?.failed == true)
    }

    @Test func aFetchSoonerThanTheMinimumIntervalSendsNothing() async throws {
        let fetch = try InProcessFetch(fetch: ["ES": ["minInterval": 3600]])
        defer { fetch.remove() }
        _ = try await Self.fetcher(fetch, at: "2026-12-03T08:00:00Z").run()
        let manifest = try fetch.manifest()

        let early = try await Self.fetcher(fetch, at: "2026-12-03T08:59:59Z").run()
        let error = try #require(early.failures.first?.error)
        #expect(error.country == "ES")
        for words in ["ES was fetched at 2026-12-03T08:00:00Z, 3599 s ago", "minInterval", "2026-12-03T09:00:00Z"] {
            #expect(error.reason.contains(words), "\(error)")
        }
        #expect(fetch.spanishRequests.count == 1, "a request was sent")
        #expect(try fetch.manifest() == manifest, "the manifest changed")

        let due = try await Self.fetcher(fetch, at: "2026-12-03T09:00:00Z").run()
        #expect(due.failures.isEmpty)
        #expect(fetch.spanishRequests.count == 2)
    }
}
