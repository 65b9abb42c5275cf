import Foundation
import Synchronization

/// A clock for cache tests: starts at a fixed time and moves only when told.
public final class TileTestClock: Sendable {
    private let current: Mutex<Date>

    public init(_ start: Date = TileFixtures.builtAt.addingTimeInterval(600)) { current = Mutex(start) }

    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward.
    public func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }

    /// A closure to hand to the client.
    public var closure: @Sendable () -> Date { { [self] in self.now } }
}
