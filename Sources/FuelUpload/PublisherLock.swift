import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP

/// The bucket-side lock that keeps two publishers apart: `<prefix>.lock`, created with `If-None-Match: *`, holding
/// the run's id, its lease and an expiry. The lock is a lease: the holder renews it while it runs (see
/// ``LockLeases``), so a lock whose expiry passed belongs to a publisher that died, and is taken over with `If-Match`
/// on its ETag (two runs cannot both take it), logged. So is a lock no honest run could have written: one without a
/// readable record or expiry, or expiring further ahead than its lease and the clock tolerance.
struct PublisherLock: Sendable {
    /// The lock's content.
    struct Record: Codable, Equatable {
        var run: String
        var started: String
        var expires: String
        /// Seconds the lock holds without a renewal; absent in locks of earlier versions, which held an hour.
        var lease: Double?
    }

    let key: String
    let run: String
    let started: String
    /// The lock object's ETag as this run last wrote it: the renewal's `If-Match`.
    var etag: String

    /// The lease of a lock record written before leases existed.
    static let legacyLease: TimeInterval = 3600
    /// The lease of every lock unless `--lock-lease` says otherwise.
    static let defaultLease: TimeInterval = 600
    /// The range `--lock-lease` accepts.
    static let leaseRange: ClosedRange<TimeInterval> = 1...3600

    private static let headers: [SigV4Signer.Field] = [
        .init("Content-Type", "application/json"), .init("Cache-Control", "no-store"),
    ]

    /// Takes the lock for `lease` seconds, or throws ``UploadError/locked(_:)`` naming the run that holds it.
    static func acquire(
        prefix: String, client: S3Client, lease: TimeInterval, now: Date = Date(),
        log: @Sendable (UploadEvent) -> Void
    ) async throws -> PublisherLock {
        let key = prefix + ".lock"
        let run = UUID().uuidString.lowercased()
        let started = UTCTime.format(now)
        let body = try record(run: run, started: started, lease: lease, now: now)
        let created = try await request("take \(key)") {
            try await client.put(key: key, bytes: body, headers: headers + [.init("If-None-Match", "*")])
        }
        if created.isSuccess {
            return PublisherLock(
                key: key, run: run, started: started, etag: try await etag(of: created, key: key, client: client))
        }
        guard created.status == 412 || created.status == 409 else {
            throw UploadError.request("cannot take \(key): \(client.failure("PUT \(key)", created))")
        }
        let held = try await request("read \(key)") { try await client.get(key: key) }
        guard held.status == 200, let heldETag = held.header("etag") else {
            throw UploadError.locked(
                "\(key) exists but cannot be read (HTTP \(held.status)); delete it if no upload runs")
        }
        let holder = try? JSONDecoder().decode(Record.self, from: Data(held.body))
        // A retried PUT whose first attempt landed finds its own lock.
        if holder?.run == run { return PublisherLock(key: key, run: run, started: started, etag: heldETag) }
        let stale: String
        switch holder.map({ ($0, UTCTime.parse($0.expires)) }) {
        case .none:
            stale = "which holds no lock record"
        case .some((let holder, .none)):
            stale = "of run \(holder.run), whose expiry cannot be read (\(Self.quoted(holder.expires)))"
        case .some((let holder, .some(let expires))):
            let seconds = TimeInterval(expires) - now.timeIntervalSince1970
            let holderLease = holder.lease.flatMap { $0 > 0 ? $0 : nil } ?? legacyLease
            if seconds > holderLease + Publisher.clockSkewAllowance {
                stale =
                    "of run \(holder.run), which expires at \(holder.expires), further ahead than its lease "
                    + "(\(Self.duration(holderLease))) and the clock tolerance allow: a bad clock's lock"
            } else if seconds >= 0 {
                throw UploadError.locked(
                    "another upload (run \(holder.run), started \(holder.started)) holds \(key) until "
                        + "\(holder.expires) unless it renews its lease; this run wrote nothing. Wait for it: a "
                        + "lock its holder stops renewing is taken over once it expires")
            } else {
                stale = "of run \(holder.run), whose lease expired at \(holder.expires)"
            }
        }
        let takeover = try await request("take over \(key)") {
            try await client.put(key: key, bytes: body, headers: headers + [.init("If-Match", heldETag)])
        }
        if !takeover.isSuccess {
            // A retried takeover whose first attempt landed finds its own lock (a lost answer, a reset); any
            // other holder took it over first.
            let now = try await request("read \(key)") { try await client.get(key: key) }
            let owner = try? JSONDecoder().decode(Record.self, from: Data(now.body))
            guard now.status == 200, owner?.run == run, let etag = now.header("etag") else {
                throw UploadError.locked("another upload took over the stale \(key) first; this run wrote nothing")
            }
            log(.lockTakenOver(key: key, holder: stale))
            return PublisherLock(key: key, run: run, started: started, etag: etag)
        }
        log(.lockTakenOver(key: key, holder: stale))
        return PublisherLock(
            key: key, run: run, started: started, etag: try await etag(of: takeover, key: key, client: client))
    }

