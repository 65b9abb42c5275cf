import Foundation
import FuelFeeds
import FuelFetch
import FuelFormat
import Testing
import _FuelTestSupport

/// When a country is due again (`refreshMinutes`, `refreshAfter`), and `fetch --due`, which leaves a country that is
/// not due alone: no request, its files and manifest entry untouched.
@Suite struct RefreshScheduleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var minutes: Int?
        var after: String?
        var zone = "Europe/Rome"
        var lastFetch: String
        var nextDue: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "every 30 minutes", minutes: 30, lastFetch: "2026-12-03T10:07:00Z", nextDue: "2026-12-03T10:37:00Z"),
        Case(
            name: "once a day after 08:30 Rome, fetched before it", after: "08:30", lastFetch: "2026-12-03T06:00:00Z",
            nextDue: "2026-12-03T07:30:00Z"),
        Case(
            name: "once a day after 08:30 Rome, fetched after it", after: "08:30", lastFetch: "2026-12-03T07:45:00Z",
            nextDue: "2026-12-04T07:30:00Z"),
        Case(
            name: "the daily time comes before the interval ends", minutes: 720, after: "08:30",
            lastFetch: "2026-12-03T05:00:00Z", nextDue: "2026-12-03T07:30:00Z"),
        Case(
            name: "the interval ends before the daily time", minutes: 720, after: "08:30",
            lastFetch: "2026-12-03T08:00:00Z", nextDue: "2026-12-03T20:00:00Z"),
        Case(
            name: "08:30 Rome in summer time is 06:30 UTC", after: "08:30", lastFetch: "2026-07-01T05:00:00Z",
            nextDue: "2026-07-01T06:30:00Z"),
        Case(
            name: "the spring-forward night: 02:30 Rome does not exist on 29 March, the next moment does",
            after: "02:30",
            lastFetch: "2026-03-28T23:00:00Z", nextDue: "2026-03-29T01:00:00Z"),
        Case(
            name: "the autumn night: 08:30 Rome on 25 October is 07:30 UTC", after: "08:30",
            lastFetch: "2026-10-24T08:00:00Z", nextDue: "2026-10-25T07:30:00Z"),
    ]

    @Test(arguments: cases) func theNextDueTime(_ test: Case) throws {
        let zone = try #require(TimeZone(identifier: test.zone))
        let schedule = try #require(
            RefreshSchedule(TransportSettings(refreshMinutes: test.minutes, refreshAfter: test.after), timeZone: zone))
        let last = try #require(UTCTime.parse(test.lastFetch).map { Date(timeIntervalSince1970: TimeInterval($0)) })
        let next = schedule.nextDue(after: last)
        #expect(UTCTime.format(next) == test.nextDue)
        #expect(!schedule.isDue(lastFetch: last, now: next.addingTimeInterval(-1)))
        #expect(schedule.isDue(lastFetch: last, now: next))
    }

    @Test func withoutEitherSettingACountryIsAlwaysDue() {
        #expect(RefreshSchedule(TransportSettings(), timeZone: .gmt) == nil)
    }

    @Test(arguments: ["8:30", "24:00", "08:60", "0830", "08:30:00", "٠٨:٣٠"])
    func aRefreshAfterThatIsNoTimeIsRefusedAtLoad(_ text: String) async throws {
        let fetch = try InProcessFetch(fetch: ["ES": ["refreshAfter": .string(text)]])
        defer { fetch.remove() }
        let report = try await FetchBudgetTests.fetcher(fetch, at: "2026-12-03T08:00:00Z").run()
        let error = try #require(report.failures.first?.error)
        #expect(error.country == "ES")
        #expect(error.reason.contains("\"refreshAfter\""), "\(error)")
        #expect(fetch.spanishRequests.isEmpty)
    }

    @Test func aCountryThatIsNotDueIsLeftAloneWithNoRequest() async throws {
        let fetch = try InProcessFetch(fetch: ["ES": ["refreshMinutes": 30]])
        defer { fetch.remove() }
        func run(at time: String) async throws -> FetchReport {
            var fetcher = try FetchBudgetTests.fetcher(fetch, at: time)
            fetcher.options.onlyDue = true
            return try await fetcher.run()
        }
        // Never fetched: due.
        let first = try await run(at: "2026-12-03T08:00:00Z")
        #expect(first.failures.isEmpty && first.results.first?.notDueUntil == nil)
        #expect(fetch.spanishRequests.count == 1)
        let manifest = try fetch.manifest()
        let file = fetch.feedFile(FetchInProcessTests.spanishFile)

        let early = try await run(at: "2026-12-03T08:29:59Z")
        let result = try #require(early.results.first)
        #expect(result.failed == false)
        #expect(result.notDueUntil.map(UTCTime.format) == "2026-12-03T08:30:00Z")
        #expect(result.files == [FetchInProcessTests.spanishFile])
        #expect(fetch.spanishRequests.count == 1, "a request was sent")
        #expect(try fetch.manifest() == manifest, "the manifest changed")
        #expect(fetch.feedFile(FetchInProcessTests.spanishFile) == file)

        let due = try await run(at: "2026-12-03T08:30:00Z")
        #expect(due.failures.isEmpty && due.results.first?.notDueUntil == nil)
        #expect(fetch.spanishRequests.count == 2)
    }

    @Test func aCountryWhoseLastFetchFailedIsDueAtOnce() async throws {
        let fetch = try InProcessFetch(fetch: ["ES": ["refreshMinutes": 30, "attempts": 1]])
        defer { fetch.remove() }
        fetch.transport.script(path: InProcessFetch.spanishPath, [.status(503)])
        var fetcher = try FetchBudgetTests.fetcher(fetch, at: "2026-12-03T08:00:00Z")
        fetcher.options.onlyDue = true
        #expect(try await fetcher.run().failures.count == 1)

        fetcher = try FetchBudgetTests.fetcher(fetch, at: "2026-12-03T08:05:00Z")
        fetcher.options.onlyDue = true
        let retry = try await fetcher.run()
        #expect(retry.failures.isEmpty && retry.results.first?.notDueUntil == nil)
        #expect(fetch.spanishRequests.count == 2)
    }

    /// A last fetch dated past the clock tolerance: a clock 3 h fast, and a manifest dated 9999.
    enum FutureFetch: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case threeHoursFast = "2026-12-03T11:00:00Z"
        case year9999 = "9999-12-31T00:00:00Z"

        var testDescription: String { "a last fetch dated \(rawValue)" }
    }

    /// A last fetch dated further ahead than the tolerance is a bad clock's: with `--due` the country is fetched at
    /// once (not skipped until that date), no `minInterval` counts from it, and a warning names the date.
    static let pacedSettings: [[String: FetchSettingValue]] = [["refreshMinutes": 30], ["minInterval": 3600]]

    @Test(arguments: FutureFetch.allCases, pacedSettings)
    func aLastFetchFromTheFutureIsDueAndNamed(_ future: FutureFetch, _ settings: [String: FetchSettingValue])
        async throws
    {
        let fetch = try InProcessFetch(fetch: ["ES": settings])
        defer { fetch.remove() }
        _ = try await FetchBudgetTests.fetcher(fetch, at: future.rawValue).run()
        #expect(try fetch.manifest()?.countries["ES"]?.fetchedAt == future.rawValue)

        var fetcher = try FetchBudgetTests.fetcher(fetch, at: "2026-12-03T08:00:00Z")
        fetcher.options.onlyDue = true
        let report = try await fetcher.run()

        let result = try #require(report.results.first)
        #expect(result.failed == false && result.notDueUntil == nil, "\(result)")
        #expect(fetch.spanishRequests.count == 2, "the country was not fetched")
        let warning = try #require(result.warning)
        #expect(warning.contains("ES's last fetch is dated \(future.rawValue)"), "\(warning)")
        #expect(warning.contains("fetched as due"))
        #expect(try fetch.manifest()?.countries["ES"]?.fetchedAt == "2026-12-03T08:00:00Z")
    }

    @Test func aLastFetchWithinTheToleranceIsNotAWarning() async throws {
        let fetch = try InProcessFetch(fetch: ["ES": ["refreshMinutes": 30]])
        defer { fetch.remove() }
        _ = try await FetchBudgetTests.fetcher(fetch, at: "2026-12-03T08:10:00Z").run()
        var fetcher = try FetchBudgetTests.fetcher(fetch, at: "2026-12-03T08:00:00Z")
        fetcher.options.onlyDue = true
        let result = try #require(try await fetcher.run().results.first)
        #expect(result.notDueUntil != nil && result.warning == nil, "\(result)")
    }
}
