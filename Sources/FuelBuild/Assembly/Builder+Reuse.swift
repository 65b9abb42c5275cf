import Foundation
import FuelFeeds
import FuelFormat
import FuelPublishing

/// Reusing a country whose inputs did not change: its stations are taken from the published build, as published,
/// without parsing its feed again. Such a country is fresh, not carried: its index entry is the published one.
extension Builder {
    /// What lets a country be taken from the published build: its inputs (``CountryInputs``) are the ones that
    /// build was made from, it was fresh there (not carried), no price of it was held back as dated after its fetch
    /// (a later fetch may admit it), and its last fetch did not fail. The fetch's freshness checks still apply: a
    /// feed frozen for days is refused whether it is parsed or reused. Nil when it must be parsed.
    /// - Throws: ``FeedError`` when its metadata cannot be read or a freshness check fails.
    private func reusable(
        _ country: String, digest: String, plan: BuildPlan, previous: PreviousBuild, inputs: CountryInputs?
    ) throws -> (entry: CountryInputs.Entry, summary: CountrySummary, config: CountryConfig)? {
        guard let entry = inputs?.countries[country], entry.digest == digest,
            let summary = previous.index.countries[country], summary.carriedSince == nil,
            entry.line.carriedSince == nil, (entry.line.rejected[FutureTimes.reason.code] ?? 0) == 0,
            plan.manifest?.countries[country]?.failed != true
        else { return nil }
        let config = try plan.config(country)
        try checkFreshness(country, config: config, plan: plan, referenceTime: summary.updated)
        return (entry, summary, config)
    }

    /// The country built from the published build's stations, when it is ``reusable(_:digest:plan:previous:inputs:)``.
    /// - Throws: ``FeedError`` when a freshness check fails or the published tiles cannot be read.
    ///
    /// Its cells are taken whole from the previous build's kept state (``KeptState``) when that can be used and no
    /// last change has aged out since; else its stations are read from the published tiles and encoded again.
    /// - Throws: ``FeedError`` when a freshness check fails or the published tiles cannot be read.
    func reuse(
        _ country: String, digest: String, plan: BuildPlan, previous: PreviousBuild?, inputs: CountryInputs?,
        keeping keptSink: KeptState.Sink?
    ) throws -> CountryBuild? {
        guard let previous,
            let (entry, summary, config) = try reusable(
                country, digest: digest, plan: plan, previous: previous, inputs: inputs)
        else { return nil }
        var build = CountryBuild(
            tiles: CountryTiles(CountryDataset(config: config, stations: [], referenceTime: summary.updated)),
            parse: FeedParseResult(stations: [], referenceTime: summary.updated, records: entry.line.records),
            parsedStations: entry.line.parsed, validation: Validator.Outcome(stations: [], reasons: [:]),
            fetchedAt: nil, inputDigest: digest, reusedLine: entry.line)
        var notes: [String] = []
        if let (state, file) = keptState(of: country, previous: previous, notes: &notes),
            state.cellsHold(at: options.builtAt)
        {
            build.tiles = state.tiles(config: config, referenceTime: summary.updated)
            keptSink?.rewrite(file, country: country)
            return build
        }
        var stations = try previous.stations(of: country, within: config.boxes)
        guard stations.count == summary.stations else { return nil }
        // No value changed; a last change older than its window is dropped as a parse would drop it.
        LastChanges.dropExpired(in: &stations, builtAt: options.builtAt)
        build.tiles = CountryTiles(CountryDataset(config: config, stations: stations, referenceTime: summary.updated))
        let (encoded, tiles) = (stations, build.tiles)
        keptSink?.write(country: country) { KeptState(stations: encoded, tiles: tiles) }
        build.parse.notes = notes
        return build
    }

    /// The report line of a reused country: the counts of the build it was reused from, with this build's tiles,
    /// bytes and fetch time.
    static func reusedReportLine(
        _ reused: BuildReport.Country, build: CountryBuild, tiles: Int, bytes: Int
    ) -> BuildReport.Country {
        var line = reused
        line.tiles = tiles
        line.stationBytes = bytes
        line.fetchedAt = build.fetchedAt
        line.previousStations = nil
        line.shrinkWarning = nil
        line.reused = true
        line.accounting =
            "reused: its feed files and metadata are the ones the previous build in OUT was made from, so its "
            + "stations are that build's, unparsed, "
            + (build.tiles.cellsAreKept ? "taken whole from the state it kept" : "read back from its tiles")
            + "; the counts are the ones that build found"
        return line
    }

    /// The report of a build that writes nothing because nothing changed: every country of the plan is one the
    /// published build holds, fresh, made from the same inputs, and would pass its freshness checks; the published
    /// build has exactly these countries and this build's formats. Nil when anything differs (the build then runs,
    /// and refuses or publishes as it would have).
    func unchangedReport(
        plan: BuildPlan, previous: PreviousBuild, inputs: CountryInputs, output: OutputDirectory
    ) -> BuildReport? {
        guard Set(previous.index.countries.keys) == Set(plan.countries), plan.leftOut?.isEmpty ?? true else {
            return nil
        }
        // A build on a later UTC day than the day so far writes that day's history (R14): never skipped.
        if let kept = try? Self.loadHistory(output), kept.day < TrendFile.day(of: options.builtAt) { return nil }
        let formats = [
            (options.layout.includesV1, TileFormat.indexPath),
            (options.layout.includesV2, Format2.folder + "/" + Format2.indexPath),
        ]
        for (wanted, path) in formats
        where wanted != FileManager.default.fileExists(atPath: output.published.appendingPathComponent(path).path) {
            return nil
        }
        var lines: [BuildReport.Country] = []
        for country in plan.countries {
            guard
                let digest = CountryInputs.digest(
                    country: country, feeds: options.feedsDirectory, adaptersDirectory: options.adaptersDirectory),
                let reusable = try? reusable(country, digest: digest, plan: plan, previous: previous, inputs: inputs)
            else { return nil }
            lines.append(reusable.entry.line)
        }
        var report = BuildReport(
            countries: lines, files: 0, tiles: 0, jsonBytes: 0, gzipBytes: 0,
            builtAt: UTCTime.format(previous.index.builtAt), output: "(nothing changed, nothing written)", seconds: 0)
        report.layout = options.layout.rawValue
        report.unchangedSince = UTCTime.format(previous.index.builtAt)
        return report
    }

    /// What the sidecar keeps of a committed build: each country with an input digest, and its report line.
    static func inputEntries(_ builds: [CountryBuild], report: BuildReport) -> [String: CountryInputs.Entry] {
        var entries: [String: CountryInputs.Entry] = [:]
        for build in builds {
            let country = build.tiles.config.country
            guard let digest = build.inputDigest, let line = report.countries.first(where: { $0.country == country })
            else { continue }
            entries[country] = CountryInputs.Entry(digest: digest, line: line)
        }
        return entries
    }
}
