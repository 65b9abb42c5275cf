import Foundation
import Testing
import _FuelTestSupport

@testable import FuelBench

/// `fuel-bench day`: the simulated services' rhythms, and a short simulated span under both schedules, checked for
/// what must hold whatever the machine's speed (never how fast anything ran).
@Suite struct DayBenchTests {
    struct RhythmCase: CustomTestStringConvertible, Sendable {
        var country: String
        var now: String
        var published: String
        var testDescription: String { "\(country) at \(now) shows what it published at \(published)" }
    }

    static let rhythms = [
        RhythmCase(country: "ES", now: "2026-11-30T07:23:00Z", published: "2026-11-30T07:00:00Z"),
        RhythmCase(country: "ES", now: "2026-11-30T07:45:10Z", published: "2026-11-30T07:30:00Z"),
        RhythmCase(country: "FR", now: "2026-11-30T07:23:00Z", published: "2026-11-30T07:20:00Z"),
        RhythmCase(country: "PT", now: "2026-11-30T07:23:05Z", published: "2026-11-30T07:23:05Z"),
        RhythmCase(country: "AT", now: "2026-11-30T07:23:05Z", published: "2026-11-30T07:23:05Z"),
        // 08:00 in Rome is 07:00 UTC in winter: before it, yesterday's CSVs.
        RhythmCase(country: "IT", now: "2026-11-30T06:59:00Z", published: "2026-11-29T07:00:00Z"),
        RhythmCase(country: "IT", now: "2026-11-30T07:23:00Z", published: "2026-11-30T07:00:00Z"),
    ]

    @Test(arguments: rhythms) func eachServicePublishesAtItsRealRhythm(_ item: RhythmCase) throws {
        let now = try #require(UTCTimeParse.date(item.now))
        #expect(DayFeeds.publishedMoment(item.country, at: now) == UTCTimeParse.date(item.published))
    }

    @Test func pricesChangeFasterByDayThanByNightAndNeverUnchange() throws {
        let start = try #require(UTCTimeParse.date("2026-11-30T00:00:00Z"))
        let model = DayPriceModel(start: start, scale: 0.01, seed: 1)
        let night = model.changedShare("ES", at: start.addingTimeInterval(3 * 3_600))
        let day =
            model.changedShare("ES", at: start.addingTimeInterval(15 * 3_600))
            - model.changedShare(
                "ES", at: start.addingTimeInterval(12 * 3_600))
        #expect(night < day)
        #expect(model.changedShare("ES", at: start.addingTimeInterval(24 * 3_600)) > night)
    }

    @Test func theSectionReplacesOnlyWhatIsBetweenItsMarkers() throws {
        let folder = RepositoryPaths.temporaryDirectory("day-markdown")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("BENCHMARKS.md")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "# Benchmarks\n\nbefore\n\(DayMarkdown.begin)\nold\n\(DayMarkdown.end)\nafter\n".write(
            to: file, atomically: true, encoding: .utf8)
        let markdown = DayMarkdown(
            report: DayReport(scale: 0.01, seed: 1, start: "2026-11-30T05:00:00Z", schedules: []),
            command: "fuel-bench day")
        try markdown.write(to: file)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("# Benchmarks\n\nbefore\n"))
        #expect(text.hasSuffix("\(DayMarkdown.end)\nafter\n"))
        #expect(!text.contains("\nold\n"))
        #expect(text.contains("`fuel-bench day`"))
    }

    /// Three simulated hours of both schedules at a tiny scale, against SeaweedFS.
    @Test(.tags(.server)) func hourlyIsFresherThanDailyWithinEveryBudget() async throws {
        try TestTier.require("server", for: "fuel-bench day starts SeaweedFS")
        let work = RepositoryPaths.temporaryDirectory("day-bench")
        defer { try? FileManager.default.removeItem(at: work) }
        // From 05:00 UTC, so that the daily run (05:17) falls inside the three hours.
        let start = try #require(UTCTimeParse.date("2026-11-30T05:00:00Z"))
        var options = DayOptions(
            work: work, adapters: RepositoryPaths.adapters(),
            s3Script: RepositoryPaths.root().appendingPathComponent("scripts/servers/seaweedfs_server.py"))
        options.hours = 3
        options.scale = 0.01
        options.seed = 3
        options.lookupsPerCheck = 3
        options.start = start
        let report = try await DayBench.run(options)
        let daily = try #require(report.schedule(.daily))
        let hourly = try #require(report.schedule(.hourly))
        #expect(daily.runs == 1)
        #expect(hourly.runs == 3)
        for country in ["ES", "FR"] {
            let fresh = try #require(hourly.ages[country], "the phone saw no \(country) price hourly")
            let stale = try #require(daily.ages[country], "the phone saw no \(country) price daily")
            #expect(fresh.median <= stale.median, "\(country)")
            #expect(fresh.max <= stale.max, "\(country)")
        }
        // IT is not due within these three hours (after 08:30 Rome only), so the hourly job leaves it alone.
        for country in ["AT", "ES", "FR", "PT"] {
            #expect((hourly.feedRequests[country] ?? 0) > 0, "\(country)")
        }
        for country in FeedGenerator.countries {
            #expect((daily.feedRequests[country] ?? 0) > 0, "\(country)")
        }
        #expect(daily.overBudget.isEmpty)
        #expect(hourly.overBudget.isEmpty)
        #expect(hourly.puts > 0)
        #expect(hourly.classA >= hourly.puts)
        #expect(hourly.phoneLookups == 18 * 3)
        #expect(hourly.phoneRequests > 0)
    }
}

/// `2026-11-30T07:00:00Z` as a date.
private enum UTCTimeParse {
    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)
    }
}
