import Foundation
import FuelCommandLine
import FuelFeeds
import FuelUpload

/// `fuel-publish status`: how old the published data is, for an operator or any monitor.
enum StatusCommand {
    /// `--max-age`'s default, in hours: the publish job runs every hour (at :07, .github/workflows/publish.yml), so
    /// a healthy build is at most about an hour old; 3 h allows for GitHub starting a scheduled run late (often
    /// 10 to 30 minutes, at busy times more) and for one run that failed or was skipped, and still catches a job
    /// that stopped within hours.
    static let defaultMaxAgeHours = 3.0
    /// `--max-carried`'s default, in hours: the publish job's `--carry-forward 48`.
    static let defaultMaxCarriedHours = 48.0

    static let usage = """
        usage: fuel-publish status --base URL|DIR [--prefix fuel/] [--max-age 3] [--max-carried 48]
                                   [--max-feed-age H] [--now TIME] [--origin ORIGIN] [--json]

        Reads the published index (URL/<prefix>index.json over HTTP(S), or DIR/<prefix>index.json) and prints
        the build's age and each country's feed time, age and carried-forward state.

          --base URL|DIR     where the data is published: the public base URL, or a build folder (OUT)
          --prefix P         key prefix (default: fuel/; fuel/v2/ reads format 2's index)
          --max-age H        the build may be at most H hours old (default: 3: the hourly job, plus a late start
                             and one missed run)
          --max-carried H    a country may be carried forward for at most H hours (default: 48, the job's
                             --carry-forward)
          --max-feed-age H   a country's feed time may be at most H hours old (default: each country's
                             maxFeedAgeHours, adapters/<CC>/source.json: 72): older means its prices stopped moving
          --now TIME         judge ages at this UTC time instead of now (for tests and replays)
          --origin ORIGIN    also check that a web page on ORIGIN (https://app.example.org) can read the data:
                             send the index URL a browser's CORS preflight (OPTIONS for a GET with
                             If-None-Match) and a GET with Origin, and name each missing part of the CORS rule
                             (allowed origin, GET, If-None-Match; exposed ETag) with the section of
                             docs/browsers.md to read; --base must be the public URL
          --json             print the same facts as one JSON document on stdout, keys sorted (docs/operators.md):
                             "verdict" (ok, stale, unreadable), "healthy" (true exactly when the exit status is
                             0), "build", "countries", "problems" (each with its "kind": build-too-old,
                             build-in-future, carried-too-long, feed-too-old), "limits", "checkedAt", "index", and
                             with --origin "browserAccess"; an index that cannot be read gives "error"

        Exit status: 0 when fresh (and, with --origin, readable from ORIGIN), 1 when the build is too old or dated
        in the future, a country is carried too long or its feed time is too old, the index cannot be read, or a
        part of the CORS rule is missing; 64 for a usage error.
        """

    static func run(_ arguments: inout Arguments) async throws {
        let (base, prefix, maxAge, maxCarried, maxFeedAge, now, origin, json) = try arguments.parse(usage: usage) {
            arguments in
            guard let given = try arguments.option("--base") else { throw UsageError("--base is required") }
            let hours = { (text: String) in Double(text).flatMap { $0 > 0 ? $0 : nil } }
            let expected = "a number of hours above 0"
            let remote = given.hasPrefix("http://") || given.hasPrefix("https://")
            let origin = try arguments.option(
                "--origin", as: BrowserAccess.origin(_:), expected: "a web origin, scheme://host[:port] without a path")
            if origin != nil && !remote {
                throw UsageError("--origin needs --base to be the public http(s) URL, which is what a browser reads")
            }
            return (
                remote ? given : URL(fileURLWithPath: given).path,
                try arguments.option("--prefix") ?? "fuel/",
                try arguments.option("--max-age", as: hours, expected: expected) ?? defaultMaxAgeHours,
                try arguments.option("--max-carried", as: hours, expected: expected) ?? defaultMaxCarriedHours,
                try arguments.option("--max-feed-age", as: hours, expected: expected),
                try BuildCommand.now(&arguments),
                origin,
                try arguments.flag("--json")
            )
        }
        let folder = prefix.isEmpty || prefix.hasSuffix("/") ? prefix : prefix + "/"
        let location = PublishedStatus.indexLocation(base: base, prefix: folder)
        var document = StatusDocument(status: nil, location: location)
        // With --json, an index or origin that cannot be read still gives the monitor its document; the error goes
        // to stderr, and the exit status is 1, as without --json.
        func orFail<T>(_ step: () async throws -> T) async throws -> T {
            do {
                return try await step()
            } catch let error as StatusError where json {
                document.error = error.message
                Console.output(document.json())
                throw error
            }
        }
        let status = try await orFail {
            try await PublishedStatus.check(
                base: base, prefix: folder, maxAgeHours: maxAge, maxCarriedHours: maxCarried,
                feedAgeLimits: try feedAgeLimits(override: maxFeedAge), now: now)
        }
        document.status = status
        if !json { for line in status.lines { Console.output(line) } }
        if let origin {
            let access = try await orFail { try await BrowserAccess.check(origin: origin, url: location) }
            document.access = access
            if !json { for line in access.lines { Console.output(line) } }
        }
        if json { Console.output(document.json()) }
        guard document.healthy else { throw ExitCode.failure }
    }

    /// Each configured country's limit on its feed time's age: `--max-feed-age` for all when given, else its
    /// `maxFeedAgeHours` in the metadata built into fuel-publish (a country without one is not judged).
    /// - Throws: ``FeedError`` when the built-in metadata cannot be read.
    static func feedAgeLimits(override: Double?) throws -> [String: PublishedStatus.FeedAgeLimit] {
        var limits: [String: PublishedStatus.FeedAgeLimit] = [:]
        for country in CountryConfig.configuredCountries(adaptersDirectory: nil) {
            if let override {
                limits[country] = PublishedStatus.FeedAgeLimit(hours: override, setBy: "--max-feed-age")
            } else if let hours = try CountryConfig.load(country: country, adaptersDirectory: nil).maxFeedAgeHours {
                limits[country] = PublishedStatus.FeedAgeLimit(
                    hours: Double(hours), setBy: "maxFeedAgeHours in adapters/\(country)/source.json")
            }
        }
        return limits
    }
}
