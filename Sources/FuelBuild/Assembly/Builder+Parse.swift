import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat

/// The build's first step: parse, validate and encode every country, in parallel.
extension Builder {
    /// The step that parses, validates and encodes every country; a tile is compressed and written in it already
    /// when every country that can reach its cell is in.
    static let parsePhase = "parse, validate and encode"
    /// The step that compresses and writes the tiles still waiting, then the brands, sources and index.
    static let writePhase = "compress and write"
    /// The dry run's last step, which compresses what it would write.
    static let dryRunPhase = "compress"

    /// Every country of the plan, parsed, validated and encoded in parallel, each handed to `assembler` as soon as it
    /// is done (its ready tiles compressed on the same worker), in the plan's order; a country that failed holds its
    /// error. Settling the failures is the next step's job (``settle(_:plan:previous:into:_:)``).
    func parse(
        _ plan: BuildPlan, previous: PreviousBuild?, inputs: CountryInputs?, into assembler: TileAssembler,
        keeping keptSink: KeptState.Sink?, _ events: @Sendable (BuildEvent) -> Void
    ) async -> [(country: String, result: Result<CountryBuild, FeedError>)] {
        let outcomes = await withTaskGroup(of: (String, Result<CountryBuild, FeedError>).self) { group in
            // Large feeds are parsed largest first, so that the biggest parses rarely run at once (ParseOrder).
            for country in ParseOrder.ordered(plan.countries, in: options.feedsDirectory) {
                group.addTask {
                    let result = Result {
                        try buildCountry(country, plan: plan, previous: previous, inputs: inputs, keeping: keptSink)
                    }.mapError {
                        error in
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
                    let stations = build.tiles.stationCount
                    events(
                        .countryDone(
                            country: country,
                            outcome: build.reusedLine == nil ? .built(stations: stations) : .reused(stations: stations))
                    )
                case .failure(let error):
                    events(.countryDone(country: country, outcome: .failed(error)))
                }
            }
            return results
        }
        MemoryTrace.mark("all parsed")
        return plan.countries.compactMap { country in outcomes[country].map { (country, $0) } }
    }

    /// One country: its feed read by its adapter, held to its checks (fetch, freshness, future times), validated,
    /// dated by ``FirstSeenTimes`` where its feed has no price times, and encoded into tiles. Its parsed stations
    /// move through validation, which works in place, into the tiles.
    private func buildCountry(
        _ country: String, plan: BuildPlan, previous: PreviousBuild?, inputs: CountryInputs?,
        keeping keptSink: KeptState.Sink?
    ) throws -> CountryBuild {
        let config = try plan.config(country)
        let manifest = plan.manifest
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
        let fetchedAt = manifest?.countries[country]?.fetchedAt
        let digest = CountryInputs.digest(
            country: country, feeds: options.feedsDirectory, adaptersDirectory: options.adaptersDirectory)
        if let digest,
            var reused = try reuse(
                country, digest: digest, plan: plan, previous: previous, inputs: inputs, keeping: keptSink)
        {
            reused.fetchedAt = fetchedAt
            return reused
        }
        var parse = try adapter.parse(FeedInput(folder: folder, config: config, manifest: manifest))
        var futurePrices = 0
        if let limit = FutureTimes.limit(fetchedAt: fetchedAt, folder: folder) {
            (parse, futurePrices) = FutureTimes.drop(from: parse, limit: limit)
        }
        try checkFreshness(country, config: config, plan: plan, referenceTime: parse.referenceTime)
        MemoryTrace.mark("\(country) parsed")
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
        var valid = validation.stations
        validation.stations = []
        let kept = keptPrices(of: country, previous: previous, notes: &parse.notes)
        if adapter.priceTimes == .firstSeen {
            if let kept {
                FirstSeenTimes(kept: kept).apply(to: &valid)
            } else {
                let (before, note) = FirstSeenTimes.previousStations(country, boxes: config.boxes, from: previous)
                if let note { parse.notes.append(note) }
                FirstSeenTimes(previous: before).apply(to: &valid)
            }
            MemoryTrace.mark("\(country) dated by first sight")
        }
        do {
            let seenAt = fetchedAt.flatMap(UTCTime.parse).map { Date(timeIntervalSince1970: TimeInterval($0)) }
            let changes =
                if let kept { LastChanges(kept: kept) } else {
                    try LastChanges.load(country, boxes: config.boxes, from: previous)
                }
            changes.apply(to: &valid, seenAt: seenAt ?? options.builtAt, builtAt: options.builtAt)
        } catch {
            parse.notes.append(
                "\(country): the previous build's prices could not be read (\(error.reason)), so no price has a last "
                    + "change")
        }
        let tiles = CountryTiles(CountryDataset(config: config, stations: valid, referenceTime: parse.referenceTime))
        let encoded = valid
        keptSink?.write(country: country) { KeptState(stations: encoded, tiles: tiles) }
        MemoryTrace.mark("\(country) encoded")
        FreedMemory.release()
        MemoryTrace.mark("\(country) freed memory returned")
        return CountryBuild(
            tiles: tiles, parse: parse, parsedStations: parsedStations, validation: validation, fetchedAt: fetchedAt,
            inputDigest: digest)
    }

    /// The previous build's prices of `country` as that build kept them (``KeptState``), read instead of its tiles;
    /// nil when there is no previous build of the country, the state is ignored (`--ignore-kept-state`), or it
    /// cannot be used: then a note says so and the tiles are read.
    private func keptPrices(
        of country: String, previous: PreviousBuild?, notes: inout [String]
    ) -> [KeptState.Price]? {
        do {
            return try keptState(of: country, previous: previous, notes: &notes)?.state.prices()
        } catch {
            notes.append(
                "\(country): the previous build's kept state could not be used (\(error)), so its tiles were read "
                    + "instead")
            return nil
        }
    }

    /// The previous build's kept state of `country`; nil when there is no previous build of it, the state is
    /// ignored (`--ignore-kept-state`), or it cannot be used: then a note says so, and the tiles are read.
    func keptState(
        of country: String, previous: PreviousBuild?, notes: inout [String]
    ) -> (state: KeptState, file: [UInt8])? {
        guard !options.ignoreKeptState, let published = previous?.index.countries[country] else { return nil }
        do {
            return try KeptState.load(
                country, stations: published.stations, from: OutputDirectory(root: options.outputDirectory))
        } catch {
            notes.append(
                "\(country): the previous build's kept state could not be used (\(error)), so its tiles were read "
                    + "instead")
            return nil
        }
    }

    /// The fetch's checks that need only the feed's reference time: not too far behind its fetch, not unchanged
    /// for too long (``FeedFreshness``); skipped with `--allow-stale-feeds` or without a manifest.
    func checkFreshness(_ country: String, config: CountryConfig, plan: BuildPlan, referenceTime: Date) throws {
        let folder = options.feedsDirectory.appendingPathComponent(country).path
        guard !options.allowStaleFeeds, let manifest = plan.manifest,
            let fetchedAt = manifest.countries[country]?.fetchedAt, let maxAgeHours = config.maxFeedAgeHours
        else { return }
        try FeedFreshness.check(
            country: country, file: folder, referenceTime: referenceTime, fetchedAt: fetchedAt,
            maxAgeHours: maxAgeHours)
        try FeedFreshness.checkUnchanged(
            country: country, file: folder, manifest: manifest, fetchedAt: fetchedAt, maxAgeHours: maxAgeHours)
    }
}
