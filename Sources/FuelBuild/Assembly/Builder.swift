import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat
import FuelPublishing

/// Everything a build needs to know.
public struct BuildOptions: Sendable {
    /// `DIR` holding `DIR/<CC>/…` and, after fetching, `DIR/manifest.json`.
    public var feedsDirectory: URL
    /// `OUT`; the build is published as `OUT/fuel`.
    public var outputDirectory: URL
    /// `adapters/`, holding each country's metadata; nil reads the metadata built into the executables.
    public var adaptersDirectory: URL?
    /// The countries to build; nil means every country configured in `adapters/`.
    public var countries: [String]?
    /// The index's `builtAt`; the only build-time value in the output.
    public var builtAt: Date
    /// Publish even when a country lost more than its `maxShrinkPercent` (10 % unless its metadata says otherwise).
    public var allowShrink: Bool
    /// Publish even when a country's feed lags its fetch by more than its `maxFeedAgeHours` (see ``FeedFreshness``).
    public var allowStaleFeeds: Bool
    /// Build and report, but leave `OUT` untouched.
    public var dryRun: Bool
    /// `--carry-forward HOURS`: a configured country that fails is published from the previous build, unchanged,
    /// as long as its last fresh build is at most this many hours older than ``builtAt``; nil refuses as before.
    public var carryForwardHours: Double?
    /// Which formats to write into `OUT/fuel`: format 1's files, format 2's under `v2/`, or both.
    public var layout: PublishLayout
    /// The machine's clock, which ``builtAt`` may not run ahead of by more than `PublishingClock.tolerance`.
    public var now: @Sendable () -> Date = { Date() }
    /// `--first-run`: with no build in `OUT` yet, build only the countries whose fetch succeeded (see ``FirstRun``).
    public var firstRun = false
    /// `--skip-unchanged`: when every country's inputs are the ones the published build was made from (and it
    /// holds exactly these countries, fresh, in these formats), write nothing and say so
    /// (``BuildReport/unchangedSince``).
    public var skipUnchanged = false
    /// `--ignore-kept-state`: read the previous build's stations and prices from its tiles, not from the state it
    /// kept beside them (``KeptState``), and join and compare every tile; the output is the same, only slower. The
    /// state is written either way.
    public var ignoreKeptState = false
    /// `--split-tile-bytes N`: format 2 also publishes a tile whose JSON is longer than this in parts, one per
    /// non-empty quarter of its cell (`parts/<key>.<tilehash>.<q>.json`).
    public var splitTileBytes = Format2.defaultSplitTileBytes

    public init(
        feedsDirectory: URL, outputDirectory: URL, adaptersDirectory: URL?, countries: [String]? = nil,
        builtAt: Date, allowShrink: Bool = false, allowStaleFeeds: Bool = false, dryRun: Bool = false,
        carryForwardHours: Double? = nil, layout: PublishLayout = .standard
    ) {
        self.layout = layout
        self.feedsDirectory = feedsDirectory
        self.outputDirectory = outputDirectory
        self.adaptersDirectory = adaptersDirectory
        self.countries = countries
        self.builtAt = builtAt
        self.allowShrink = allowShrink
        self.allowStaleFeeds = allowStaleFeeds
        self.dryRun = dryRun
        self.carryForwardHours = carryForwardHours
    }
}

/// The complete-or-nothing build: parse every country, validate, refuse on any failure or suspicious shrink, then
/// write the whole file set and swap it in atomically.
public struct Builder: Sendable {
    public var options: BuildOptions
    /// Called just before the swap. A test hook, not public API: `fuel-publish` sets it to stall a build when an
    /// end-to-end test asks (`FUEL_PUBLISH_TEST_STALL_BEFORE_SWAP`), so the test can kill it mid-build.
    package var beforeSwap: @Sendable () -> Void = {}

    public init(options: BuildOptions) { self.options = options }

