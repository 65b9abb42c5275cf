import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat
import FuelPublishing

/// Why a build refused to publish. `OUT/fuel` is untouched in every case.
public enum BuildError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One or more configured countries failed; nothing was published.
    case countriesFailed([FeedError])
    /// Countries lost more than their `maxShrinkPercent` of their previous station count, or vanished (see
    /// ``ShrinkGuard``).
    case shrink([ShrinkGuard.Shrink])
    /// A country was asked for that has no adapter metadata or no adapter.
    case unknownCountry(String, known: [String])
    /// Another build holds the output folder.
    case outputLocked(String)
    /// Writing the output failed.
    case output(path: String, reason: String)
    /// `OUT/fuel` exists but its index cannot be read, so no country's shrink can be checked.
    case unreadablePreviousIndex(path: String, reason: String)
    /// The build's `builtAt` lies more than `PublishingClock.tolerance` ahead of the machine's clock.
    case builtAtAhead(builtAt: Date, now: Date)
    /// Countries failed in a first build (no `OUT/fuel`), at least one of them because its fetch failed: as
    /// ``countriesFailed(_:)``, and the message points at `--first-run`.
    case firstBuildFailed([FeedError])
    /// `--first-run` cannot apply: a build is already published, there is no fetch manifest, or nothing fetched.
    case firstRunRefused(String)

    private static func failed(_ failures: [FeedError]) -> String {
        let lines = failures.map { "  \($0)" }.joined(separator: "\n")
        let count = failures.count == 1 ? "1 country" : "\(failures.count) countries"
        return "build refused, nothing published (\(count) failed):\n\(lines)"
    }

    public var description: String {
        switch self {
        case .countriesFailed(let failures):
            return Self.failed(failures)
        case .firstBuildFailed(let failures):
            return Self.failed(failures) + "\nThis is the first build in this output folder, so nothing can be carried "
                + "forward. To publish the countries whose fetch succeeded now, and the others once they fetch, build "
                + "with --first-run"
        case .firstRunRefused(let message):
            return message
        case .shrink(let shrinks):
            return ShrinkGuard.refusal(shrinks, against: "the published build")
        case .unknownCountry(let country, let known):
            return "unknown country \(country); configured: \(known.joined(separator: ","))"
        case .outputLocked(let path):
            return "another build is running in \(path) (its .lock is held); wait for it to finish"
        case .output(let path, let reason):
            return "\(path): \(reason)"
        case .unreadablePreviousIndex(let path, let reason):
            return "\(path): the published build's index cannot be read (\(reason)), so no country's shrink can be "
                + "checked against it; refusing to publish. Restore it, or pass --allow-shrink to publish anyway"
        case .builtAtAhead(let builtAt, let now):
            let ahead = builtAt.timeIntervalSince(now)
            let amount = ahead < 7200 ? "\(Int(ahead / 60)) minutes" : FeedFreshness.describe(ahead)
            return "refusing to build dated \(UTCTime.format(builtAt)): that is \(amount) ahead of this machine's "
                + "clock (\(UTCTime.format(now))), and a build may lie at most "
                + "\(Int(PublishingClock.tolerance / 60)) minutes ahead (its index would look fresh until then). Check "
                + "--built-at, SOURCE_DATE_EPOCH and the clock; a time in the past is allowed"
        }
    }
}
