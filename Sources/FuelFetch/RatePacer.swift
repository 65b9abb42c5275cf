import Foundation
import Synchronization

/// Spaces requests to one publisher: each caller of ``wait()`` proceeds at least `1 / requestsPerSecond` seconds
/// after the previous one did (retries included), so a crawl never exceeds the rate.
public final class RatePacer: Sendable {
    private let interval: Duration
    private let clock = ContinuousClock()
    /// The earliest start of the next request.
    private let next: Mutex<ContinuousClock.Instant?> = Mutex(nil)

    /// - Parameter requestsPerSecond: 0 or less: no pacing.
    public init(requestsPerSecond: Double) {
        interval = requestsPerSecond > 0 ? .nanoseconds(Int64((1e9 / requestsPerSecond).rounded(.up))) : .zero
    }

    /// Suspends until this request may start. The slot is claimed only when the caller actually proceeds, and
    /// the next one counted from that moment, so a late wake-up never lets the following request catch up.
    public func wait() async throws {
        guard interval > .zero else { return }
        while true {
            let due = next.withLock { next -> ContinuousClock.Instant? in
                let now = clock.now
                if let due = next, due > now { return due }
                next = now + interval
                return nil
            }
            guard let due else { return }
            try await clock.sleep(until: due, tolerance: .zero)
        }
    }
}