    /// Runs the build: plan, parse, validate and encode, carry forward, assemble, compress and write, swap, report.
    /// - Parameter events: each country done, each step ended and each warning, as they happen.
    /// - Returns: the report and the files (as published, or as they would be on a dry run).
    /// - Throws: ``BuildError``; `OUT/fuel` is untouched.
    public func run(
        events: @Sendable (BuildEvent) -> Void = { _ in }
    ) async throws -> (BuildReport, [PublishedFile]) {
        let started = Date()
        try checkClock()
        let output = OutputDirectory(root: options.outputDirectory)
        try output.checkPublishedIsALink()
        let plan = try BuildPlan(options: options, output: output)
        for omitted in plan.leftOut ?? [] { events(.warning(.leftOut(omitted))) }
        let lock = options.dryRun ? nil : try output.lock()
        if lock != nil { output.removeLeftovers() }
        let previous = try loadPrevious(output, events)
        // What each country of the published build was made from, to reuse a country whose inputs did not change.
        let inputs = previous == nil ? nil : CountryInputs.load(output)
        if options.skipUnchanged, let previous, let inputs,
            let unchanged = unchangedReport(plan: plan, previous: previous, inputs: inputs, output: output)
        {
            return (unchanged, [])
        }

        var phases = PhaseTimer(started: started)
        func end(_ phase: String) { events(.phaseDone(name: phase, seconds: phases.end(phase))) }
        // Format 1's tiles are written to the staged build as they are compressed; format 2 renames the same bytes.
        let staged = try lock.map { _ in
            try output.stage(buildName: Self.buildName(options.builtAt), layout: options.layout)
        }
        let tileSink = options.layout.includesV1 ? staged : nil
        // Each country's state for the next build is written by the worker that encoded it.
        let keptSink = staged.map { KeptState.Sink(output: output, build: $0.name) }
        var keptCommitted = false
        defer { if !keptCommitted { keptSink?.discard() } }
        // An unchanged tile reuses the previous build's gzipped file, when that build left its digests.
        let reuse = staged == nil ? nil : TileReuse.load(output)
        let assembler = TileAssembler(
            countries: plan.countries.map { ($0, plan.boxes($0)) }, grid: .standard, sink: tileSink, reuse: reuse)
        end("prepare")

        let builds: [CountryBuild]
        let assembled: Assembled
        let history: HistoryStep
        do {
            let parsed = await parse(
                plan, previous: previous, inputs: inputs, into: assembler, keeping: keptSink, events)
            builds = try settle(parsed, plan: plan, previous: previous, into: assembler, events)
            end(Self.parsePhase)
            history = try prepareHistory(output, staged: staged, hadBuild: previous != nil, events: events)
            assembled = try assemble(
                assembler, builds: builds, previous: previous, history: history.listing, into: staged)
        } catch {
            staged?.discard()
            throw error
        }
        for (country, reason) in assembled.trendRestarts.sorted(by: { $0.key < $1.key }) {
            events(.warning(.trendRestarted(country: country, reason: reason)))
        }
        if let staged {
            end(Self.writePhase)
            try swap(staged, assembled: assembled, in: output)
            end("swap and clean up")
            withExtendedLifetime(lock) {}
        } else {
            end(Self.dryRunPhase)
        }
        var report = makeReport(
            builds, assembled: assembled, plan: plan, previous: previous, reuse: reuse,
            seconds: Date().timeIntervalSince(started))
        report.phases = phases.seconds
        if let staged {
            CountryInputs.save(Self.inputEntries(builds, report: report), build: staged.name, in: output)
            let fresh = Set(builds.filter { $0.carriedBecause == nil }.map(\.tiles.config.country))
            keptSink?.commit(fresh)
            keptCommitted = true
            recordHistory(history, countries: Array(fresh), build: staged.name, output: output, events: events)
        }
        if !options.dryRun {
            do {
                try output.saveReport(report)
            } catch {
                events(.warning(.reportNotSaved(reason: "\(error)")))
            }
        }
        return (report, assembled.files)
    }

    /// The previous build: the baseline of the shrink guard and of carry-forward. An unreadable one refuses the
    /// build, unless shrinks are allowed: then the build goes on without a baseline, with a warning.
    private func loadPrevious(
        _ output: OutputDirectory, _ events: @Sendable (BuildEvent) -> Void
    ) throws -> PreviousBuild? {
        do {
            return try PreviousBuild(output: output)
        } catch let error as BuildError where options.allowShrink {
            events(.warning(.noBaseline(reason: "\(error)")))
            return nil
        }
    }

    /// A country parsed, validated and encoded. Its stations live on only as ``CountryTiles``' JSON: the parse and
    /// validation results keep their counts, not their stations.
    struct CountryBuild: Sendable {
        var tiles: CountryTiles
        var parse: FeedParseResult
        /// Stations the adapter parsed.
        var parsedStations: Int
        var validation: Validator.Outcome
        /// The manifest's fetch time of the country, when the feed was fetched.
        var fetchedAt: String?
        /// Why the country was carried from the previous build instead; nil when it was built fresh.
        var carriedBecause: String?
        /// The SHA-256 of its inputs (``CountryInputs``); nil for a carried country or an unreadable folder.
        var inputDigest: String? = nil
        /// Set when its inputs were unchanged and its stations were taken from the published build: that build's
        /// report line, whose counts it reports again.
        var reusedLine: BuildReport.Country? = nil
    }

    /// Refuses a `builtAt` more than `PublishingClock.tolerance` ahead of ``BuildOptions/now``. A past one (a replay, a test,
    /// `SOURCE_DATE_EPOCH`) is allowed; every age the build measures (carry-forward) is measured on this one time.
    /// - Throws: ``BuildError/builtAtAhead(builtAt:now:)``.
    func checkClock() throws {
        let now = options.now()
        guard options.builtAt.timeIntervalSince(now) <= PublishingClock.tolerance else {
            throw BuildError.builtAtAhead(builtAt: options.builtAt, now: now)
        }
    }

    static func buildName(_ builtAt: Date) -> String {
        let stamp = UTCTime.format(builtAt).replacingOccurrences(of: ":", with: "").replacingOccurrences(
            of: "-", with: "")
        return "\(stamp)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }
}
