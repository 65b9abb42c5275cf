import Foundation
import FuelBuild
import FuelCodecs
import FuelFormat
import FuelHTTP

/// The bucket-side lock that keeps two publishers apart: `<prefix>.lock`, created with `If-None-Match: *`, holding
/// the run's id and an expiry. A lock past its expiry (a publisher that died) is taken over with `If-Match` on its
/// ETag, so two runs cannot both take it, and the takeover is logged. So is a lock no honest run could have written:
/// one without a readable record or expiry, or expiring further ahead than the longest upload.
struct PublisherLock: Sendable {
    /// The lock's content.
    struct Record: Codable, Equatable {
        var run: String
        var started: String
        var expires: String
    }

    let key: String
    let run: String

    /// How long a lock holds before another run may take it over: far longer than any upload.
    static let lifetime: TimeInterval = 3600

    /// Takes the lock, or throws ``UploadError/locked(_:)`` naming the run that holds it.
    static func acquire(
        prefix: String, client: S3Client, now: Date = Date(), log: @Sendable (UploadEvent) -> Void
    ) async throws -> PublisherLock {
        let key = prefix + ".lock"
        let run = UUID().uuidString.lowercased()
        let record = Record(
            run: run, started: UTCTime.format(now), expires: UTCTime.format(now.addingTimeInterval(lifetime)))
        let body = Array(try JSONEncoder().encode(record))
        let headers: [SigV4Signer.Field] = [
            .init("Content-Type", "application/json"), .init("Cache-Control", "no-store"),
        ]
        let created = try await request("take \(key)") {
            try await client.put(key: key, bytes: body, headers: headers + [.init("If-None-Match", "*")])
        }
        if created.isSuccess { return PublisherLock(key: key, run: run) }
        guard created.status == 412 || created.status == 409 else {
            throw UploadError.request("cannot take \(key): \(client.failure("PUT \(key)", created))")
        }
        let held = try await request("read \(key)") { try await client.get(key: key) }
        guard held.status == 200, let etag = held.header("etag") else {
            throw UploadError.locked(
                "\(key) exists but cannot be read (HTTP \(held.status)); delete it if no upload runs")
        }
        let holder = try? JSONDecoder().decode(Record.self, from: Data(held.body))
        // A retried PUT whose first attempt landed finds its own lock.
        if holder?.run == run { return PublisherLock(key: key, run: run) }
        let stale: String
        switch holder.map({ ($0, UTCTime.parse($0.expires)) }) {
        case .none:
            stale = "which holds no lock record"
        case .some((let holder, .none)):
            stale = "of run \(holder.run), whose expiry cannot be read (\(Self.quoted(holder.expires)))"
        case .some((let holder, .some(let expires))):
            let seconds = TimeInterval(expires) - now.timeIntervalSince1970
            if seconds > lifetime + Publisher.clockSkewAllowance {
                stale =
                    "of run \(holder.run), which expires at \(holder.expires), further ahead than an upload can last "
                    + "(\(Int(lifetime / 60)) minutes): a bad clock's lock"
            } else if seconds >= 0 {
                throw UploadError.locked(
                    "another upload (run \(holder.run), started \(holder.started)) holds \(key) until "
                        + "\(holder.expires); this run wrote nothing. Wait for it, or delete \(key) if that run is "
                        + "known to be dead")
            } else {
                stale = "of run \(holder.run), which expired at \(holder.expires)"
            }
        }
        let takeover = try await request("take over \(key)") {
            try await client.put(key: key, bytes: body, headers: headers + [.init("If-Match", etag)])
        }
        guard takeover.isSuccess else {
            throw UploadError.locked("another upload took over the stale \(key) first; this run wrote nothing")
        }
        log(.lockTakenOver(key: key, holder: stale))
        return PublisherLock(key: key, run: run)
    }

    /// Deletes the lock if it is still this run's; a failure is logged, never thrown (it expires anyway).
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
            log(.warning(.lockNotReleased(key: key, reason: "\(error); it expires by itself")))
        }
    }

    /// A lock file's text, shortened and quoted for a log line.
    private static func quoted(_ text: String) -> String {
        "\"" + String(text.prefix(40)).replacingOccurrences(of: "\n", with: " ") + "\""
    }

    private static func request(_ what: String, _ body: () async throws -> HTTPResponse) async throws -> HTTPResponse {
        do { return try await body() } catch { throw UploadError.request("cannot \(what): \(error)") }
    }
}
