import Foundation

/// How far a build's `builtAt` may lie ahead of a machine's clock: clocks that differ a little, not a build dated in
/// the future, whose index would look fresh (and whose carried countries young) until that date. The build refuses
/// such a `builtAt`, and the upload allows the same skew between its clock and the build's.
public enum PublishingClock {
    /// Ten minutes.
    public static let tolerance: TimeInterval = 600
}
