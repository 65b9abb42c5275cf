import FuelFormat

/// Which published formats a build writes and an upload sends: format 1 (`fuel/`), format 2 (`fuel/v2/`), or both
/// while apps migrate from one to the other.
public enum PublishLayout: String, Sendable, CaseIterable, CustomStringConvertible {
    case v1
    case v2
    case both

    /// The layout when none is chosen.
    public static let standard = PublishLayout.v1

    /// Whether format 1's files are part of it.
    public var includesV1: Bool { self != .v2 }
    /// Whether format 2's files are part of it.
    public var includesV2: Bool { self != .v1 }

    public var description: String { rawValue }

    /// The values the command line accepts, for messages: `v1, v2 or both`.
    public static let choices = "v1, v2 or both"
}
