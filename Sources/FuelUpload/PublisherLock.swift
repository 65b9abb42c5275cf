import Foundation
import FuelBuild
import FuelCodecs
import FuelFormat
import FuelHTTP

/// The bucket-side lock that keeps two publishers apart: `<prefix>.lock`, created with `If-None-Match: *`, holding
/// the run's id and an expiry. A lock past its expiry (a publisher that died) is taken over with `If-Match` on its
/// ETag, so two runs cannot both take it, and the takeover is logged.
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
        prefix: String, client: S3Client, now: Date = Date(), log: @Sendable (String) -> Void
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
        guard held.status == 200, let etag = held.header("etag"),
            let holder = try? JSONDecoder().decode(Record.self, from: Data(held.body))
        else {
            throw UploadError.locked(
                "\(key) exists but cannot be read (HTTP \(held.status)); delete it if no upload runs")
        }
        // A retried PUT whose first attempt landed finds its own lock.
        if holder.run == run { return PublisherLock(key: key, run: run) }
        guard let expires = UTCTime.parse(holder.expires), TimeInterval(expires) < now.timeIntervalSince1970 else {
            throw UploadError.locked(
                "another upload (run \(holder.run), started \(holder.started)) holds \(key) until \(holder.expires); "
                    + "this run wrote nothing. Wait for it, or delete \(key) if that run is known to be dead")
        }
        let takeover = try await request("take over \(key)") {
            try await client.put(key: key, bytes: body, headers: headers + [.init("If-Match", etag)])
        }
        guard takeover.isSuccess else {
            throw UploadError.locked("another upload took over the stale \(key) first; this run wrote nothing")
        }
        log("lock: took over the stale \(key) of run \(holder.run), which expired at \(holder.expires)")
        return PublisherLock(key: key, run: run)
    }

    /// Runs `body` holding the lock of `prefix` (no lock for a dry run, which writes nothing), and releases it
    /// whatever happens.
    static func holding<Value>(
        prefix: String, client: S3Client, dryRun: Bool, log: @escaping @Sendable (String) -> Void,
        _ body: () async throws -> Value
    ) async throws -> Value {
        let lock = dryRun ? nil : try await acquire(prefix: prefix, client: client, log: log)
        do {
            let value = try await body()
            await lock?.release(client: client, log: log)
            return value
        } catch {
            await lock?.release(client: client, log: log)
            throw error
        }
    }

    /// Deletes the lock if it is still this run's; a failure is logged, never thrown (it expires anyway).
    func release(client: S3Client, log: @Sendable (String) -> Void) async {
        do {
            let held = try await client.get(key: key)
            guard held.status == 200, (try? JSONDecoder().decode(Record.self, from: Data(held.body)))?.run == run else {
                log("lock: \(key) is no longer this run's; left as it is")
                return
            }
            let deleted = try await client.delete(key: key)
            if !deleted.isSuccess && deleted.status != 404 { log("lock: cannot delete \(key): HTTP \(deleted.status)") }
        } catch {
            log("lock: cannot release \(key): \(error); it expires by itself")
        }
    }

    private static func request(_ what: String, _ body: () async throws -> HTTPResponse) async throws -> HTTPResponse {
        do { return try await body() } catch { throw UploadError.request("cannot \(what): \(error)") }
    }
}
