import Foundation
import FuelBuild
import FuelCodecs
import FuelFormat
import FuelHTTP
import Synchronization

/// Publishes a build to S3/R2 so the bucket never advertises a tile it does not hold.
///
/// One paginated LIST decides what changed (MD5 of the local bytes against each ETag). Then, with a barrier after
/// each phase: (1) changed tiles, `concurrency` at a time; (2) changed brands and sources; (3) the index, with
/// `If-Match` on the ETag the run started from (`If-None-Match: *` when there was none); (4) only when the index is
/// live and still ours, the tiles it no longer lists are deleted. Any failure stops before the next phase, so the
/// old index keeps pointing at objects that exist, and a rerun finishes the job, skipping what landed.
public struct Uploader: Sendable {
    public let settings: UploadSettings
    private let log: @Sendable (String) -> Void
    private let redaction: Redaction

    /// - Parameter log: progress lines (stderr in the command); secrets are removed before it sees them.
    public init(settings: UploadSettings, log: @escaping @Sendable (String) -> Void) {
        self.settings = settings
        redaction = Redaction(settings.credentials)
        self.log = redaction.guarding(log)
    }

    /// Runs the upload (or, with `dryRun`, only the LIST and the plan).
    /// - Throws: ``UploadError``; descriptions never hold a secret.
    public func run() async throws -> UploadSummary {
        try await redaction.run { try await perform() }
    }

    private func perform() async throws -> UploadSummary {
        let stopwatch = Stopwatch()
        let build = try LocalBuild.load(from: settings.from)
        let bytesOnDisk = build.objects.reduce(0) { $0 + $1.bytes.count }
        log("read \(build.objects.count) files (\(ByteCount.format(bytesOnDisk))) from \(build.folder.path)")

        let retries = Mutex(0)
        let log = self.log
        let client = settings.makeClient { operation, reason, delay in
            retries.withLock { $0 += 1 }
            log("retrying \(operation) in \(String(format: "%.2f", delay)) s: \(reason)")
        }

        // One publisher at a time: taken before the LIST the plan rests on, released whatever happens.
        return try await PublisherLock.holding(
            prefix: settings.prefix, client: client, dryRun: settings.dryRun, log: log
        ) { try await publish(build, client: client, stopwatch: stopwatch, retries: retries) }
    }

    private func publish(
        _ build: LocalBuild, client: S3Client, stopwatch: Stopwatch, retries: borrowing Mutex<Int>
    ) async throws -> UploadSummary {
        let location = "\(settings.endpoint)/\(settings.bucket)/\(settings.prefix)"
        let listing: (etags: [String: String], calls: Int)
        do {
            listing = try await client.listAll(
                prefix: settings.prefix, maxKeys: settings.listPageSize, maxPages: settings.maxListPages)
        } catch {
            throw UploadError.request("cannot list \(location): \(error)")
        }
        // Format 2's objects may sit below format 1's prefix (`fuel/v2/` in `fuel/`): they are not this plan's.
        let remote = listing.etags.filter { !$0.key.hasPrefix(settings.snapshotPrefix) }
        let plan = UploadPlan(build: build, remote: remote, prefix: settings.prefix)
        log("listed \(remote.count) objects under \(location) in \(listing.calls) LIST; \(plan.summaryLine)")
        if !settings.allowShrink, plan.index != nil, case .ifMatch(let listedETag) = plan.indexCondition {
            try await checkShrink(build, listedETag: listedETag, client: client)
        }

        var summary = UploadSummary(
            plan: plan, dryRun: settings.dryRun, puts: 0, deletes: 0, listCalls: listing.calls, bytes: 0, retries: 0,
            seconds: 0, concurrency: settings.concurrency)
        func finish() -> UploadSummary {
            summary.seconds = stopwatch.seconds
            summary.retries = retries.withLock { $0 }
            return summary
        }
        if settings.dryRun { return finish() }

        let progress = UploadProgress(log: log)
        // Phase 1 and 2: every PUT must succeed before the next phase starts.
        for (phase, objects) in [("tiles", plan.tiles), ("brands and sources", plan.metadata)] where !objects.isEmpty {
            progress.begin(
                phase, total: objects.count, detail: "\(objects.count) to write, \(settings.concurrency) at a time")
            let failures = await Self.forEach(objects, limit: settings.concurrency) { object in
                defer { progress.advance() }
                return await client.putObject(
                    object, key: settings.prefix + object.path, cacheControl: settings.cacheControl)
            }
            summary.puts += objects.count - failures.failures.count - failures.notAttempted
            summary.bytes += objects.reduce(0) { $0 + $1.bytes.count }
            guard failures.failures.isEmpty else {
                throw UploadError.objectsFailed(
                    phase: phase, failures: failures.failures, notAttempted: failures.notAttempted, indexWritten: false)
            }
        }

        // Phase 3: the index, only if it changed, guarded against a concurrent publisher.
        if let index = plan.index {
            progress.begin("index", total: 1, detail: "writing \(settings.prefix)\(index.path)")
            try await client.putIndex(
                index, key: settings.prefix + index.path, cacheControl: settings.indexCacheControl,
                condition: plan.indexCondition, log: log)
            summary.puts += 1
            summary.bytes += index.bytes.count
        }

        // Phase 4: deletes, only while the live index is the one this run stands on.
        // Another publisher may have replaced the index meanwhile: its tiles must not be pruned, so the index is
        // checked again before every batch, and pruning stops (exit 1) the moment it is no longer this run's.
        if !plan.deletes.isEmpty {
            progress.begin("deletes", total: plan.deletes.count, detail: "\(plan.deletes.count) tiles no longer listed")
            for start in stride(from: 0, to: plan.deletes.count, by: Self.deleteBatch) {
                try await confirmIndexIsOurs(md5: plan.indexMD5, client: client)
                let batch = Array(plan.deletes[start..<min(start + Self.deleteBatch, plan.deletes.count)])
                let failures = await Self.forEach(batch, limit: settings.concurrency) { key in
                    defer { progress.advance() }
                    return await client.deleteObject(key)
                }
                summary.deletes += batch.count - failures.failures.count - failures.notAttempted
                guard failures.failures.isEmpty else {
                    throw UploadError.objectsFailed(
                        phase: "deletes", failures: failures.failures, notAttempted: failures.notAttempted,
                        indexWritten: true)
                }
            }
        }
        return finish()
    }