    /// What one renewal found.
    enum Renewal: Sendable {
        /// The lease runs again from the time the renewal was sent; the lock's new ETag.
        case renewed(etag: String)
        /// The lock is another run's now, or gone: this run must stop writing.
        case lost(String)
        /// The renewal failed in a way that may pass (a timeout, a 5xx); the lease runs out unless a later one lands.
        case failed(String)
    }

    /// Extends the lease to `lease` seconds from `now`, with `If-Match` on the ETag this run last wrote.
    func renew(client: S3Client, lease: TimeInterval, now: Date) async -> Renewal {
        do {
            let body = try Self.record(run: run, started: started, lease: lease, now: now)
            let put = try await client.put(key: key, bytes: body, headers: Self.headers + [.init("If-Match", etag)])
            if put.isSuccess { return .renewed(etag: try await Self.etag(of: put, key: key, client: client)) }
            guard put.status == 412 || put.status == 409 || put.status == 404 else {
                return .failed(client.failure("PUT \(key)", put).description)
            }
            // A retried renewal whose first attempt landed finds its own lock under a new ETag.
            let held = try await client.get(key: key)
            if held.status == 404 { return .lost("\(key) is gone: someone deleted it") }
            guard held.status == 200 else { return .failed(client.failure("GET \(key)", held).description) }
            let holder = try? JSONDecoder().decode(Record.self, from: Data(held.body))
            if holder?.run == run, let current = held.header("etag") { return .renewed(etag: current) }
            return .lost("\(key) is held by \(holder.map { "run \($0.run)" } ?? "something that is no lock record")")
        } catch {
            return .failed("\(error)")
        }
    }

    /// Deletes the lock if it is still this run's; a failure is logged, never thrown (its lease runs out anyway).
    func release(client: S3Client, log: @Sendable (UploadEvent) -> Void) async {
        do {
            let held = try await client.get(key: key)
            guard held.status == 200, (try? JSONDecoder().decode(Record.self, from: Data(held.body)))?.run == run else {
                log(.warning(.lockNotReleased(key: key, reason: "it is no longer this run's; left as it is")))
                return
            }
            let deleted = try await client.delete(key: key)
            if !deleted.isSuccess && deleted.status != 404 {
                log(.warning(.lockNotReleased(key: key, reason: "cannot delete it: HTTP \(deleted.status)")))
            }
        } catch {
            log(.warning(.lockNotReleased(key: key, reason: "\(error); its lease runs out by itself")))
        }
    }

    /// `10 min`, `45 s`: a lease in words.
    static func duration(_ seconds: TimeInterval) -> String {
        seconds >= 60 && seconds.truncatingRemainder(dividingBy: 60) == 0
            ? "\(Int(seconds / 60)) min" : "\(NumberText.plain(seconds)) s"
    }

    /// The record's bytes; its expiry is `lease` seconds from `now`, rounded up to the second the record can hold,
    /// so another run never takes the lock over before this run's own deadline (see ``LockLeases``).
    private static func record(run: String, started: String, lease: TimeInterval, now: Date) throws -> [UInt8] {
        let expires = UTCTime.format(expiry(lease: lease, now: now))
        return Array(try JSONEncoder().encode(Record(run: run, started: started, expires: expires, lease: lease)))
    }

    private static func expiry(lease: TimeInterval, now: Date) -> Date {
        Date(timeIntervalSince1970: (now.timeIntervalSince1970 + lease).rounded(.up))
    }

    /// The ETag a successful PUT answered with, or the stored one when the answer had none.
    private static func etag(of response: HTTPResponse, key: String, client: S3Client) async throws -> String {
        if let etag = response.header("etag") { return etag }
        let head = try await request("read \(key)") { try await client.head(key: key) }
        guard head.isSuccess, let etag = head.header("etag") else {
            throw UploadError.request("cannot read the ETag of \(key): HTTP \(head.status)")
        }
        return etag
    }

    /// A lock file's text, shortened and quoted for a log line.
    private static func quoted(_ text: String) -> String {
        "\"" + String(text.prefix(40)).replacingOccurrences(of: "\n", with: " ") + "\""
    }

    private static func request(_ what: String, _ body: () async throws -> HTTPResponse) async throws -> HTTPResponse {
        do { return try await body() } catch { throw UploadError.request("cannot \(what): \(error)") }
    }
}
