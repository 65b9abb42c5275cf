import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP
import Synchronization

/// What every write to the bucket shares, opened once per command: the settings, the redacted log, the S3 client
/// with its retry count, the stop request and the publisher locks. Format 1's upload, format 2's upload and
/// rollback all run inside one.
package final class PublishSession: Sendable {
    let settings: UploadSettings
    /// Progress lines; secrets are removed before the caller's sink sees them.
    let log: @Sendable (UploadEvent) -> Void
    let client: S3Client
    let stop: UploadStop
    /// The leases of the locks held, renewed in the background by ``holdingLocks(_:_:)``.
    let leases: LockLeases
    private let redaction: Redaction
    private let retryCount: RequestCount
    private let requestCount: RequestCount

    init(
        settings: UploadSettings, stop: UploadStop, leaseTiming: LeaseTiming = LeaseTiming(),
        log: @escaping @Sendable (UploadEvent) -> Void
    ) {
        self.settings = settings
        self.stop = stop
        leases = LockLeases(lease: settings.lockLease, timing: leaseTiming)
        redaction = Redaction(settings.credentials)
        let log = redaction.guarding(log)
        self.log = log
        let retryCount = RequestCount()
        let requestCount = RequestCount()
        self.retryCount = retryCount
        self.requestCount = requestCount
        client = settings.makeClient(
            onRetry: { operation, reason, delay in
                retryCount.value.withLock { $0 += 1 }
                log(.retrying(operation: operation, delaySeconds: delay, reason: reason))
            }, onRequest: { requestCount.value.withLock { $0 += 1 } })
    }

    /// Requests retried so far.
    var retries: Int { retryCount.value.withLock { $0 } }

    /// Requests sent so far, every retry and the lock's own included.
    var requests: Int { requestCount.value.withLock { $0 } + retries }

    /// Runs `body` so that no error description it throws holds a secret, and so that a run a signal stopped ends
    /// as stopped: a request that failed once the stop was asked for (a LIST or a lock PUT cut short, a retry given
    /// up) is logged, and the run throws ``UploadError/interrupted(signal:)``, as it would have at its next
    /// checkpoint. The locks are released by then (``holdingLocks(_:_:)`` runs inside).
    func run<Value>(_ body: () async throws -> Value) async throws -> Value {
        do {
            return try await redaction.run(body)
        } catch let error as UploadError {
            guard error.interruptingSignal == nil, let signal = stop.requested else { throw error }
            log(.warning(.failedAfterStop(reason: "\(error)")))
            if case .incomplete(let written, _) = error {
                throw UploadError.incomplete(written: written, failure: .interrupted(signal: signal))
            }
            throw UploadError.interrupted(signal: signal)
        }
    }

    /// Runs `body` holding the locks of `prefixes`, taken in order (none for a dry run, which writes nothing) and
    /// renewed while it runs, and releases them in reverse order whatever happens, a stop included.
    func holdingLocks<Value>(_ prefixes: [String], _ body: () async throws -> Value) async throws -> Value {
        let (leases, client, log) = (leases, client, log)
        let renewal = Task { await leases.keepRenewing(client: client, log: log) }
        func release() async {
            renewal.cancel()
            await renewal.value
            for lock in leases.removeAll().reversed() { await lock.release(client: client, log: log) }
        }
        do {
            if !settings.dryRun {
                for prefix in prefixes {
                    try stop.check()
                    let sent = leases.now
                    let lock = try await PublisherLock.acquire(
                        prefix: prefix, client: client, lease: leases.lease, now: sent, log: log)
                    leases.add(lock, takenAt: sent)
                }
            }
            let value = try await body()
            await release()
            return value
        } catch {
            await release()
            throw error
        }
    }

    /// Throws when the run must not write on: a stop was asked for (``UploadError/interrupted(signal:)``), or a
    /// lock's lease was lost or not renewed in time (``UploadError/leaseLost(_:)``). Called before each phase, the
    /// index PUT and every batch of deletes.
    func checkpoint() throws {
        try stop.check()
        try leases.check()
    }

    /// Runs `operation` on every item, at most `concurrency` at once. After the first failure, or once a stop
    /// was asked for, no new item starts (an auth error would otherwise be repeated for every object); the ones in
    /// flight finish.
    /// - Returns: the failures, sorted, and how many items never started.
    /// - Throws: ``UploadError/interrupted(signal:)`` when a stop was asked for.
    func forEach<Item: Sendable>(
        _ items: [Item], operation: @escaping @Sendable (Item) async -> String?
    ) async throws -> (failures: [String], notAttempted: Int) {
        let outcome = await Self.forEach(items, limit: settings.concurrency, stop: stop, operation: operation)
        try stop.check()
        return outcome
    }

    /// ``forEach(_:operation:)`` without a session: `limit` at once, stopping early on a failure or a stop.
    package static func forEach<Item: Sendable>(
        _ items: [Item], limit: Int, stop: UploadStop? = nil, operation: @escaping @Sendable (Item) async -> String?
    ) async -> (failures: [String], notAttempted: Int) {
        await withTaskGroup(of: String?.self) { group in
            var next = 0
            var running = 0
            var failures: [String] = []
            while true {
                while running < limit, next < items.count, failures.isEmpty, stop?.requested == nil {
                    let item = items[next]
                    next += 1
                    running += 1
                    group.addTask { await operation(item) }
                }
                guard running > 0, let result = await group.next() else { break }
                running -= 1
                if let failure = result { failures.append(failure) }
            }
            return (failures.sorted(), items.count - next)
        }
    }
}

/// Requests or retries a session's client made, counted from its observers.
private final class RequestCount: Sendable {
    let value = Mutex(0)
}