    // MARK: - Requests

    /// The shrink guard against the bucket's live index, so that a lost local cache (no previous build in `OUT`)
    /// cannot switch it off.
    /// - Throws: ``UploadError/shrink(_:)`` naming every country that would shrink or vanish, or when the live
    ///   index cannot be read.
    private func checkShrink(_ build: LocalBuild, listedETag: String, client: S3Client) async throws {
        let key = settings.prefix + TileFormat.indexPath
        let refusal = "refusing to upload (pass --allow-shrink to publish anyway)"
        let response: HTTPResponse
        do {
            response = try await client.get(key: key)
        } catch {
            throw UploadError.request("cannot read the live \(key) to check that no country shrinks: \(error)")
        }
        // Another publisher replaced the index since the LIST: this run no longer stands on what it planned.
        if response.status == 404
            || response.header("etag").map({ UploadPlan.normalise($0) != UploadPlan.normalise(listedETag) }) == true
        {
            throw UploadError.indexChanged
        }
        let live: TileIndex
        do {
            guard response.status == 200 else { throw client.failure("GET \(key)", response) }
            live = try JSONDecoder().decode(TileIndex.self, from: Data(try Gzip.decompress(response.body)))
        } catch {
            throw UploadError.shrink(
                "cannot read the live \(key) to check that no country shrinks: \(ErrorText.describe(error)); \(refusal)"
            )
        }
        let local: TileIndex
        do {
            local = try JSONDecoder().decode(TileIndex.self, from: Data(try Gzip.decompress(build.index?.bytes ?? [])))
        } catch {
            throw UploadError.localBuild(
                path: build.folder.path, reason: "unreadable index: \(ErrorText.describe(error))")
        }
        let shrinks = ShrinkGuard.shrinks(
            from: ShrinkGuard.counts(live), to: ShrinkGuard.counts(local),
            allowedPercent: ShrinkGuard.allowedPercent(adaptersDirectory: nil))
        guard shrinks.isEmpty else {
            throw UploadError.shrink(ShrinkGuard.refusal(shrinks, against: "the live \(key) in the bucket"))
        }
    }

    /// Throws ``UploadError/indexChanged`` unless the bucket's index has exactly the local index's bytes.
    private func confirmIndexIsOurs(md5: String, client: S3Client) async throws {
        try await client.confirmObject(settings.prefix + TileFormat.indexPath, md5: md5, purpose: "before deleting")
    }

    // MARK: - Helpers

    /// Deletes between two checks that the live index is still this run's.
    static let deleteBatch = 50

    /// Runs `operation` on every item, at most `limit` at once. After the first failure no new item starts (an
    /// auth error would otherwise be repeated for every object); the ones in flight finish.
    /// - Returns: the failures, sorted, and how many items never started.
    static func forEach<Item: Sendable>(
        _ items: [Item], limit: Int, operation: @escaping @Sendable (Item) async -> String?
    ) async -> (failures: [String], notAttempted: Int) {
        await withTaskGroup(of: String?.self) { group in
            var next = 0
            var running = 0
            var failures: [String] = []
            while true {
                while running < limit, next < items.count, failures.isEmpty {
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
