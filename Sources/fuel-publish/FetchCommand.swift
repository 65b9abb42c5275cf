import Foundation
import FuelCommandLine
import FuelFeeds
import FuelFetch
import FuelFormat

/// `fuel-publish fetch`: download the national feeds into the feeds folder.
enum FetchCommand {
    static let usage = """
        usage: fuel-publish fetch [--countries ES,PT,…] [--feeds DIR] [--adapters DIR] [--rate N]
                                  [--endpoint CC=URL]... [--attempts N] [--retry-delay SECONDS] [--offline]
                                  [--due] [--now TIME]
               fuel-publish fetch --check [--countries …] [--adapters DIR] [--endpoint CC=URL]...

        Downloads each country's feed into DIR/<CC>/ (default DIR: feeds), all-or-nothing per country: files are
        downloaded to hidden temporary files, checked (not empty, JSON/ZIP/CSV as expected, not an HTML page),
        and only then moved into place. A failed country keeps its previous files and is marked failed in
        DIR/manifest.json, so the build refuses it. Unchanged files are reused (If-None-Match/If-Modified-Since).

          --countries LIST      countries to fetch (default: every configured country)
          --feeds DIR           the feeds folder (default: feeds)
          --adapters DIR        adapter metadata; endpoints and limits come from the "fetch" object of
                                DIR/<CC>/source.json (default: the metadata built into fuel-publish)
          --rate N              requests per second to each publisher (default 2, or the source's setting)
          --endpoint CC=URL     replace a country's endpoint; also FUEL_ENDPOINT_<CC>=URL in the environment
          --attempts N          attempts per request before giving up (default 4)
          --retry-delay S       seconds before the first retry; later ones back off exponentially (default 2)
          --offline             fetch nothing, write nothing: list what DIR already holds per country, and fail
                                for a country whose folder is empty or whose last fetch failed
          --due                 fetch only the countries that are due: never fetched, last fetch failed, or
                                their refreshMinutes / refreshAfter (source.json) come since the last fetch;
                                the others are left as they are, files and manifest entry, with no request. A
                                last fetch dated more than 10 minutes ahead of the clock (a bad clock's) is due
                                at once, with a warning naming it
          --now TIME            the run's clock: manifest times and what is due (replays, tests); like build's
                                --built-at, at most 10 minutes ahead of this machine's clock
          --check               one light request per country instead of a fetch (PT one row, ES its smallest
                                filtered query, FR the ZIP, IT the first 16 KB of both files, AT the region
                                list); prints a table of HTTP status, TLS verification, whether the shape is
                                recognised, what it counted and the latency; writes nothing

        Exit status: 0 when every country was fetched (with --check: is usable), 1 when any failed (each is named
        with the reason), 64 for a usage error.
        """

    static func run(_ arguments: inout Arguments) async throws {
        if arguments.wantsHelp { throw CleanExit(usage) }
        do {
            try await fetch(&arguments)
        } catch let error as UsageError {
            throw UsageError(error.message, usage: usage)
        }
    }

    private static func fetch(_ arguments: inout Arguments) async throws {
        let countries = try arguments.list("--countries")?.map { $0.uppercased() }
        let feeds = try arguments.option("--feeds") ?? "feeds"
        let adapters = try Folders.adapters(try arguments.option("--adapters"))
        let check = try arguments.flag("--check")
        let now = try BuildCommand.timeOption("--now", &arguments)
        var options = try parseOptions(&arguments, countries: countries, feeds: feeds, adapters: adapters)
        try arguments.finish()
        if let now {
            // As the build refuses a future --built-at: a fetch dated ahead would look fetched until then.
            let ahead = now.timeIntervalSinceNow
            guard ahead <= FeedFetcher.clockTolerance else {
                throw UsageError(
                    "--now \(UTCTime.format(now)) lies " + String(format: "%.1f h", ahead / 3600)
                        + " ahead of this machine's clock; a replay may be in the past, never ahead")
            }
            options.now = { now }
        }
        if check {
            if options.offline { throw UsageError("--check asks the services; it cannot be --offline") }
            try await checkServices(options)
        } else {
            try await execute(options)
        }
    }

