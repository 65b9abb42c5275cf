import Foundation
import FuelBuild
import FuelCommandLine
import FuelFormat
import FuelPublishing

/// `fuel-publish build`: feeds on disk to the published file set.
enum BuildCommand {
    static let usage = """
        usage: fuel-publish build [--feeds DIR] [--out DIR] [--countries ES,PT,…] [--adapters DIR]
                                  [--built-at 2026-11-30T05:00:00Z] [--allow-shrink] [--allow-stale-feeds]
                                  [--carry-forward HOURS] [--first-run] [--layout v1|v2|both] [--skip-unchanged]
                                  [--ignore-kept-state] [--split-tile-bytes N]
                                  [--dry-run] [--json]

        Parses DIR/<CC>/… for every configured country, validates, and writes OUT/fuel/{tiles,brands}/…,
        sources.json and index.json, each gzipped exactly as it will be uploaded. If any country fails, nothing
        is written and the previous OUT/fuel stays. The report goes to stderr (stdout with --json).

        options:
          --feeds DIR        feed folder, laid out DIR/<CC>/… (default: feeds)
          --out DIR          output folder; the build appears as OUT/fuel (default: out)
          --countries LIST   comma-separated country codes (default: every configured country)
          --adapters DIR     per-country metadata, DIR/<CC>/source.json (default: the metadata built into
                             fuel-publish, a copy of the repository's adapters/)
          --built-at TIME    the index's builtAt, UTC (default: $SOURCE_DATE_EPOCH, else now); any past time (a
                             replay), but at most 10 minutes ahead of the machine's clock, else the build is refused
          --allow-shrink     publish even if a country lost more than its maxShrinkPercent (10 unless its
                             source.json says otherwise) of its previously published stations, or is missing
                             (a --countries subset of a fuller build is refused without it). A smaller loss, past
                             its warnShrinkPercent (3 unless source.json says otherwise), publishes with a warning
                             (a ::warning::, a WARNING line, "shrinkWarning" in --json)
          --allow-stale-feeds
                             publish even if a fetched feed's newest time lags its fetch by more than the
                             country's maxFeedAgeHours (adapters/<CC>/source.json), or every response has been
                             byte-identical to the previous fetch's for longer than that (AT): a frozen feed
          --carry-forward HOURS
                             a country that fails (fetch failed, folder missing, feed refused or frozen, no
                             valid station) is published from the previous build, its stations unchanged and
                             its index entry marked carriedSince, while its last fresh build is at most HOURS
                             old; after that the build refuses as without the option
          --first-run        only for the first build in OUT (no OUT/fuel yet), when there is nothing to carry:
                             build the countries whose fetch succeeded according to DIR/manifest.json, and leave
                             out the others with a warning each (::warning::, a WARNING line, "leftOut" in --json).
                             A fetched country whose feed fails still refuses the build. Refused once OUT/fuel
                             exists: a later failed country is carried forward (--carry-forward) or refuses,
                             except one the published build has never held, which is left out, with the same
                             warning, until its first good fetch (no flag needed)
          --layout L         v1: format 1 (docs/format.md), the default; v2: format 2 alone, its
                             content-addressed files, index and archived build under OUT/fuel/v2/; both: the
                             two side by side, for apps migrating to format 2
          --skip-unchanged   when every country's feed files and metadata are the ones the build in OUT was
                             made from (and it holds exactly these countries, fresh, in these formats), build
                             nothing, write nothing and say so ("unchangedSince" in --json); without it, and for
                             any country whose inputs changed, such a country is still reused from OUT/fuel
                             without parsing its feed again
          --ignore-kept-state  read the previous build's stations and prices (last changes, first-seen
                             times) from its tiles instead of the state it kept in OUT/.kept-state/; the
                             output is the same, the build slower (the state is written either way)
          --split-tile-bytes N  format 2 (--layout v2 or both): a tile whose JSON is longer than N bytes
                             (default 32768) is also published in parts, one per non-empty quarter of its cell
                             (v2/parts/<key>.<tilehash>.<q>.json), which readers of v2/root.json read around a point
          --dry-run          build and report, but write nothing
          --json             print the report as JSON on stdout (machine keys: reasons as codes, their
                             sentences under "reasons"); a refused build prints {"ok": false, "error": …}
        """

    static func run(_ arguments: inout Arguments) async throws {
        if arguments.wantsHelp { throw CleanExit(usage) }
        do {
            let json = try arguments.flag("--json")
            let options = try parseOptions(&arguments)
            try arguments.finish()
            try Folders.requireFeeds(options.feedsDirectory)
            try await execute(options, json: json)
        } catch let error as UsageError {
            throw UsageError(error.message, usage: usage)
        }
    }

