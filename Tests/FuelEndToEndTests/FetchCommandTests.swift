import Foundation
import FuelBuild
import FuelFeeds
import FuelFetch
import FuelUpload
import Testing
import _FuelTestSupport

/// The built `fuel-publish fetch` with the repository's own `adapters/<CC>/source.json`, every endpoint pointed
/// at the local feed server through `FUEL_ENDPOINT_<CC>`.
@Suite(.tags(.executable), .serverLogsOnFailure) struct FetchCommandTests {
    static let countries = CountryRegistry.codes

    @Test(.tags(.server)) func theRepositoryConfigsFetchAllFiveAndTheAdaptersReadTheResult() async throws {
        let harness = try FetchHarness()
        let result = try Executable.run(
            "fuel-publish",
            ["fetch", "--feeds", harness.feeds.path, "--adapters", RepositoryPaths.adapters().path, "--rate", "50"],
            environment: harness.endpointEnvironment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains(" ok: ") }.map { String($0.prefix(2)) }.sorted() == Self.countries)
        let manifest = try #require(try harness.manifest())
        for country in Self.countries {
            #expect(manifest.countries[country]?.status == "ok", "\(country)")
            let config = try CountryConfig.load(country: country, adaptersDirectory: RepositoryPaths.adapters())
            let adapter = try #require(CountryRegistry.country(country))
            let input = FeedInput(
                folder: harness.feeds.appendingPathComponent(country), config: config, manifest: manifest)
            let parsed = try adapter.parse(input)
            #expect(!parsed.stations.isEmpty, "\(country): the adapter found no station in the fetched files")
        }
    }

    @Test(.tags(.server)) func aFailedCountryExitsOneNamingItAndWhy() async throws {
        let harness = try FetchHarness()
        try await harness.program(path: "/files/ES/doc.json", faults: [["kind": "status", "code": 500, "times": -1]])
        let result = try Executable.run(
            "fuel-publish",
            [
                "fetch", "--countries", "ES,FR", "--feeds", harness.feeds.path, "--adapters",
                RepositoryPaths.adapters().path, "--attempts", "2", "--retry-delay", "0.01",
            ],
            environment: harness.endpointEnvironment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: fetch failed for ES:"), "\(result.stderr)")
        #expect(result.stderr.contains("HTTP 500 (after 2 attempts)"), "\(result.stderr)")
        #expect(result.stderr.contains("FR ok: 1 file"), "\(result.stderr)")
        #expect(try harness.manifest()?.countries["ES"]?.failed == true)
    }

    @Test(.tags(.server)) func aPermanent500KeepsTheFileAndMakesTheBuildRefuse() async throws {
        let harness = try FetchHarness()
        let out = RepositoryPaths.temporaryDirectory("fetch-build-out")
        let fetch = [
            "fetch", "--countries", "ES", "--feeds", harness.feeds.path, "--adapters", RepositoryPaths.adapters().path,
            "--attempts", "2", "--retry-delay", "0.01",
        ]
        // The served sample is from 2025, so fetched today it would read as a frozen feed: allow that here.
        let build = [
            "build", "--dry-run", "--countries", "ES", "--feeds", harness.feeds.path, "--out", out.path,
            "--adapters", RepositoryPaths.adapters().path, "--allow-stale-feeds",
        ]
        let environment = harness.endpointEnvironment
        #expect(try Executable.run("fuel-publish", fetch, environment: environment).status == 0)
        let good = try Executable.run("fuel-publish", build)
        #expect(good.status == 0, "the build refused a good fetch: \(good.stderr)")
        let before = harness.feedFile("ES/EstacionesTerrestres.json")

        try await harness.program(path: "/files/ES/doc.json", faults: [["kind": "status", "code": 500, "times": -1]])
        #expect(try Executable.run("fuel-publish", fetch, environment: environment).status == 1)
        #expect(harness.feedFile("ES/EstacionesTerrestres.json") == before)
        let refused = try Executable.run("fuel-publish", build)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("its last fetch failed"), "\(refused.stderr)")
        #expect(refused.stderr.contains("HTTP 500"), "\(refused.stderr)")
    }

    @Test func offlineListsWhatEachCountryHoldsAndFailsAnEmptyOne() throws {
        let arguments = ["fetch", "--offline", "--adapters", RepositoryPaths.adapters().path, "--feeds"]
        let samples = try Executable.run("fuel-publish", arguments + [RepositoryPaths.samples().path])
        #expect(samples.status == 0, "\(samples.stderr)")
        #expect(samples.stderr.contains("ES offline: 2 files already in the feeds folder"), "\(samples.stderr)")
        for country in ["AT", "FR", "IT", "PT"] { #expect(samples.stderr.contains("\(country) offline: ")) }

        let empty = RepositoryPaths.temporaryDirectory("fetch-offline")
        defer { try? FileManager.default.removeItem(at: empty) }
        let missing = try Executable.run("fuel-publish", arguments + [empty.path, "--countries", "IT"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("holds no feed files"), "\(missing.stderr)")
    }

    typealias UsageCase = NamedCase<(arguments: [String], message: String)>

    static let usageCases: [UsageCase] = [
        UsageCase(
            "an unknown country", (arguments: ["--countries", "XX"], message: "unknown country XX; configured")),
        UsageCase("a rate that is not a number", (arguments: ["--rate", "fast"], message: "--rate expects")),
        UsageCase("a zero rate", (arguments: ["--rate", "0"], message: "--rate must be above 0")),
        UsageCase("an endpoint without a country", (arguments: ["--endpoint", "http://x"], message: "CC=URL")),
        UsageCase("an unknown option", (arguments: ["--fast"], message: "unknown option --fast")),
        UsageCase(
            "an endpoint that is not a URL",
            (
                arguments: ["--endpoint", "ES=notaurl"],
                message: "error: --endpoint ES=…: endpoint notaurl is not an http(s) URL"
            )),
    ]

    @Test(arguments: usageCases)
    func usageErrorsExit64(_ usage: UsageCase) throws {
        let feeds = RepositoryPaths.temporaryDirectory("fetch-usage")
        let result = try Executable.run("fuel-publish", ["fetch", "--feeds", feeds.path] + usage.arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(usage.message), "\(result.stderr)")
        #expect(result.stderr.contains("usage: fuel-publish fetch"))
        #expect(!result.stderr.contains("source.json (built in)"), "the metadata is not at fault: \(result.stderr)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: feeds.path))?.isEmpty == true)
    }

    @Test func helpGoesToStdoutAndExitsZero() throws {
        let result = try Executable.run("fuel-publish", ["fetch", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("usage: fuel-publish fetch"))
        #expect(result.stdout.contains("FUEL_ENDPOINT_<CC>"))
    }
}

/// Long work without a terminal (a CI log) says where it is at least every interval (10 s; 0.2 s here).
@Suite(.tags(.server, .executable)) struct ProgressLineTests {
    @Test func aSlowFetchPrintsWhereItIsWhileItWaits() async throws {
        let harness = try FetchHarness()
        try await harness.program(path: "/files/ES/doc.json", faults: [["kind": "delay", "seconds": 1.5, "times": 1]])
        let result = try Executable.run(
            "fuel-publish",
            [
                "fetch", "--countries", "ES", "--feeds", harness.feeds.path, "--adapters",
                RepositoryPaths.adapters().path,
            ],
            environment: harness.endpointEnvironment.merging(["FUEL_PROGRESS_SECONDS": "0.2"]) { $1 })
        #expect(result.status == 0, "\(result.stderr)")
        let beats = result.stderr.split(separator: "\n").filter { $0.hasPrefix("fetching, ") }
        #expect(beats.count >= 3, "\(result.stderr)")
        #expect(beats.allSatisfy { $0.contains("ES ") }, "\(beats)")
    }
}

/// On a real terminal (a pseudo-terminal from `script`), the fetch redraws its live line with `\r` and `ESC[K`,
/// unless `TERM` says the terminal cannot take them (`dumb`): then only whole lines, and the heartbeat.
@Suite(.tags(.server, .executable), .serverLogsOnFailure) struct TerminalProgressTests {
    @Test(arguments: [("xterm-256color", true), ("dumb", false)])
    func redrawEscapesFollowTERM(_ term: String, _ redraws: Bool) async throws {
        let harness = try FetchHarness()
        let command = [
            Executable.url("fuel-publish").path, "fetch", "--countries", "ES", "--feeds", harness.feeds.path,
            "--adapters", RepositoryPaths.adapters().path,
        ].map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        var environment = ProcessInfo.processInfo.environment.merging(harness.endpointEnvironment) { $1 }
        environment["TERM"] = term
        // `script` runs the command on a pseudo-terminal and copies what it wrote to its own stdout.
        let result = try CapturedRun.run("script", ["-qec", command, "/dev/null"], environment: environment)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ES ok: 1 file"), "\(result.stdout)")
        #expect(result.stdout.contains("\u{1B}[K") == redraws, "\(result.stdout.debugDescription)")
    }

    /// `fetch --now` dates the run like `build --built-at`: the manifest holds that time, and what is due is judged
    /// at it; a time more than 10 minutes ahead of the clock is a usage error.
    @Test(.tags(.server)) func nowDatesTheFetchAndMayNotLieAhead() async throws {
        let harness = try FetchHarness()
        let arguments = [
            "fetch", "--feeds", harness.feeds.path, "--adapters", RepositoryPaths.adapters().path, "--rate", "50",
            "--countries", "ES",
        ]
        let replay = try Executable.run(
            "fuel-publish", arguments + ["--now", "2026-01-02T03:04:05Z"], environment: harness.endpointEnvironment)
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(try harness.manifest()?.countries["ES"]?.fetchedAt == "2026-01-02T03:04:05Z")

        let ahead = try Executable.run(
            "fuel-publish", arguments + ["--now", "9999-12-31T00:00:00Z"], environment: harness.endpointEnvironment)
        #expect(ahead.status == 64)
        #expect(ahead.stderr.contains("--now 9999-12-31T00:00:00Z lies"), "\(ahead.stderr)")
        #expect(try harness.manifest()?.countries["ES"]?.fetchedAt == "2026-01-02T03:04:05Z")
    }
}
