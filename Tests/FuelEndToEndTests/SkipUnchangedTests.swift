import Foundation
import Testing
import _FuelTestSupport

/// `build --skip-unchanged`, as the hourly job runs it: a run in which no country's inputs changed writes nothing and
/// says so; the whole run then uploads nothing either.
@Suite(.tags(.executable)) struct SkipUnchangedTests {
    @Test func aBuildWithNothingChangedWritesNothingAndSaysSo() throws {
        let root = RepositoryPaths.temporaryDirectory("skip-unchanged")
        defer { try? FileManager.default.removeItem(at: root) }
        let feeds = try IncrementalBuildTests.samples(root)
        let out = root.appendingPathComponent("out")
        _ = try Executable.publishBuild(feeds: feeds, out: out, builtAt: "2026-12-03T08:00:00Z", ["--skip-unchanged"])
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: out.appendingPathComponent("fuel").path)
        let before = TreeSnapshot.take(out)

        let again = try Executable.publishBuild(
            feeds: feeds, out: out, builtAt: "2026-12-03T09:00:00Z", ["--skip-unchanged", "--json"])

        let report = try #require(try JSONSerialization.jsonObject(with: again.stdoutBytes) as? [String: Any])
        #expect(report["unchangedSince"] as? String == "2026-12-03T08:00:00Z")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: out.appendingPathComponent("fuel").path) == link)
        #expect(TreeSnapshot.take(out) == before, "a file under OUT changed")

        let text = try Executable.publishBuild(
            feeds: feeds, out: out, builtAt: "2026-12-03T10:00:00Z", ["--skip-unchanged"])
        #expect(
            text.stderr.contains("nothing changed since the previous build in OUT, built 2026-12-03T08:00:00Z"),
            "\(text.stderr)")

        // The whole run, offline and dry: nothing to build, so nothing to upload. Within the builds' UTC day: the
        // first build of a later day is never skipped, since it writes the finished day's history (R14).
        let whole = try Executable.run(
            "fuel-publish",
            [
                "--dry-run", "--offline", "--feeds", feeds.path, "--out", out.path, "--skip-unchanged", "--built-at",
                "2026-12-03T11:00:00Z",
            ])
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(whole.stdout.contains("upload: skipped, nothing changed"), "\(whole.stdout)")
    }

    /// A rebuild over a build that was never uploaded reuses every country, and its lines say what is known (the
    /// previous build in OUT), never that anything was published (issue 36: "reused: its feed and metadata are the
    /// published build's" appeared when nothing ever was).
    @Test func aReusedCountryNamesThePreviousBuildInOUTNotAPublishedOne() throws {
        let root = RepositoryPaths.temporaryDirectory("reuse-unpublished")
        defer { try? FileManager.default.removeItem(at: root) }
        let feeds = try IncrementalBuildTests.samples(root)
        let out = root.appendingPathComponent("out")
        _ = try Executable.publishBuild(feeds: feeds, out: out, builtAt: "2026-12-03T08:00:00Z")

        let again = try Executable.publishBuild(feeds: feeds, out: out, builtAt: "2026-12-03T09:00:00Z")

        for country in RegisteredCountries.codes {
            #expect(
                again.stderr.contains(
                    "\(country): \(Self.samplesStations[country] ?? 0) stations, reused from the previous build in OUT: "
                        + "its feed files and metadata are unchanged since that build"), "\(again.stderr)")
        }
        #expect(again.stderr.contains("    reused: feed and metadata unchanged since the previous build in OUT"))
        #expect(!again.stderr.contains("published build"), "\(again.stderr)")
        let unchanged = try Executable.publishBuild(
            feeds: feeds, out: out, builtAt: "2026-12-03T10:00:00Z", ["--skip-unchanged"])
        #expect(!unchanged.stderr.contains("published"), "\(unchanged.stderr)")
    }

    /// The samples' station counts, as a build keeps them.
    static let samplesStations = ["AT": 5, "ES": 40, "FR": 192, "IT": 59, "PT": 2]
}
