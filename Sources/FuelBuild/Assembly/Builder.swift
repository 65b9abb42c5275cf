import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat

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
    /// The machine's clock, which ``builtAt`` may not run ahead of by more than ``Builder/clockTolerance``.
    public var now: @Sendable () -> Date = { Date() }
    /// `--first-run`: with no build in `OUT` yet, build only the countries whose fetch succeeded (see ``FirstRun``).
    public var firstRun = false

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

    /// Runs the build.
    /// - Parameter events: each country done, each step ended and each warning, as they happen.
    /// - Returns: the report and the files (as published, or as they would be on a dry run).
    /// - Throws: ``BuildError``; `OUT/fuel` is untouched.
    public func run(
        events: @Sendable (BuildEvent) -> Void = { _ in }
    ) async throws -> (BuildReport, [PublishedFile]) {
        let started = Date()
        try checkClock()
        var countries = try resolveCountries()
        let output = OutputDirectory(root: options.outputDirectory)
        try output.checkPublishedIsALink()
        let manifest = try loadManifest(countries)
        var leftOut: [BuildReport.LeftOut]?
        if options.firstRun {
            let split = try FirstRun.split(
                countries, manifest: manifest, output: output, feeds: options.feedsDirectory)
            countries = split.built
            leftOut = split.leftOut
            for omitted in split.leftOut { events(.warning(.leftOut(omitted))) }
        }
        let lock = options.dryRun ? nil : try output.lock()
        if lock != nil { output.removeLeftovers() }
        // The baseline of the shrink guard and of carry-forward; an unreadable one refuses unless shrinks are allowed.
        let previous: PreviousBuild?
        do {
            previous = try PreviousBuild(output: output)
        } catch let error as BuildError where options.allowShrink {
            events(.warning(.noBaseline(reason: "\(error)")))
            previous = nil
        }

        var phases = PhaseTimer(started: started)
        func end(_ phase: String) { events(.phaseDone(name: phase, seconds: phases.end(phase))) }
        // Format 1's tiles are written to the staged build as they are compressed; format 2 renames the same bytes.
        let staged = try lock.map { _ in
            try output.stage(buildName: Self.buildName(options.builtAt), layout: options.layout)
        }
        let tileSink = options.layout.includesV1 ? staged : nil
        // An unchanged tile reuses the previous build's gzipped file, when that build left its digests.
        let reuse = tileSink == nil ? nil : TileReuse.load(output)
        let assembler = TileAssembler(
            countries: countries.map { country in
                (
                    country,
                    (try? CountryConfig.load(country: country, adaptersDirectory: options.adaptersDirectory))?
                        .boxes ?? []
                )
            },
            grid: .standard, sink: tileSink, reuse: reuse)
        end("prepare")

        let builds: [CountryBuild]
        let assembly: Assembly
        let snapshot: [PublishedFile]
        do {
            builds = try await parse(countries, manifest: manifest, previous: previous, into: assembler, events)
            end(Self.parsePhase)
            MemoryTrace.mark("all parsed")
            assembly = try assembler.finish(builtAt: options.builtAt)
            snapshot = snapshotFiles(assembly, previous: previous)
            for file in snapshot { try staged?.write(file) }
        } catch {
            staged?.discard()
            throw error
        }
        if let staged {
            end(Self.writePhase)
            MemoryTrace.mark("written")
            try output.commit(staged, beforeSwap: beforeSwap)
            if options.layout.includesV1 {
                TileReuse.save(
                    assembly.tileDigests.reduce(into: [:]) {
                        $0[$1.key] = TileReuse.Entry(json: $1.value, file: $1.key)
                    },
                    build: staged.name, in: output)
            }
            end("swap and clean up")
            withExtendedLifetime(lock) {}
        } else {
            end(Self.dryRunPhase)
        }
        let files = (options.layout.includesV1 ? assembly.files : []) + snapshot
        var report = makeReport(builds, assembly: assembly, seconds: Date().timeIntervalSince(started))
        report.phases = phases.seconds
        report.leftOut = leftOut.flatMap { $0.isEmpty ? nil : $0 }
        report.layout = options.layout.rawValue
        report.reusedTiles = assembly.reusedTiles
        report.files = files.count
        report.snapshotFiles = snapshot.count
        if let previous {
            report.tileChanges = previous.tileChanges(
                to: assembly.files, digests: assembly.tileDigests, previousDigests: reuse?.tiles ?? [:])
            for index in report.countries.indices {
                report.countries[index].previousStations =
                    previous.index.countries[report.countries[index].country]?.stations
            }
            report.markShrinkWarnings(
                warnPercent: ShrinkGuard.warningPercent(adaptersDirectory: options.adaptersDirectory),
                refusePercent: ShrinkGuard.allowedPercent(adaptersDirectory: options.adaptersDirectory))
        }
        if !options.dryRun {
            do {
                try output.saveReport(report)
            } catch {
                events(.warning(.reportNotSaved(reason: "\(error)")))
            }
        }
        return (report, files)
    }

    /// `FEEDS/manifest.json`, nil when there is none (hand-placed feeds).
    /// - Throws: ``BuildError/countriesFailed(_:)`` naming the manifest for every country when it is malformed.
    private func loadManifest(_ countries: [String]) throws -> FeedManifest? {
        do {
            return try FeedManifest.load(feedsDirectory: options.feedsDirectory)
        } catch {
            let file = options.feedsDirectory.appendingPathComponent(FeedManifest.fileName).path
            throw BuildError.countriesFailed(
                countries.map {
                    FeedError(country: $0, file: file, reason: "malformed fetch manifest: \(ErrorText.describe(error))")
                })
        }
    }

    /// The step that parses, validates and encodes every country; a tile is compressed and written in it already
    /// when every country that can reach its cell is in.
    static let parsePhase = "parse, validate and encode"
    /// The step that compresses and writes the tiles still waiting, then the brands, sources and index.
    static let writePhase = "compress and write"
    static let dryRunPhase = "compress"

    /// Parses, validates and encodes every country in parallel, each handed to `assembler` as soon as it is done
    /// (its ready tiles compressed on the same worker); then carries failed countries forward where allowed and
    /// applies the shrink guard.
    /// - Throws: ``BuildError`` when a country fails and cannot be carried, or a country shrank too much.
    private func parse(
        _ countries: [String], manifest: FeedManifest?, previous: PreviousBuild?, into assembler: TileAssembler,
        _ events: @Sendable (BuildEvent) -> Void
    ) async throws -> [CountryBuild] {
        let outcomes = await withTaskGroup(of: (String, Result<CountryBuild, FeedError>).self) { group in
            // Large feeds are parsed largest first, so that the biggest parses rarely run at once (ParseOrder).
            for country in ParseOrder.ordered(countries, in: options.feedsDirectory) {
                group.addTask {
                    let result = Result { try buildCountry(country, manifest: manifest) }.mapError { error in
                        (error as? FeedError)
                            ?? FeedError(
                                country: country, file: options.feedsDirectory.path, reason: ErrorText.describe(error))
                    }
                    guard case .success(var build) = result else { return (country, result) }
                    let others = assembler.add(&build.tiles)
                    // While other countries are still being parsed, this worker compresses what is ready. After the
                    // last one, finish() compresses the rest on every core instead.
                    if others > 0 {
                        assembler.drain()
                        FreedMemory.release()
                        MemoryTrace.mark("\(country) ready tiles written")
                    }
                    return (country, .success(build))
                }
            }
            var results: [String: Result<CountryBuild, FeedError>] = [:]
            for await (country, result) in group {
                results[country] = result
                switch result {
                case .success(let build):
                    events(.countryDone(country: country, outcome: .built(stations: build.tiles.stationCount)))
                case .failure(let error):
                    events(.countryDone(country: country, outcome: .failed(error)))
                }
            }
            return results
        }
        var failures: [FeedError] = []
        var builds: [CountryBuild] = []
        for country in countries {
            switch outcomes[country] {
            case .success(let build)?: builds.append(build)
            case .failure(let error)?: failures.append(error)
            case nil: break
            }
        }
        if !failures.isEmpty {
            // A first build that failed because a fetch did can publish the rest with --first-run: say so.
            func refusal(_ failures: [FeedError]) -> BuildError {
                let fetchFailed = failures.contains { manifest?.countries[$0.country]?.failed == true }
                let firstBuild = !OutputDirectory(root: options.outputDirectory).hasPublished
                return firstBuild && !options.firstRun && fetchFailed
                    ? .firstBuildFailed(failures) : .countriesFailed(failures)
            }
            guard let hours = options.carryForwardHours else { throw refusal(failures) }
            let (carried, refused) = carry(failures, from: previous, hours: hours)
            guard refused.isEmpty else { throw refusal(refused) }
            for var build in carried {
                assembler.add(&build.tiles)
                events(
                    .countryCarried(
                        country: build.tiles.config.country, stations: build.tiles.stationCount,
                        lastFreshBuild: build.tiles.carriedSince))
                builds.append(build)
            }
            builds.sort { $0.tiles.config.country < $1.tiles.config.country }
        }
        if !options.allowShrink, let previous {
            let next = Dictionary(
                uniqueKeysWithValues: builds.map { ($0.tiles.config.country, $0.tiles.stationCount) })
            let shrinks = ShrinkGuard.shrinks(
                from: ShrinkGuard.counts(previous.index), to: next,
                allowedPercent: ShrinkGuard.allowedPercent(adaptersDirectory: options.adaptersDirectory))
            guard shrinks.isEmpty else { throw BuildError.shrink(shrinks) }
        }
        return builds
    }

    /// Format 2's files when the layout has them, following the previous build's `builtAt`.
    private func snapshotFiles(_ assembly: Assembly, previous: PreviousBuild?) -> [PublishedFile] {
        guard options.layout.includesV2 else { return [] }
        return SnapshotAssembler.files(for: assembly, previous: previous?.index.builtAt)
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
    }

    /// How far ``BuildOptions/builtAt`` may lie ahead of the machine's clock: clocks that differ a little, not a
    /// build dated in the future, whose index would look fresh (and whose carried countries young) until that date.
    public static let clockTolerance: TimeInterval = 600

    /// Refuses a `builtAt` more than ``clockTolerance`` ahead of ``BuildOptions/now``. A past one (a replay, a test,
    /// `SOURCE_DATE_EPOCH`) is allowed; every age the build measures (carry-forward) is measured on this one time.
    /// - Throws: ``BuildError/builtAtAhead(builtAt:now:)``.
    func checkClock() throws {
        let now = options.now()
        guard options.builtAt.timeIntervalSince(now) <= Self.clockTolerance else {
            throw BuildError.builtAtAhead(builtAt: options.builtAt, now: now)
        }
    }

    /// The countries this build covers: the requested ones, else every registered country with metadata.
    func resolveCountries() throws -> [String] {
        let configured = CountryRegistry.configuredCountries(adaptersDirectory: options.adaptersDirectory)
        let requested = options.countries.map { $0.map { $0.uppercased() } } ?? configured
        for country in requested where !configured.contains(country) {
            throw BuildError.unknownCountry(country, known: configured)
        }
        guard !requested.isEmpty else {
            throw BuildError.unknownCountry("(none)", known: configured)
        }
        return Array(Set(requested)).sorted()
    }

    private func buildCountry(_ country: String, manifest: FeedManifest?) throws -> CountryBuild {
        let config = try CountryConfig.load(country: country, adaptersDirectory: options.adaptersDirectory)
        let folder = options.feedsDirectory.appendingPathComponent(country)
        if let entry = manifest?.countries[country], entry.failed {
            // Only the fact: whether the country is then refused or carried forward is said where that is decided.
            throw FeedError(
                country: country, file: folder.path,
                reason: "its last fetch failed (\(entry.error ?? "no reason recorded")), so the files an earlier "
                    + "fetch left are not used")
        }
        guard let adapter = CountryRegistry.country(country) else {
            throw FeedError(country: country, file: folder.path, reason: "no adapter for this country")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw FeedError(country: country, file: folder.path, reason: "the feed folder is missing")
        }
        var parse = try adapter.parse(FeedInput(folder: folder, config: config, manifest: manifest))
        let fetchedAt = manifest?.countries[country]?.fetchedAt
        var futurePrices = 0
        if let limit = FutureTimes.limit(fetchedAt: fetchedAt, folder: folder) {
            (parse, futurePrices) = FutureTimes.drop(from: parse, limit: limit)
        }
        if !options.allowStaleFeeds, let manifest, let fetchedAt, let maxAgeHours = config.maxFeedAgeHours {
            try FeedFreshness.check(
                country: country, file: folder.path, referenceTime: parse.referenceTime, fetchedAt: fetchedAt,
                maxAgeHours: maxAgeHours)
            try FeedFreshness.checkUnchanged(
                country: country, file: folder.path, manifest: manifest, fetchedAt: fetchedAt, maxAgeHours: maxAgeHours)
        }
        MemoryTrace.mark("\(country) parsed")
        // The parsed stations move into validation, which works in place, and on into the encoded tiles.
        let parsedStations = parse.stations.count
        let parsed = parse.stations
        parse.stations = []
        var validation = Validator(config: config).validate(parsed, referenceTime: parse.referenceTime)
        MemoryTrace.mark("\(country) validated")
        validation.reasons[FutureTimes.reason] = futurePrices
        guard !validation.stations.isEmpty else {
            let reasons = (parse.rejects + validation.rejects).largest(3).joined(separator: ", ")
            throw FeedError(
                country: country, file: folder.path,
                reason: "zero valid stations after validation (\(parsedStations) parsed; \(reasons))")
        }
        let valid = validation.stations
        validation.stations = []
        let tiles = CountryTiles(CountryDataset(config: config, stations: valid, referenceTime: parse.referenceTime))
        MemoryTrace.mark("\(country) encoded")
        FreedMemory.release()
        MemoryTrace.mark("\(country) freed memory returned")
        return CountryBuild(
            tiles: tiles, parse: parse, parsedStations: parsedStations, validation: validation, fetchedAt: fetchedAt)
    }

    static func buildName(_ builtAt: Date) -> String {
        let stamp = UTCTime.format(builtAt).replacingOccurrences(of: ":", with: "").replacingOccurrences(
            of: "-", with: "")
        return "\(stamp)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }
}