    /// `--check`: the table on stdout, the problems on stderr.
    /// - Throws: ``ExitCode/failure`` when any country is not usable.
    static func checkServices(_ options: FetchOptions) async throws {
        let results = await FeedChecker(options: options).run()
        for line in FeedCheckTable.lines(results) { Console.output(line) }
        let unusable = results.filter { !$0.usable }
        guard unusable.isEmpty else {
            let names = Array(Set(unusable.map(\.country))).sorted().joined(separator: ", ")
            Console.error("error: not usable: \(names):")
            for result in unusable { Console.error("  \(result.country): \(result.url): \(result.problem ?? "")") }
            throw ExitCode.failure
        }
    }

    /// Reads the fetch-only options; the caller has read `--countries`, `--feeds` and `--adapters`, which the
    /// whole run shares with `build`.
    static func parseOptions(
        _ arguments: inout Arguments, countries: [String]?, feeds: String, adapters: URL?
    ) throws -> FetchOptions {
        let environment = ProcessInfo.processInfo.environment
        let rate = try arguments.option("--rate", as: { Double($0) }, expected: "a number of requests per second")
        let attempts = try arguments.option("--attempts", as: { Int($0) }, expected: "a whole number")
        let retryDelay = try arguments.option("--retry-delay", as: { Double($0) }, expected: "seconds")
        var endpoints: [String: String] = [:]
        for text in try arguments.repeatedOption("--endpoint") {
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw UsageError("--endpoint expects CC=URL, got '\(text)'")
            }
            let country = text[..<equals].uppercased()
            let url = String(text[text.index(after: equals)...])
            if let problem = SourceSettings.endpointProblem(url) {
                throw UsageError("--endpoint \(country)=…: \(problem)")
            }
            endpoints[country] = url
        }
        let offline = try arguments.flag("--offline")
        let onlyDue = try arguments.flag("--due")

        // The list build reads too: the registered countries with metadata.
        let supported = CountryRegistry.configuredCountries(adaptersDirectory: adapters)
        let countries = try Folders.countries(countries, adapters: adapters)
        for country in (countries ?? []) + endpoints.keys.sorted() where !supported.contains(country) {
            throw UsageError("no fetcher for country '\(country)'; known: \(supported.joined(separator: ","))")
        }
        if let rate, !(rate > 0 && rate <= 1000) { throw UsageError("--rate must be above 0 and at most 1000") }
        if let attempts, !(1...20).contains(attempts) { throw UsageError("--attempts must be 1 to 20") }
        if let retryDelay, !(0...600).contains(retryDelay) { throw UsageError("--retry-delay must be 0 to 600") }

        var options = FetchOptions(
            feedsDirectory: URL(fileURLWithPath: feeds, isDirectory: true),
            adaptersDirectory: adapters, countries: countries)
        options.environment = environment
        options.endpointOverrides = endpoints
        options.requestsPerSecond = rate
        options.attempts = attempts
        options.retryBaseDelay = retryDelay
        options.offline = offline
        options.onlyDue = onlyDue
        if FeedFetcher(options: options).countries.isEmpty {
            throw UsageError(
                "no countries to fetch: none configured \(adapters.map { "under \($0.path)" } ?? "built in") that "
                    + "fetching supports")
        }
        return options
    }

    /// Fetches with progress on stderr.
    /// - Throws: ``ExitCode/failure`` after naming every failed country.
    static func execute(_ options: FetchOptions) async throws {
        let fetcher = FeedFetcher(options: options)

        let terminal = Console.stderrCanRedraw
        let display = FetchProgressDisplay(terminal: terminal) { Console.errorRaw($0) }
        // Without a terminal to redraw on (or with TERM=dumb), a long crawl (AT) still says where it is at least every 10 s.
        let beat = Heartbeat(line: { display.statusLine(seconds: $0) }, write: { Console.error($0) })
        if !terminal { beat.start() }
        defer { beat.stop() }
        let report = try await fetcher.run(events: { event in
            if case .finished = event { beat.noteOutput() }
            display.handle(event)
        })
        let failures = report.failures
        guard failures.isEmpty else {
            let names = failures.map(\.country).joined(separator: ", ")
            Console.error("error: fetch failed for \(names):")
            for failure in failures {
                Console.error("  \(failure.error.map(String.init(describing:)) ?? failure.country)")
            }
            throw ExitCode.failure
        }
    }
}
