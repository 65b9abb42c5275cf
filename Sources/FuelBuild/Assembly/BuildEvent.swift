import Foundation
import FuelFeeds
import FuelFormat

/// What a running build reports as it goes. The build formats nothing for a terminal: the command line decides
/// what to show.
public enum BuildEvent: Sendable, Equatable {
    /// A country was parsed, validated and encoded, or failed; sent once per country, as each finishes.
    case countryDone(country: String, outcome: CountryOutcome)
    /// A failed country was published from the previous build (`--carry-forward`), after every country was done.
    case countryCarried(country: String, stations: Int, lastFreshBuild: Date?)
    /// A step of the build ended after `seconds` of wall time: `prepare`, `parse, validate and encode`, `compress and
    /// write` (`compress` on a dry run), `swap and clean up`, the names ``BuildReport/phases`` times them under.
    case phaseDone(name: String, seconds: Double)
    /// Something worth a look that does not stop the build.
    case warning(Warning)

    /// How a country's parse ended.
    public enum CountryOutcome: Sendable, Equatable {
        /// Built, with this many stations.
        case built(stations: Int)
        /// Its inputs are the ones the published build was made from: its stations were taken from that build, as
        /// published, without parsing the feed again (``CountryInputs``).
        case reused(stations: Int)
        /// Failed: the build refuses unless the country can be carried forward.
        case failed(FeedError)
    }

    /// A warning of a build that goes on.
    public enum Warning: Sendable, Equatable {
        /// A country a first build (`--first-run`) leaves out.
        case leftOut(BuildReport.LeftOut)
        /// The previous build could not be read, and `--allow-shrink` lets the build go on without it.
        case noBaseline(reason: String)
        /// The build was published, but its `report.json` could not be saved.
        case reportNotSaved(reason: String)
        /// The previous build had the country but no readable trend of it: its trend starts again today.
        case trendRestarted(country: String, reason: String)
        /// A carried country's last fresh build lies after this build's `builtAt` (a replay older than the previous
        /// build, or a previous build a fast clock dated): it is published as carried since `builtAt`, never later.
        case carriedSinceClamped(country: String, lastFreshBuild: Date, builtAt: Date)
        /// The history of the day so far (`OUT/.history-so-far`) could not be used or kept whole: the day's history
        /// restarts, or lacks what the reason names (R14).
        case historyRestarted(reason: String)

        /// The warning in words.
        public var sentence: String {
            switch self {
            case .leftOut(let omitted): omitted.sentence
            case .noBaseline(let reason): "\(reason); building without a baseline (--allow-shrink)"
            case .reportNotSaved(let reason): "the build is published, but its report could not be saved: \(reason)"
            case .trendRestarted(let country, let reason): "the trend of \(country) restarted: \(reason)"
            case .historyRestarted(let reason): "the day's price history restarted: \(reason)"
            case .carriedSinceClamped(let country, let lastFresh, let builtAt):
                "\(country)'s last fresh build, \(UTCTime.format(lastFresh)), is later than this build's builtAt "
                    + "\(UTCTime.format(builtAt)) (a replay older than the previous build, or a previous build dated by a "
                    + "fast clock): \(country) is published as carried since \(UTCTime.format(builtAt)), never after the "
                    + "build"
            }
        }
    }
}
