import FuelCodecs
import FuelFeeds

/// Why a build refused to publish. `OUT/fuel` is untouched in every case.
public enum BuildError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One or more configured countries failed; nothing was published.
    case countriesFailed([FeedError])
    /// Countries fell below half of their previous station count, or vanished (see ``ShrinkGuard``).
    case shrink([ShrinkGuard.Shrink])
    /// A country was asked for that has no adapter metadata or no adapter.
    case unknownCountry(String, known: [String])
    /// Another build holds the output folder.
    case outputLocked(String)
    /// Writing the output failed.
    case output(path: String, reason: String)
    /// `OUT/fuel` exists but its index cannot be read, so no country's shrink can be checked.
    case unreadablePreviousIndex(path: String, reason: String)

    public var description: String {
        switch self {
        case .countriesFailed(let failures):
            let lines = failures.map { "  \($0)" }.joined(separator: "\n")
            let count = failures.count == 1 ? "1 country" : "\(failures.count) countries"
            return "build refused, nothing published (\(count) failed):\n\(lines)"
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
        }
    }
}
