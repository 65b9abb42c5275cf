import Foundation
import Testing
import _FuelTestSupport

/// What the scheduled job leaves behind for people: the step summary (`$GITHUB_STEP_SUMMARY`) of a whole run, and
/// `fuel-publish status` against a published index served by a local tile server.
@Suite(.tags(.executable), .serialized, .serverLogsOnFailure) struct JobRecordTests {
    static let samples = RepositoryPaths.samples().path

    @Test(.tags(.server)) func theStepSummaryHoldsTheCountryTableAndTheUploadFigures() async throws {
        let server = try S3TestServer.shared()
        let proxy = try S3Proxy(server)
        let harness = UploadHarness(server: server)
        let summary = RepositoryPaths.temporaryDirectory("summary").appendingPathExtension("md")
        func run(_ builtAt: String) throws -> Executable.Result {
            try Executable.run(
                "fuel-publish",
                [
                    "--offline", "--feeds", Self.samples, "--out", harness.out.path, "--bucket", harness.bucket,
                    "--prefix", harness.prefix, "--endpoint-s3", proxy.endpoint, "--built-at", builtAt,
                ],
                environment: [
                    "AWS_ACCESS_KEY_ID": server.accessKeyID, "AWS_SECRET_ACCESS_KEY": server.secret,
                    "GITHUB_STEP_SUMMARY": summary.path, "GITHUB_ACTIONS": "true",
                ])
        }
        let first = try run("2026-11-30T05:00:00Z")
        #expect(first.status == 0, "\(first.stderr)")
        let second = try run("2026-12-01T05:00:00Z")
        #expect(second.status == 0, "\(second.stderr)")
        let text = try String(contentsOf: summary, encoding: .utf8)
        #expect(text.contains("## Build 2026-11-30T05:00:00Z"))
        #expect(text.contains("| country | stations | change | rejected | feed time | fetch lag | carried |"))
        #expect(text.contains("| ES | 40 | new | none | 2025-09-27T16:05:47Z | (not fetched) | no |"), "\(text)")
        #expect(text.contains("| ES | 40 | +0 (+0.0 %) | none |"), "\(text)")
        #expect(text.contains("| FR | 192 | +0 (+0.0 %) | 8 no current price; 45 price older than 30 days |"))
        let published = TreeSnapshot.take(harness.out.appendingPathComponent("fuel"))
        let tiles = published.keys.filter { $0.hasPrefix("tiles/") }.count
        #expect(text.contains("0 tiles changed, 0 added, 0 removed, \(tiles) unchanged"), "\(text)")
        // The upload's figures: everything the first time, only the index and each country's trend (a new day's row)
        // the second.
        let uploads = text.components(separatedBy: "## Upload\n").dropFirst().map { $0 }
        #expect(uploads.count == 2)
        #expect(
            uploads.first?.contains("| PUTs | skipped | deletes | bytes | LIST requests | retries | seconds |") == true)
        // The second build, on a later UTC day, also writes the first day's history files (R14).
        let history = published.keys.filter { $0.hasPrefix("history/") }.count
        #expect(history > 0)
        #expect(uploads.first?.contains("| \(published.count - history) | 0 | 0 |") == true, "\(text)")
        let trends = published.keys.filter { $0.hasPrefix("trends/") }.count
        #expect(trends == RegisteredCountries.codes.count)
        let skipped = published.count - 1 - trends - history
        #expect(uploads.last?.contains("| \(1 + trends + history) | \(skipped) | 0 |") == true, "\(text)")
        #expect(!text.contains(server.secret))
    }

    @Test func aRefusalIsInTheSummaryWithItsReason() throws {
        let summary = RepositoryPaths.temporaryDirectory("summary").appendingPathExtension("md")
        let feeds = RepositoryPaths.temporaryDirectory("empty-feeds")
        try FileManager.default.createDirectory(at: feeds, withIntermediateDirectories: true)
        let result = try Executable.run(
            "fuel-publish", ["build", "--feeds", feeds.path, "--out", feeds.appendingPathComponent("out").path],
            environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(result.status == 1)
        let text = try String(contentsOf: summary, encoding: .utf8)
        #expect(text.hasPrefix("## Build refused"))
        #expect(text.contains("ES: \(feeds.path)/ES: the feed folder is missing"), "\(text)")
    }

    // MARK: status

    /// Where `fuel-publish status` can read a build published by ``published(builtAt:carrying:)``: both formats' indexes
    /// (`--prefix`), over HTTP and from the folder (`--base`).
    static func everyIndex(_ server: TileServer, _ out: URL) -> [(base: String, prefix: String)] {
        [server.baseURL.absoluteString, out.path].flatMap { base in ["fuel/", "fuel/v2/"].map { (base, $0) } }
    }

    /// A build of the samples at `builtAt` in both formats, with ES carried since `carriedSince` when given, served over
    /// HTTP.
    static func published(builtAt: String, carrying: Bool) throws -> (TileServer, URL) {
        let root = RepositoryPaths.temporaryDirectory("status")
        let feeds = root.appendingPathComponent("feeds")
        try FileManager.default.createDirectory(at: feeds, withIntermediateDirectories: true)
        for country in ["ES", "FR"] {
            try FileManager.default.copyItem(
                at: RepositoryPaths.samples().appendingPathComponent(country),
                to: feeds.appendingPathComponent(country))
        }
        let out = root.appendingPathComponent("out")
        func build(_ at: String) throws {
            let result = try Executable.run(
                "fuel-publish",
                [
                    "build", "--feeds", feeds.path, "--out", out.path, "--countries", "ES,FR", "--built-at", at,
                    "--carry-forward", "72", "--layout", "both",
                ])
            try #require(result.status == 0, "\(result.stderr)")
        }
        if carrying {
            try build("2026-11-29T05:00:00Z")
            let spain = feeds.appendingPathComponent("ES")
            for name in try FileManager.default.contentsOfDirectory(atPath: spain.path) {
                try Data(#"{"ResultadoConsulta":"KO","Fecha":"x","ListaEESSPrecio":[]}"#.utf8).write(
                    to: spain.appendingPathComponent(name))
            }
        }
        try build(builtAt)
        return (try TileServer(root: out), out)
    }

    struct StatusCase: Sendable, CustomTestStringConvertible {
        var label: String
        var builtAt = "2026-12-01T05:00:00Z"
        var carrying: Bool
        var now: String
        /// More options; the samples' feed times (ES 2025-09-27, FR 2026-02-08) are months before most of these
        /// builds, so a case about something else lifts the feed-age limit with `--max-feed-age`.
        var options = ["--max-feed-age", "20000"]
        var status: Int32
        var says: [String]
        var never: [String] = []
        var testDescription: String { label }
    }

    static let statusCases: [StatusCase] = [
        StatusCase(
            label: "fresh", carrying: false, now: "2026-12-01T08:00:00Z", status: 0,
            says: ["built 2026-12-01T05:00:00Z, 3.0 h ago", "ES: 40 stations", "FR: 192 stations", "\nok\n"]),
        StatusCase(
            label: "stale: the build is 4 h old, over the hourly job's default 3 h", carrying: false,
            now: "2026-12-01T09:00:00Z", status: 1,
            says: ["problem: the build of 2026-12-01T05:00:00Z is 4.0 h old, over --max-age 3.0 h", "STALE"]),
        StatusCase(
            label: "stale: the build is 31 h old, over --max-age 30", carrying: false, now: "2026-12-02T12:00:00Z",
            options: ["--max-feed-age", "20000", "--max-age", "30"], status: 1,
            says: ["problem: the build of 2026-12-01T05:00:00Z is 31.0 h old, over --max-age 30.0 h", "STALE"]),
        StatusCase(
            label: "carried within the limit", carrying: true, now: "2026-12-01T06:00:00Z",
            options: ["--max-feed-age", "20000", "--max-carried", "50"], status: 0,
            says: ["ES: 40 stations", "CARRIED since 2026-11-29T05:00:00Z (49.0 h)", "ok"]),
        StatusCase(
            label: "carried too long", carrying: true, now: "2026-12-01T06:00:00Z", status: 1,
            says: ["problem: ES has been carried forward since 2026-11-29T05:00:00Z, 49.0 h, over --max-carried 48.0 h"]
        ),
        StatusCase(
            label: "a build from the future", carrying: false, now: "2026-11-30T05:00:00Z", status: 1,
            says: ["problem: the build of 2026-12-01T05:00:00Z lies 24.0 h in the future"]),
        // Feed age, judged against each country's maxFeedAgeHours (72 h in adapters/<CC>/source.json) by default.
        StatusCase(
            label: "ES's feed time 3,232 h old, FR's 23 h: ES alone is named", builtAt: "2026-02-09T05:00:00Z",
            carrying: false, now: "2026-02-09T08:00:00Z", options: [], status: 1,
            says: [
                "ES: 40 stations, feed time 2025-09-27T16:05:47Z (3231.9 h old), feed time OLD (over 72.0 h)",
                "FR: 192 stations, feed time 2026-02-08T08:48:35Z (23.2 h old)\n",
                "problem: ES's feed time 2025-09-27T16:05:47Z is 3231.9 h old, over 72.0 h (maxFeedAgeHours in "
                    + "adapters/ES/source.json)",
                "\nSTALE\n",
            ],
            never: ["problem: FR", "problem: the build"]),
        StatusCase(
            label: "both feed times months old: both named", carrying: false, now: "2026-12-01T08:00:00Z", options: [],
            status: 1,
            says: [
                "problem: ES's feed time 2025-09-27T16:05:47Z is 10311.9 h old, over 72.0 h",
                "problem: FR's feed time 2026-02-08T08:48:35Z is 7103.2 h old, over 72.0 h (maxFeedAgeHours in "
                    + "adapters/FR/source.json)",
                "STALE",
            ]),
        StatusCase(
            label: "--max-feed-age lifts the limit", builtAt: "2026-02-09T05:00:00Z", carrying: false,
            now: "2026-02-09T08:00:00Z", options: ["--max-feed-age", "4000"], status: 0,
            says: ["ES: 40 stations, feed time 2025-09-27T16:05:47Z (3231.9 h old)\n", "\nok\n"]),
        StatusCase(
            label: "--max-feed-age tightens it", builtAt: "2026-02-09T05:00:00Z", carrying: false,
            now: "2026-02-09T08:00:00Z", options: ["--max-feed-age", "20"], status: 1,
            says: [
                "problem: FR's feed time 2026-02-08T08:48:35Z is 23.2 h old, over 20.0 h (--max-feed-age)",
                "problem: ES's feed time",
            ]),
    ]

    @Test(.tags(.server), arguments: statusCases)
    func statusSaysHowOldThePublishedDataIs(_ testCase: StatusCase) throws {
        let (server, out) = try Self.published(builtAt: testCase.builtAt, carrying: testCase.carrying)
        defer { server.stop() }
        // Both formats' indexes say the same, over HTTP and from the folder.
        for (base, prefix) in Self.everyIndex(server, out) {
            let result = try Executable.run(
                "fuel-publish",
                ["status", "--base", base, "--prefix", prefix, "--now", testCase.now] + testCase.options)
            #expect(result.status == testCase.status, "\(base) \(prefix): \(result.stdout)\(result.stderr)")
            for words in testCase.says {
                #expect(result.stdout.contains(words), "\(base) \(prefix): \(result.stdout)")
            }
            for words in testCase.never {
                #expect(!result.stdout.contains(words), "\(base) \(prefix): \(result.stdout)")
            }
        }
    }

    @Test func anUnreachableIndexFailsNamingIt() throws {
        let result = try Executable.run("fuel-publish", ["status", "--base", "http://127.0.0.1:9"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot fetch the published index"), "\(result.stderr)")
    }

    /// A hostile index that inflates to 600 MB (a gzip bomb of about 600 kB) is stopped at the cap: `status` fails
    /// naming it, and its peak memory stays far below what inflating it would take.
    @Test func aGzipBombIndexIsStoppedAtTheCap() throws {
        let root = RepositoryPaths.temporaryDirectory("status-bomb")
        let folder = root.appendingPathComponent("fuel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bomb = folder.appendingPathComponent("index.json")
        let made = try CapturedRun.run(
            "/bin/sh", ["-c", "head -c 600000000 /dev/zero | gzip -1 > \"$1\"", "sh", bomb.path])
        try #require(made.status == 0, "\(made.stderr)")
        // Measured by time(1), whose own child the command is: a process spawned straight from the test runner
        // inherits the runner's RSS high-water mark across its exec.
        let result = try CapturedRun.run(
            "/usr/bin/time", ["-f", "peak %M kB", Executable.url("fuel-publish").path, "status", "--base", root.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("does not inflate within 16"), "\(result.stderr)")
        let peak = result.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }
        let peakMB = try #require(peak.flatMap { Double($0.split(separator: " ")[1]) }) / 1024
        #expect(peakMB < 100, "peak RSS \(peakMB) MB")
    }
}
