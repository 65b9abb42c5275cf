import Foundation
import Synchronization

/// Spaces requests to one publisher: each caller of ``wait()`` starts at least `1 / requestsPerSecond` seconds
/// after the previous one (retries included), so a crawl never exceeds the rate.
public final class RatePacer: Sendable {
    private let interval: Duration
    private let clock = ContinuousClock()
    /// The earliest start of the next request.
    private let next: Mutex<ContinuousClock.Instant?> = Mutex(nil)

    /// - Parameter requestsPerSecond: 0 or less: no pacing.
    public init(requestsPerSecond: Double) {
        interval = requestsPerSecond > 0 ? .nanoseconds(Int64((1e9 / requestsPerSecond).rounded(.up))) : .zero
    }

    /// Suspends until this request may start, and books the slot after it.
    public func wait() async throws {
        guard interval > .zero else { return }
        let start = next.withLock { next -> ContinuousClock.Instant in
            let now = clock.now
            let start = max(now, next ?? now)
            next = start + interval
            return start
        }
        try await clock.sleep(until: start, tolerance: .zero)
    }
}
