import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat

/// `--carry-forward HOURS`: a country that failed is published from the previous build, unchanged.
extension Builder {
    /// The failed countries that can be published from the previous build: those it holds whose last fresh build
    /// is at most `hours` before this one. The rest stay refused, with the reason the carry was not possible.
    func carry(_ failures: [FeedError], from previous: PreviousBuild?, hours: Double) -> (
        carried: [CountryBuild], refused: [FeedError]
    ) {
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
                let since = previous.lastFreshBuild(of: country)
            else {
                refuse("the previous build in \(options.outputDirectory.path) has no \(country) to carry")
                continue
            }
            let age = options.builtAt.timeIntervalSince(since)
            guard age <= hours * 3600 else {
                refuse(
                    "its last fresh build, \(UTCTime.format(since)), is \(FeedFreshness.describe(age)) old, past "
                        + "--carry-forward \(NumberText.plain(hours)) h")
                continue
            }
            do {
                let config = try CountryConfig.load(country: country, adaptersDirectory: options.adaptersDirectory)
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
                            stations: [], reasons: [.carriedOutside: outside]),
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
        let outside = country.rejected[Reason.carriedOutside.code] ?? 0
        var text = "carried forward: nothing parsed; \(country.kept) stations as the previous build published them"
        if outside > 0 { text += ", \(outside) dropped outside the country's boxes" }
        return (text, true)
    }
}
