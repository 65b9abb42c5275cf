import Foundation
import FuelFeeds
import Testing
import _FuelTestSupport

/// The first build in an output folder, on a morning when one publisher is down: without `--first-run` it is
/// refused (nothing to carry) and the refusal names the flag; with it, the countries that fetched are published and
/// each one left out is warned of. Once a build exists, the flag is refused.
@Suite(.tags(.executable)) struct FirstRunTests {
    struct Workspace {
        let feeds: URL
        let out: URL
        let summary: URL

        /// ES and FR samples, with a fetch manifest in which ES fetched and FR failed.
        init(manifest: Bool = true) throws {
            let root = RepositoryPaths.temporaryDirectory("first-run")
            feeds = root.appendingPathComponent("feeds")
            out = root.appendingPathComponent("out")
            summary = root.appendingPathComponent("summary.md")
            try FileManager.default.createDirectory(at: feeds, withIntermediateDirectories: true)
            for country in ["ES", "FR"] {
                try FileManager.default.copyItem(
                    at: RepositoryPaths.samples().appendingPathComponent(country),
                    to: feeds.appendingPathComponent(country))
            }
            guard manifest else { return }
            let entries = [
                // Just after ES's feed time, so the sample is not a frozen feed.
                "ES": FeedManifest.CountryEntry(status: "ok", fetchedAt: "2025-09-27T17:00:00Z"),
                "FR": FeedManifest.CountryEntry(
                    status: "failed", fetchedAt: "2025-09-27T17:00:00Z", error: "FR/instantane.zip: HTTP 503"),
            ]
            try JSONEncoder().encode(FeedManifest(countries: entries)).write(
                to: feeds.appendingPathComponent(FeedManifest.fileName))
        }

        var fuel: URL { out.appendingPathComponent("fuel") }

        /// Runs the build as in GitHub Actions (annotations on stdout), or, with `actions` false, as a machine reading
        /// `--json` on stdout would.
        func build(
            _ extra: [String], at builtAt: String = "2026-11-30T05:00:00Z", out: URL? = nil, actions: Bool = true
        ) throws -> Executable.Result {
            try Executable.run(
                "fuel-publish",
                [
                    "build", "--feeds", feeds.path, "--out", (out ?? self.out).path, "--countries", "ES,FR",
                    "--built-at", builtAt,
                ] + extra,
                environment: actions ? ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path] : [:])
        }

        func publishedCountries() throws -> [String] {
            let index = try TileFixtures.gunzip(fuel.appendingPathComponent("index.json"))
            let object = try #require(try JSONSerialization.jsonObject(with: index) as? [String: Any])
            return try #require(object["countries"] as? [String: Any]).keys.sorted()
        }
    }

    static let leftOut =
        "FR left out of this first build (--first-run): its fetch failed (FR/instantane.zip: HTTP 503)"

    @Test func withoutTheFlagAFailedFetchRefusesTheFirstBuildNamingTheFlag() throws {
        let workspace = try Workspace()
        let refused = try workspace.build([])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("FR: \(workspace.feeds.path)/FR: its last fetch failed"), "\(refused.stderr)")
        #expect(refused.stderr.contains("This is the first build in this output folder"), "\(refused.stderr)")
        #expect(refused.stderr.contains("build with --first-run"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: workspace.fuel.path))
    }

    @Test func withTheFlagTheCountriesThatFetchedArePublishedAndTheRestWarned() throws {
        let workspace = try Workspace()
        let built = try workspace.build(["--first-run"])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(try workspace.publishedCountries() == ["ES"])
        #expect(built.stderr.contains("WARNING: \(Self.leftOut)"), "\(built.stderr)")
        #expect(
            built.stderr.contains("::warning title=FR left out of the first build::\(Self.leftOut)"), "\(built.stderr)")
        let summary = try String(contentsOf: workspace.summary, encoding: .utf8)
        #expect(summary.contains("> **Warning:** FR left out of this first build (--first-run)"), "\(summary)")

        let json = try workspace.build(
            ["--first-run", "--dry-run", "--json"], out: workspace.out.appendingPathExtension("dry"), actions: true)
        // In Actions too, stdout is the report alone: the annotation went to stderr.
        #expect(json.stderr.contains("::warning title=FR left out"), "\(json.stderr)")
        #expect(json.status == 0, "\(json.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let omitted = try #require(report["leftOut"] as? [[String: String]], "\(json.stdout)")
        #expect(omitted == [["country": "FR", "reason": "its fetch failed (FR/instantane.zip: HTTP 503)"]])
    }

    @Test func onceABuildExistsTheFlagIsRefused() throws {
        let workspace = try Workspace()
        #expect(try workspace.build(["--first-run"]).status == 0)
        let before = TreeSnapshot.take(workspace.fuel)
        let refused = try workspace.build(["--first-run"], at: "2026-12-01T05:00:00Z")
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains(
                "--first-run is only for the first build, and \(workspace.fuel.path) already holds one"),
            "\(refused.stderr)")
        #expect(refused.stderr.contains("--carry-forward HOURS"), "\(refused.stderr)")
        #expect(TreeSnapshot.take(workspace.fuel) == before)
        // Without the flag, FR, never published, is left out again and the build goes on.
        let normal = try workspace.build([], at: "2026-12-01T05:00:00Z")
        #expect(normal.status == 0, "\(normal.stderr)")
        #expect(!normal.stderr.contains("--first-run"), "\(normal.stderr)")
    }

    /// A first run with FR down, then two hourly builds while it stays down, then FR back: four builds, each
    /// published, the last with both countries, and no flag after the first. Complete-or-nothing still holds for a
    /// country once published: ES failing then refuses the build.
    @Test func aCountryLeftOutOfTheFirstRunJoinsOnItsFirstGoodFetch() throws {
        let workspace = try Workspace()
        #expect(try workspace.build(["--first-run"], at: "2026-11-30T05:00:00Z").status == 0)
        #expect(try workspace.publishedCountries() == ["ES"])
        for hour in ["06", "07"] {
            let built = try workspace.build(["--carry-forward", "48"], at: "2026-11-30T\(hour):00:00Z")
            #expect(built.status == 0, "\(built.stderr)")
            #expect(try workspace.publishedCountries() == ["ES"])
            #expect(
                built.stderr.contains(
                    "FR left out of this build: never published yet, and its fetch failed (FR/instantane.zip: HTTP "
                        + "503); it joins on its first good fetch"), "\(built.stderr)")
            #expect(built.stderr.contains("::warning title=FR not yet published::"), "\(built.stderr)")
        }
        let manifest = workspace.feeds.appendingPathComponent(FeedManifest.fileName)
        var entries = try JSONDecoder().decode(FeedManifest.self, from: Data(contentsOf: manifest)).countries
        entries["FR"] = FeedManifest.CountryEntry(status: "ok", fetchedAt: "2026-02-08T09:00:00Z")
        try JSONEncoder().encode(FeedManifest(countries: entries)).write(to: manifest)
        let joined = try workspace.build(["--carry-forward", "48"], at: "2026-11-30T08:00:00Z")
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(try workspace.publishedCountries() == ["ES", "FR"])
        #expect(!joined.stderr.contains("left out"), "\(joined.stderr)")

        // Once published, FR failing again is carried forward or refuses, as every published country.
        entries["FR"] = FeedManifest.CountryEntry(
            status: "failed", fetchedAt: "2026-11-30T09:00:00Z", error: "FR/instantane.zip: HTTP 503")
        try JSONEncoder().encode(FeedManifest(countries: entries)).write(to: manifest)
        let refused = try workspace.build([], at: "2026-11-30T09:00:00Z")
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(!refused.stderr.contains("never published yet"), "\(refused.stderr)")
    }

    @Test func withoutAManifestTheFlagIsRefused() throws {
        let workspace = try Workspace(manifest: false)
        let refused = try workspace.build(["--first-run"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("manifest.json is missing: run 'fuel-publish fetch' first"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: workspace.fuel.path))
    }

    @Test func theWholeRunForwardsTheFlag() throws {
        let workspace = try Workspace()
        let run = try Executable.run(
            "fuel-publish",
            [
                "--dry-run", "--offline", "--feeds", workspace.feeds.path, "--out", workspace.out.path, "--countries",
                "ES,FR", "--built-at", "2026-11-30T05:00:00Z", "--first-run",
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("WARNING: \(Self.leftOut)"), "\(run.stderr)")
        #expect(run.stderr.contains("ES: "), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: workspace.fuel.path), "a dry run writes nothing under OUT")
    }
}
