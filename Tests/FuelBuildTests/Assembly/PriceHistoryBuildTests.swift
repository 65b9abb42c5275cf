import Foundation
import FuelCodecs
import FuelFormat
import FuelPublishing
import Synchronization
import Testing
import _FuelTestSupport

@testable import FuelBuild

/// Issue 39, item 4 (R14): the builds of one UTC day accumulate the day's prices, the first build of a later day
/// writes the finished day's history files once (both formats, the same bytes), later builds carry them, a build
/// keeps 8 finished days and lists 7, and a lost day so far restarts the day with a warning, never a failure.
@Suite struct PriceHistoryBuildTests {
    /// AT's fixtures, with AT-700204's diesel set to `diesel` (the fixture's is 1.479).
    static func place(_ feeds: URL, fetchedAt: String, diesel: String = "1.479") throws {
        try FirstSeenTimesTests.placeResponses(in: feeds, fetchedAt: fetchedAt)
        guard diesel != "1.479" else { return }
        let file = feeds.appendingPathComponent("AT/by-region-PB-501-DIE.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        let record = try #require(text.range(of: #""id":700204,"#)).lowerBound
        let target = try #require(text.range(of: #""amount":1.479"#, range: record..<text.endIndex))
        try text.replacingCharacters(in: target, with: "\"amount\":\(diesel)").write(
            to: file, atomically: true, encoding: .utf8)
    }

    /// A build of layout `both` at `builtAt`, its warnings collected.
    static func build(_ feeds: URL, _ out: URL, at builtAt: String) async throws -> [BuildEvent.Warning] {
        let seconds = try #require(UTCTime.parse(builtAt))
        let options = BuildOptions(
            feedsDirectory: feeds, outputDirectory: out, adaptersDirectory: nil, countries: ["AT"],
            builtAt: Date(timeIntervalSince1970: TimeInterval(seconds)), layout: .both)
        let warnings = Warnings()
        _ = try await Builder(options: options).run { event in
            if case .warning(let warning) = event { warnings.add(warning) }
        }
        return warnings.all
    }

    final class Warnings: Sendable {
        private let list = Mutex<[BuildEvent.Warning]>([])
        func add(_ warning: BuildEvent.Warning) { list.withLock { $0.append(warning) } }
        var all: [BuildEvent.Warning] { list.withLock { $0 } }
    }

    /// The published build's files below `fuel/`, by path.
    static func files(_ out: URL) -> [String: Data] { TreeSnapshot.take(out.appendingPathComponent("fuel")) }

    static func index(_ out: URL) throws -> TileIndex {
        let bytes = try #require(files(out)["index.json"])
        return try JSONDecoder().decode(TileIndex.self, from: Data(Gzip.decompress([UInt8](bytes))))
    }

    static func history(_ out: URL, day: String, key: String) throws -> HistoryFile {
        let bytes = try #require(files(out)[HistoryFile.path(day: day, key: key)], "history of \(key) on \(day)")
        return try JSONDecoder().decode(HistoryFile.self, from: Data(Gzip.decompress([UInt8](bytes))))
    }

    @Test func aDayOfBuildsBecomesOneFileSetWrittenOnceAndKeptForItsWindow() async throws {
        let root = RepositoryPaths.temporaryDirectory("price-history")
        defer { try? FileManager.default.removeItem(at: root) }
        let feeds = root.appendingPathComponent("feeds")
        let out = root.appendingPathComponent("out")

        // 2026-11-20: 1.479, 1.469, 1.469, 1.479 — three builds of the day change it twice.
        for (time, diesel) in [("08", "1.479"), ("09", "1.469"), ("10", "1.469"), ("11", "1.479")] {
            try Self.place(feeds, fetchedAt: "2026-11-20T\(time):00:00Z", diesel: diesel)
            #expect(try await Self.build(feeds, out, at: "2026-11-20T\(time):05:00Z").isEmpty)
        }
        #expect(try Self.index(out).history == HistoryListing(days: []), "no finished day yet")
        #expect(!Self.files(out).keys.contains { $0.hasPrefix("history/") })

        // The first build of 2026-11-21 writes 2026-11-20.
        try Self.place(feeds, fetchedAt: "2026-11-21T01:00:00Z", diesel: "1.459")
        #expect(try await Self.build(feeds, out, at: "2026-11-21T01:05:00Z").isEmpty)
        #expect(try Self.index(out).history == HistoryListing(days: ["2026-11-20"]))
        let day = try Self.history(out, day: "2026-11-20", key: "95_26")
        let diesel = try #require(day.stations["AT-700204"]?.first { $0.fuel == .diesel })
        #expect(
            diesel
                == HistoryEntry(fuel: .diesel, open: 1.479, low: 1.469, high: 1.479, close: 1.479, changes: 2),
            "the next day's 1.459 is not the finished day's")
        let first = Self.files(out)
        let written = first.filter { $0.key.hasPrefix("history/2026-11-20/") }
        #expect(!written.isEmpty)
        for (path, bytes) in written { #expect(first["v2/" + path] == bytes, "format 2 holds the same bytes: \(path)") }

        // A later build of the day carries the finished day, byte for byte, and does not write it again.
        try Self.place(feeds, fetchedAt: "2026-11-21T02:00:00Z", diesel: "1.449")
        #expect(try await Self.build(feeds, out, at: "2026-11-21T02:05:00Z").isEmpty)
        let second = Self.files(out)
        for (path, bytes) in written { #expect(second[path] == bytes, "\(path) unchanged") }
        #expect(try Self.index(out).history == HistoryListing(days: ["2026-11-20"]))

        // Eight days later, 2026-11-20 has left the window; 2026-11-21 is kept but no longer listed (the 8th day).
        try Self.place(feeds, fetchedAt: "2026-11-29T03:00:00Z")
        #expect(try await Self.build(feeds, out, at: "2026-11-29T03:05:00Z").isEmpty)
        let late = Self.files(out)
        #expect(!late.keys.contains { $0.contains("history/2026-11-20/") })
        #expect(late.keys.contains { $0.hasPrefix("history/2026-11-21/") })
        #expect(try Self.index(out).history == HistoryListing(days: []))
        let kept = try Self.history(out, day: "2026-11-21", key: "95_26")
        #expect(
            kept.stations["AT-700204"]?.first { $0.fuel == .diesel }
                == HistoryEntry(fuel: .diesel, open: 1.459, low: 1.449, high: 1.459, close: 1.449, changes: 1))
    }

    /// `--skip-unchanged` skips a build of unchanged inputs within the day, never the first build of a later day,
    /// which writes the finished day.
    @Test func skipUnchangedNeverSkipsTheFirstBuildOfALaterDay() async throws {
        let root = RepositoryPaths.temporaryDirectory("price-history-skip")
        defer { try? FileManager.default.removeItem(at: root) }
        let feeds = root.appendingPathComponent("feeds")
        let out = root.appendingPathComponent("out")
        try Self.place(feeds, fetchedAt: "2026-11-20T08:00:00Z")
        _ = try await Self.build(feeds, out, at: "2026-11-20T08:05:00Z")
        func skipping(_ builtAt: String) async throws -> BuildReport {
            let seconds = try #require(UTCTime.parse(builtAt))
            var options = BuildOptions(
                feedsDirectory: feeds, outputDirectory: out, adaptersDirectory: nil, countries: ["AT"],
                builtAt: Date(timeIntervalSince1970: TimeInterval(seconds)), layout: .both)
            options.skipUnchanged = true
            return try await Builder(options: options).run().0
        }
        #expect(try await skipping("2026-11-20T09:05:00Z").unchangedSince != nil, "the same day: skipped")
        #expect(try await skipping("2026-11-21T00:05:00Z").unchangedSince == nil, "a later day: built")
        #expect(try Self.index(out).history == HistoryListing(days: ["2026-11-20"]))
    }

    struct DamageCase: Sendable, CustomTestStringConvertible {
        var label: String
        var damage: @Sendable (URL) throws -> Void
        var testDescription: String { label }
    }

    static let damages = [
        DamageCase(label: "removed") { try FileManager.default.removeItem(at: $0) },
        DamageCase(label: "a changed byte") { file in
            var bytes = try Data(contentsOf: file)
            bytes[bytes.count - 3] ^= 0x01
            try bytes.write(to: file)
        },
        DamageCase(label: "another version") { file in
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: "history-so-far 1\n", with: "history-so-far 9\n").write(
                to: file, atomically: true, encoding: .utf8)
        },
    ]

