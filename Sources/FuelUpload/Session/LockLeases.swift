import Foundation
import FuelFormat
import FuelHTTP
import Synchronization

/// The leases of the locks one session holds, renewed in the background while it writes.
///
/// Every third of the lease each lock is renewed with `If-Match` on the ETag this run last wrote. A lock another run
/// took over (its lease ran out while this run was stalled) is lost at once; a renewal that fails for another reason
/// is logged and tried again at the next beat. ``check()``, called before each phase, the index PUT and every batch
/// of deletes, stops the run once a lock is lost or less than a quarter of its lease is left unrenewed, so that a
/// run whose lease may lapse never starts its index or deletes in a time another run may take the lock over.
final class LockLeases: Sendable {
    /// Seconds each lock holds without a renewal.
    let lease: TimeInterval
    private let timing: LeaseTiming
    private let state = Mutex(State())

    private struct Held {
        var lock: PublisherLock
        /// This run's deadline since the lock's last renewal: `lease` seconds from when it was sent (the record says
        /// the same, rounded up to the second).
        var expires: Date
    }

    private struct State {
        var held: [Held] = []
        var lost: String?
    }

    init(lease: TimeInterval, timing: LeaseTiming = LeaseTiming()) {
        self.lease = lease
        self.timing = timing
    }

    /// The time the leases are measured on.
    var now: Date { timing.now() }

    /// Seconds between two renewals: a third of the lease.
    var interval: TimeInterval { lease / 3 }

    /// Records a lock just taken at `takenAt`.
    func add(_ lock: PublisherLock, takenAt: Date) {
        let expires = takenAt.addingTimeInterval(lease)
        state.withLock { $0.held.append(Held(lock: lock, expires: expires)) }
    }

    /// The locks held, in the order taken; the list is emptied (renewals stop touching them).
    func removeAll() -> [PublisherLock] {
        state.withLock { state in
            defer { state.held = [] }
            return state.held.map(\.lock)
        }
    }

    /// Throws ``UploadError/leaseLost(_:)`` once a lock is lost, or less than a quarter of its lease is left.
    func check() throws {
        let now = timing.now()
        let (lost, held) = state.withLock { ($0.lost, $0.held) }
        if let lost { throw UploadError.leaseLost(lost) }
        for held in held where held.expires.timeIntervalSince(now) < lease / 4 {
            throw UploadError.leaseLost(
                "the lease of \(held.lock.key) was not renewed in time (it expires at "
                    + "\(UTCTime.format(held.expires))); another run may take it over")
        }
    }

    /// Renews every lock each ``interval`` until the task is cancelled.
    func keepRenewing(client: S3Client, log: @escaping @Sendable (UploadEvent) -> Void) async {
        while !Task.isCancelled {
            await timing.beat(interval)
            if Task.isCancelled { return }
            await renewAll(client: client, log: log)
        }
    }

    /// One renewal of every lock held.
    func renewAll(client: S3Client, log: @Sendable (UploadEvent) -> Void) async {
        let locks = state.withLock { $0.lost == nil ? $0.held.map(\.lock) : [] }
        for lock in locks {
            let sent = timing.now()
            switch await lock.renew(client: client, lease: lease, now: sent) {
            case .renewed(let etag):
                state.withLock { state in
                    guard let index = state.held.firstIndex(where: { $0.lock.key == lock.key }) else { return }
                    state.held[index].lock.etag = etag
                    state.held[index].expires = sent.addingTimeInterval(lease)
                }
            case .lost(let reason):
                state.withLock { $0.lost = $0.lost ?? "lost the lease of \(lock.key): \(reason)" }
                log(.warning(.leaseNotRenewed(key: lock.key, reason: reason + "; this run stops writing")))
            case .failed(let reason):
                log(.warning(.leaseNotRenewed(key: lock.key, reason: reason + "; trying again")))
            }
        }
    }
}

/// What a session's leases measure time on, and how the renewal loop waits for its next beat: the clock and a sleep
/// of a third of the lease, unless a test drives both (simulated seconds, a beat per request).
package struct LeaseTiming: Sendable {
    package var now: @Sendable () -> Date
    /// Returns when the next renewal is due, given the interval in seconds (or once the task is cancelled).
    package var beat: @Sendable (TimeInterval) async -> Void

    package init(
        now: @escaping @Sendable () -> Date = { Date() },
        beat: @escaping @Sendable (TimeInterval) async -> Void = { seconds in
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
        }
    ) {
        self.now = now
        self.beat = beat
    }
}
