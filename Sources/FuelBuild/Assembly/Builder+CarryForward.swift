import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat
import FuelPublishing

/// The step after parsing: a country that failed is published from the previous build, unchanged
/// (`--carry-forward HOURS`), or refuses the build; then the shrink guard.
extension Builder {
    /// The countries to publish, sorted: the parsed ones and, where allowed, the failed ones carried forward.
    /// - Throws: ``BuildError`` when a country failed and cannot be carried, or a country shrank too much.
    func settle(
        _ parsed: [(country: String, result: Result<CountryBuild, FeedError>)], plan: BuildPlan,
        previous: PreviousBuild?, into assembler: TileAssembler, _ events: @Sendable (BuildEvent) -> Void
    ) throws -> [CountryBuild] {
        var failures: [FeedError] = []
        var builds: [CountryBuild] = []
        for (_, result) in parsed {
            switch result {
            case .success(let build): builds.append(build)
            case .failure(let error): failures.append(error)
            }
        }
        if !failures.isEmpty {
            guard let hours = options.carryForwardHours else { throw refusal(failures, plan: plan) }
            let (carried, refused) = carry(failures, from: previous, hours: hours, plan: plan, events)
            guard refused.isEmpty else { throw refusal(refused, plan: plan) }
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
                from: ShrinkGuard.counts(previous.index), to: next, allowedPercent: plan.allowedShrinkPercent)
            guard shrinks.isEmpty else { throw BuildError.shrink(shrinks) }
        }
        return builds
    }

    /// The refusal for countries that failed. A first build that failed because a fetch did can publish the rest
    /// with --first-run: it says so.
    private func refusal(_ failures: [FeedError], plan: BuildPlan) -> BuildError {
        let fetchFailed = failures.contains { plan.manifest?.countries[$0.country]?.failed == true }
        let firstBuild = !OutputDirectory(root: options.outputDirectory).hasPublished
        return firstBuild && !options.firstRun && fetchFailed ? .firstBuildFailed(failures) : .countriesFailed(failures)
    }

    /// The failed countries that can be published from the previous build: those it holds whose last fresh build
    /// is at most `hours` before this one. The rest stay refused, with the reason the carry was not possible. A last
    /// fresh build later than this one's `builtAt` is clamped to it, with a warning: `carriedSince` never lies after
    /// `builtAt`.
    func carry(
        _ failures: [FeedError], from previous: PreviousBuild?, hours: Double, plan: BuildPlan,
        _ events: @Sendable (BuildEvent) -> Void
    ) -> (carried: [CountryBuild], refused: [FeedError]) {
        var carried: [CountryBuild] = []
        var refused: [FeedError] = []
        for failure in failures {
            let country = failure.country
            func refuse(_ why: String) {
                refused.append(
                    FeedError(
                        country: country, file: failure.file, location: failure.location,
                        reason: failure.reason + "; not carried forward: " + why))
            }
            guard let previous, let summary = previous.index.countries[country],
                var since = previous.lastFreshBuild(of: country)
            else {
                refuse("the previous build in \(options.outputDirectory.path) has no \(country) to carry")
                continue
            }
            if since > options.builtAt {
                let builtAt = options.builtAt
                events(.warning(.carriedSinceClamped(country: country, lastFreshBuild: since, builtAt: builtAt)))
                since = options.builtAt
            }
            let age = options.builtAt.timeIntervalSince(since)
            guard age <= hours * 3600 else {
                refuse(
                    "its last fresh build, \(UTCTime.format(since)), is \(FeedFreshness.describe(age)) old, past "
                        + "--carry-forward \(NumberText.plain(hours)) h")
                continue
            }
            do {
                let config = try plan.config(country)
                var stations = try previous.stations(of: country)
                // Held to the country's boxes like fresh stations, which is what lets a tile be written as soon as
                // the countries whose boxes cover its cell are in (TileAssembler).
                let before = stations.count
                if !config.boxes.isEmpty {
                    stations.removeAll { !config.contains(latitude: $0.latitude, longitude: $0.longitude) }
                }
                let outside = before - stations.count
                let dataset = CountryDataset(
                    config: config, stations: stations, referenceTime: summary.updated, carriedSince: since)
                carried.append(
                    CountryBuild(
                        tiles: CountryTiles(dataset),
                        parse: FeedParseResult(stations: [], referenceTime: summary.updated, records: 0),
                        parsedStations: 0,
                        validation: Validator.Outcome(
                            stations: [], reasons: [Reason(.carriedOutside): outside]),
                        fetchedAt: nil, carriedBecause: failure.description))
            } catch let error as FeedError {
                refuse(error.description)
            } catch {
                refuse(ErrorText.describe(error))
            }
        }
        return (carried, refused)
    }

    /// A carried country parsed nothing: its stations are the previous build's, less any its boxes no longer hold,
    /// so the parse arithmetic of ``accounting(_:adapter:validation:)`` does not apply.
    static func carriedAccounting(_ country: BuildReport.Country) -> (String, Bool) {
        let outside = country.rejected[Reason.Kind.carriedOutside.code] ?? 0
        var text = "carried forward: nothing parsed; \(country.kept) stations as the previous build published them"
        if outside > 0 { text += ", \(outside) dropped outside the country's boxes" }
        return (text, true)
    }
}
