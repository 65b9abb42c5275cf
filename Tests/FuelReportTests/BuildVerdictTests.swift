import Foundation
import FuelBuild
import FuelCodecs
import FuelFormat
import FuelReport
import Testing
import _FuelTestSupport

/// The verdict on a generated build (scale 0.02, seed 3) against itself changed in known ways: a region's stations
/// removed, prices set far outside the usual range, a country carried.
@Suite(.tags(.executable)) struct BuildVerdictTests {
    /// The generated build, read into memory once; its folder is removed at once.
    static let generated: Result<PublishedBuild, any Error> = Result {
        let root = RepositoryPaths.temporaryDirectory("verdict")
        defer { try? FileManager.default.removeItem(at: root) }
        let feeds = root.appendingPathComponent("feeds")
        let generate = try Executable.run(
            "fuel-bench", ["gen", "--scale", "0.02", "--seed", "3", "--out", feeds.path])
        guard generate.status == 0 else { throw ReportError("fuel-bench gen: \(generate.stderr)") }
        let out = root.appendingPathComponent("out")
        try Executable.publishBuild(feeds: feeds, out: out, builtAt: "2026-11-30T08:00:00Z")
        return try PublishedBuild.load(out)
    }

    /// Madrid and around: the region whose stations one case removes.
    static func inMadrid(_ station: Station) -> Bool {
        station.country == "ES" && (39.8...41.2).contains(station.latitude)
            && (-4.6...(-2.8)).contains(station.longitude)
    }

    /// The first three Portuguese stations selling diesel, by id: the ones priced as outliers.
    static func outlierIDs(_ build: PublishedBuild) -> [String] {
        Array(
            build.stations.filter { $0.country == "PT" && $0.prices.contains { $0.fuel == .diesel } }.map(\.id)
                .sorted().prefix(3))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var change: @Sendable (inout PublishedBuild) -> Void
        var status: BuildVerdict.Status
        /// The reasons expected, as `CC code`; no others may appear.
        var reasons: Set<String>
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "an unchanged rebuild is OK", change: { _ in }, status: .ok, reasons: []),
        Case(
            name: "a region's stations removed: CHECK, its count and its emptied cells",
            change: { $0.stations.removeAll(where: inMadrid) }, status: .check,
            reasons: ["ES station-count", "ES cell-emptied"]),
        Case(
            name: "three prices at 0.30: CHECK, the outliers",
            change: { build in
                let ids = Set(outlierIDs(build))
                for index in build.stations.indices where ids.contains(build.stations[index].id) {
                    for price in build.stations[index].prices.indices
                    where build.stations[index].prices[price].fuel == .diesel {
                        build.stations[index].prices[price].price = 0.30
                    }
                }
            }, status: .check, reasons: ["PT price-outliers"]),
        Case(
            name: "a carried country: CHECK",
            change: {
                $0.index.countries["AT"]?.carriedSince = UTCTime.parse("2026-11-29T08:00:00Z").map {
                    Date(timeIntervalSince1970: TimeInterval($0))
                }
            }, status: .check, reasons: ["AT carried"]),
    ]

    @Test(arguments: cases) func verdict(_ example: Case) throws {
        let previous = try Self.generated.get()
        var build = previous
        example.change(&build)
        let verdict = BuildVerdict.of(build, previous: previous)
        #expect(verdict.status == example.status, "\(verdict.text())")
        #expect(Set(verdict.reasons.map { "\($0.country ?? "") \($0.code.rawValue)" }) == example.reasons)
    }

    /// The two reasons read from the builds' saved reports: a feed whose reference time lags its fetch by more than
    /// `maxFeedAgeHours`, and a reject reason that rose sharply.
    @Test func anOldFeedAndRisingRejectsAreNamedFromTheReports() throws {
        let previous = try Self.generated.get()
        try #require(previous.report != nil, "the generated build saved its report")
        var build = previous
        let index = try #require(build.report?.countries.firstIndex { $0.country == "FR" })
        let updated = try #require(build.index.countries["FR"]?.updated)
        // Fetched 100 h after the feed's own time: past FR's 72 h.
        build.report?.countries[index].fetchedAt = UTCTime.format(updated.addingTimeInterval(100 * 3600))
        let before = previous.report?.countries[index].rejected["no-price"] ?? 0
        build.report?.countries[index].rejected["no-price"] = before + 50
        let verdict = BuildVerdict.of(build, previous: previous)
        #expect(verdict.status == .check, "\(verdict.text())")
        let old = try #require(verdict.reasons.first { $0.code == .feedOld })
        #expect(old.country == "FR" && old.hours == 100 && old.limit == 72)
        let rose = try #require(verdict.reasons.first { $0.code == .rejectsRose })
        #expect(rose.country == "FR" && rose.reject == "no-price" && rose.after == Double(before + 50))

        var small = previous
        small.report?.countries[index].rejected["no-price"] = before + 5
        #expect(!BuildVerdict.of(small, previous: previous).reasons.contains { $0.code == .rejectsRose })
    }

    @Test func theOutlierReasonListsExactlyTheOutliers() throws {
        let previous = try Self.generated.get()
        var build = previous
        try #require(Self.outlierIDs(build).count == 3)
        (Self.cases[2].change)(&build)
        let reason = try #require(BuildVerdict.of(build, previous: previous).reasons.first)
        #expect(reason.fuel == "diesel" && reason.count == 3)
        #expect(reason.items == Self.outlierIDs(previous))
        #expect(reason.anchor == "country-PT")
    }

    @Test func theTextTheStepSummaryAndTheJSONSayTheSame() throws {
        let previous = try Self.generated.get()
        var build = previous
        for example in Self.cases { example.change(&build) }
        let verdict = BuildVerdict.of(build, previous: previous)
        #expect(verdict.status == .check)
        #expect(verdict.reasons.count == 4, "\(verdict.text())")

        let text = verdict.text().split(separator: "\n").map(String.init)
        #expect(text == ["verdict: CHECK"] + verdict.reasons.map { "    \($0.text)" })
        let markdown = verdict.markdown()
        #expect(markdown.hasPrefix("## Verdict: CHECK\n"))
        for reason in verdict.reasons { #expect(markdown.contains("- " + MarkdownText.escape(reason.text))) }

        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(verdict.json().utf8)) as? [String: Any])
        let json = try #require(document["verdict"] as? [String: Any])
        #expect(json["status"] as? String == "CHECK")
        let reasons = try #require(json["reasons"] as? [[String: Any]])
        #expect(reasons.map { $0["code"] as? String } == verdict.reasons.map(\.code.rawValue))
        #expect(reasons.map { $0["country"] as? String } == verdict.reasons.map(\.country))
        let count = try #require(reasons.first { $0["code"] as? String == "station-count" })
        #expect(count["before"] as? Double == Double(previous.stations.count { $0.country == "ES" }))
    }
}
