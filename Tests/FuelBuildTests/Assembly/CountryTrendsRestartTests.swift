import Foundation
import FuelCodecs
import FuelFormat
import FuelPublishing
import Testing
import _FuelTestSupport

@testable import FuelBuild

/// What a trend does when the previous build's file is lost or damaged (it starts again, and the build says so),
/// when it would pass 365 days (the oldest day goes), and when its country is carried (it is carried unchanged).
@Suite struct CountryTrendsRestartTests {
    /// A way to lose the previous build's trend of ES, and what the build then says.
    struct Loss: Sendable, CustomTestStringConvertible {
        var label: String
        /// Replaces the published file's gzipped bytes; nil deletes the file.
        var bytes: [UInt8]?
        var says: String
        var testDescription: String { label }
    }

    static func gzip(_ json: String) -> [UInt8] { Gzip.compress(Array(json.utf8)) }

    static let losses = [
        Loss(label: "the file is missing", bytes: nil, says: "is missing"),
        Loss(label: "the file is not gzip", bytes: Array("{}".utf8), says: "cannot read"),
        Loss(
            label: "the file is another country's",
            bytes: gzip(#"{"version":1,"country":"PT","since":"2026-11-01","days":[]}"#),
            says: "it is the trend of PT, not ES"),
        Loss(
            label: "the days are out of order",
            bytes: gzip(
                #"{"version":1,"country":"ES","since":"2026-11-01","days":[{"day":"2026-11-02","fuels":[]},"#
                    + #"{"day":"2026-11-01","fuels":[]}]}"#), says: "cannot read"),
        Loss(
            label: "the file is of a newer version",
            bytes: gzip(#"{"version":2,"country":"ES","since":"2026-11-01","days":[]}"#), says: "version 2"),
    ]

    static func build(
        _ feeds: URL, _ out: URL, builtAt: String, carryForward: Double? = nil
    ) async throws -> (report: BuildReport, events: [BuildEvent]) {
        try await CountryReuseTests.build(feeds, out, builtAt: builtAt, carryForward: carryForward)
    }

    static func trend(_ out: URL, _ country: String) throws -> TrendFile {
        let data = try Data(contentsOf: out.appendingPathComponent("fuel/trends/\(country).json"))
        return try JSONDecoder().decode(TrendFile.self, from: Data(Gzip.decompress([UInt8](data))))
    }

    @Test(arguments: losses)
    func aLostTrendStartsAgainTodayAndTheBuildSaysSo(_ loss: Loss) async throws {
        let root = RepositoryPaths.temporaryDirectory("trends-lost")
        defer { try? FileManager.default.removeItem(at: root) }
        let (feeds, out) = try await CountryTrendsTests.twoDays(root)
        let file = out.appendingPathComponent("fuel/trends/ES.json")
        if let bytes = loss.bytes {
            try Data(bytes).write(to: file)
        } else {
            try FileManager.default.removeItem(at: file)
        }

        let (report, events) = try await Self.build(feeds, out, builtAt: "2026-11-03T05:17:00Z")
        let spain = try Self.trend(out, "ES")
        #expect(spain.since == "2026-11-03")
        #expect(spain.days.map(\.day) == ["2026-11-03"])
        let line = try #require(report.countries.first { $0.country == "ES" })
        #expect(line.trendRestarted?.contains(loss.says) == true, "\(line.trendRestarted ?? "no reason")")
        let warnings = events.compactMap { event -> String? in
            guard case .warning(let warning) = event else { return nil }
            return warning.sentence
        }
        #expect(
            warnings.contains { $0.hasPrefix("the trend of ES restarted: ") && $0.contains(loss.says) }, "\(warnings)")
        let index = try JSONDecoder().decode(
            TileIndex.self,
            from: Data(Gzip.decompress([UInt8](Data(contentsOf: out.appendingPathComponent("fuel/index.json"))))))
        #expect(index.trends?["ES"]?.since == "2026-11-03", "the index says since when")
        // The other countries' trends go on.
        #expect(try Self.trend(out, "PT").since == "2026-11-01")
        #expect(try Self.trend(out, "PT").days.count == 3)
        #expect(report.countries.filter { $0.trendRestarted != nil }.map(\.country) == ["ES"])
    }

    @Test func aTrendKeepsItsNewest365DaysAndItsSince() async throws {
        let folder = try SampleBuildFolder("trends-cap")
        defer { folder.remove() }
        let (feeds, out) = (folder.feeds, folder.out)
        _ = try await Self.build(feeds, out, builtAt: "2026-11-01T05:17:00Z")
        // A full year of rows behind the published one, as if the trend had run since 2025-10-31.
        let today = try Self.trend(out, "PT").days[0]
        let start = try #require(UTCTime.parse("2025-10-31T00:00:00Z"))
        let year = (0..<365).map { offset in
            TrendFile.Day(
                day: TrendFile.day(of: Date(timeIntervalSince1970: TimeInterval(start + Int64(offset) * 86_400))),
                fuels: today.fuels)
        }
        #expect(year.last?.day == "2026-10-30")
        let full = TrendFile(country: "PT", since: "2025-10-31", days: year)
        try Data(Gzip.compress(TileEncoder.encode(full))).write(
            to: out.appendingPathComponent("fuel/trends/PT.json"))

        _ = try await Self.build(feeds, out, builtAt: "2026-11-02T05:17:00Z")
        let capped = try Self.trend(out, "PT")
        #expect(capped.days.count == TrendFile.maximumDays)
        #expect(capped.days.first?.day == "2025-11-01", "the oldest day went")
        #expect(capped.days.last?.day == "2026-11-02")
        #expect(capped.since == "2025-10-31")
    }

    @Test func aCarriedCountryKeepsItsTrendUnchangedOrHasNoneWhenItWasLost() async throws {
        let folder = try SampleBuildFolder("trends-carried")
        defer { folder.remove() }
        let (feeds, out) = (folder.feeds, folder.out)
        _ = try await Self.build(feeds, out, builtAt: "2026-11-01T05:17:00Z", carryForward: 48)
        let before = try Data(contentsOf: out.appendingPathComponent("fuel/trends/ES.json"))
        try Data("not a feed".utf8).write(to: feeds.appendingPathComponent(CountryTrendsTests.spanishFeed))

        let (carried, _) = try await Self.build(feeds, out, builtAt: "2026-11-02T05:17:00Z", carryForward: 48)
        #expect(carried.countries.first { $0.country == "ES" }?.carriedSince != nil)
        #expect(try Data(contentsOf: out.appendingPathComponent("fuel/trends/ES.json")) == before)
        #expect(try Self.trend(out, "PT").days.count == 2)

        try FileManager.default.removeItem(at: out.appendingPathComponent("fuel/trends/ES.json"))
        let (lost, _) = try await Self.build(feeds, out, builtAt: "2026-11-02T09:17:00Z", carryForward: 48)
        #expect(lost.countries.first { $0.country == "ES" }?.trendRestarted?.contains("carried") == true)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("fuel/trends/ES.json").path))
        let index = try JSONDecoder().decode(
            TileIndex.self,
            from: Data(Gzip.decompress([UInt8](Data(contentsOf: out.appendingPathComponent("fuel/index.json"))))))
        #expect(index.trends?["ES"] == nil)
        #expect(index.trends?["PT"] != nil)
    }
}