    @Test(arguments: damages)
    func aLostDaySoFarRestartsTheDayWithAWarning(_ damage: DamageCase) async throws {
        let root = RepositoryPaths.temporaryDirectory("price-history-damage")
        defer { try? FileManager.default.removeItem(at: root) }
        let feeds = root.appendingPathComponent("feeds")
        let out = root.appendingPathComponent("out")
        try Self.place(feeds, fetchedAt: "2026-11-20T08:00:00Z")
        _ = try await Self.build(feeds, out, at: "2026-11-20T08:05:00Z")
        try damage.damage(out.appendingPathComponent(HistorySoFar.fileName))

        try Self.place(feeds, fetchedAt: "2026-11-20T09:00:00Z", diesel: "1.469")
        let warnings = try await Self.build(feeds, out, at: "2026-11-20T09:05:00Z")
        #expect(warnings.count == 1)
        #expect(warnings.first?.sentence.hasPrefix("the day's price history restarted: ") == true)

        try Self.place(feeds, fetchedAt: "2026-11-21T01:00:00Z")
        #expect(try await Self.build(feeds, out, at: "2026-11-21T01:05:00Z").isEmpty)
        let day = try Self.history(out, day: "2026-11-20", key: "95_26")
        #expect(
            day.stations["AT-700204"]?.first { $0.fuel == .diesel }
                == HistoryEntry(fuel: .diesel, open: 1.469, low: 1.469, high: 1.469, close: 1.469, changes: 0),
            "the day covers the builds after the restart")
    }

    struct ChangeCase: Sendable, CustomTestStringConvertible {
        var label: String
        /// Each build's price of the station, in thousandths; nil when the build did not publish it.
        var builds: [Int64?]
        var expected: HistorySoFar.Figures?
        var testDescription: String { label }
    }

    static let changeCases = [
        ChangeCase(
            label: "one build", builds: [1479],
            expected: HistorySoFar.Figures(open: 1479, low: 1479, high: 1479, close: 1479, changes: 0)),
        ChangeCase(
            label: "down and back", builds: [1479, 1469, 1479],
            expected: HistorySoFar.Figures(open: 1479, low: 1469, high: 1479, close: 1479, changes: 2)),
        ChangeCase(
            label: "the same price again is no change", builds: [1479, 1479, 1489, 1489],
            expected: HistorySoFar.Figures(open: 1479, low: 1479, high: 1489, close: 1489, changes: 1)),
        ChangeCase(
            label: "a build without it neither counts nor resets", builds: [1479, nil, 1479, nil, 1499],
            expected: HistorySoFar.Figures(open: 1479, low: 1479, high: 1499, close: 1499, changes: 1)),
        ChangeCase(
            label: "first published by a later build", builds: [nil, 1459, 1449],
            expected: HistorySoFar.Figures(open: 1459, low: 1449, high: 1459, close: 1449, changes: 1)),
        ChangeCase(label: "never published", builds: [nil, nil], expected: nil),
    ]

    @Test(arguments: changeCases)
    func changesCountBuildsWhosePriceDiffersFromTheOneBefore(_ change: ChangeCase) throws {
        var day = HistorySoFar(day: "2026-11-20")
        let slot = LastChanges.Key(fuel: .diesel, unit: .litre, service: nil, label: nil)
        let cell = try #require(TileKey("95_26"))
        for price in change.builds {
            guard let price else { continue }
            day.observe(station: "AT-1", cell: cell, slot: slot, thousandths: price)
        }
        #expect(day.stations["AT-1"]?.prices[slot] == change.expected)
        #expect(try HistorySoFar(parsing: day.encoded()) == day, "kept and read back")
    }
}