    /// Builds, printing progress and the report.
    /// - Returns: the report and the files (none when ``BuildReport/unchangedSince`` says nothing changed).
    /// - Throws: ``BuildError``; the output is then untouched.
    @discardableResult
    static func execute(_ options: BuildOptions, json: Bool) async throws -> (BuildReport, [PublishedFile]) {
        var builder = Builder(options: options)
        if let stall = TestHooks.stallBeforeSwap {
            builder.beforeSwap = { Thread.sleep(forTimeInterval: stall) }
        }
        let report: BuildReport
        let files: [PublishedFile]
        // A large build (scale 20: 20 s) says it is alive at least every 10 s, whatever stderr is.
        let display = BuildProgressDisplay(write: { Console.error($0) })
        let heartbeat = Heartbeat(line: display.heartbeatLine, write: { Console.error($0) })
        heartbeat.start()
        defer { heartbeat.stop() }
        do {
            (report, files) = try await builder.run { event in
                if display.handle(event) { heartbeat.noteOutput() }
            }
        } catch {
            GitHubActions.appendSummary(BuildReport.refusalMarkdown(String(describing: error)))
            // stdout stays one JSON document for a machine; the message still goes to stderr with the exit code.
            if json { Console.output(BuildFailure(error).json()) }
            throw error
        }
        if json { Console.output(report.json()) } else { Console.error(report.text()) }
        if report.unchangedSince != nil {
            GitHubActions.appendSummary("## Nothing changed\n\n" + report.text() + "\n")
            return (report, files)
        }
        GitHubActions.appendSummary(report.markdown())
        for omitted in report.leftOut ?? [] {
            let which = omitted.notYetPublished == true ? "not yet published" : "left out of the first build"
            GitHubActions.warning(title: "\(omitted.country) \(which)", omitted.sentence)
        }
        for country in report.countries {
            if let warning = country.shrinkWarning {
                GitHubActions.warning(
                    title: "\(country.country) lost \(String(format: "%.1f", warning.lostPercent)) % of its stations",
                    warning.sentence(country.country))
            }
            guard let since = country.carriedSince else { continue }
            GitHubActions.warning(
                title: "\(country.country) carried forward",
                "\(country.country) was published from the previous build (last fresh build \(since)): "
                    + (country.carriedBecause ?? "its feed failed"))
        }
        return (report, files)
    }

    static func parseOptions(_ arguments: inout Arguments) throws -> BuildOptions {
        let feeds = try arguments.option("--feeds") ?? "feeds"
        let out = try arguments.option("--out") ?? "out"
        let adapters = try Folders.adapters(try arguments.option("--adapters"))
        let countries = try Folders.countries(try arguments.list("--countries"), adapters: adapters)
        let dryRun = try arguments.flag("--dry-run")
        return try parseOptions(
            &arguments, feeds: URL(fileURLWithPath: feeds, isDirectory: true), out: out, adapters: adapters,
            countries: countries, dryRun: dryRun)
    }

    /// Reads the build-only options; the whole run reads the folders, countries and `--dry-run` itself.
    static func parseOptions(
        _ arguments: inout Arguments, feeds: URL, out: String, adapters: URL?, countries: [String]?,
        dryRun: Bool
    ) throws -> BuildOptions {
        let builtAt = try timeOption("--built-at", &arguments)
        let allowShrink = try arguments.flag("--allow-shrink")
        let allowStaleFeeds = try arguments.flag("--allow-stale-feeds")
        let layout = try layoutOption(&arguments)
        let carryForward = try arguments.option(
            "--carry-forward", as: { Double($0).flatMap { $0 > 0 && $0 <= 8760 ? $0 : nil } },
            expected: "a number of hours above 0 and at most 8760")
        let firstRun = try arguments.flag("--first-run")
        let skipUnchanged = try arguments.flag("--skip-unchanged")
        let ignoreKeptState = try arguments.flag("--ignore-kept-state")
        let splitTileBytes = try arguments.number(
            "--split-tile-bytes", default: Format2.defaultSplitTileBytes, within: 1...1_000_000_000)
        var options = BuildOptions(
            feedsDirectory: feeds, outputDirectory: URL(fileURLWithPath: out), adaptersDirectory: adapters,
            countries: countries,
            builtAt: try builtAt ?? sourceDateEpoch()
                ?? Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)),
            allowShrink: allowShrink, allowStaleFeeds: allowStaleFeeds, dryRun: dryRun,
            carryForwardHours: carryForward, layout: layout)
        options.firstRun = firstRun
        options.skipUnchanged = skipUnchanged
        options.ignoreKeptState = ignoreKeptState
        options.splitTileBytes = splitTileBytes
        return options
    }

    /// `--layout v1|v2|both`, shared by build, upload and the whole run.
    static func layoutOption(_ arguments: inout Arguments) throws -> PublishLayout {
        try arguments.option("--layout", as: PublishLayout.init(rawValue:), expected: PublishLayout.choices)
            ?? .standard
    }

    /// A time option such as `--built-at` or `--now`, nil when not given.
    static func timeOption(_ name: String, _ arguments: inout Arguments) throws -> Date? {
        try arguments.option(name, as: parseTime, expected: "a UTC time like 2026-11-30T05:00:00Z")
    }

    /// `--now`, the clock that ages are measured from; the real clock when not given.
    static func now(_ arguments: inout Arguments) throws -> Date {
        try timeOption("--now", &arguments) ?? Date()
    }

    /// `2026-11-30T05:00:00Z` or seconds since 1970.
    static func parseTime(_ text: String) -> Date? {
        if let seconds = UTCTime.parse(text) ?? Int64(text) {
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        return nil
    }

    /// `SOURCE_DATE_EPOCH`, the reproducible-builds convention.
    static func sourceDateEpoch() throws -> Date? {
        guard let text = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] else { return nil }
        guard let seconds = Int64(text) else {
            throw UsageError("SOURCE_DATE_EPOCH must be whole seconds, got '\(text)'")
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
