import Foundation
import FuelBuild
import FuelCodecs
import FuelFormat
import FuelHTTP
import Synchronization

/// Publishes the format-2 set so that a reader holding any index published within `--keep` reads exactly its build.
///
/// One LIST of the prefix decides what is missing; objects are never rewritten, since their name is their content.
/// With a barrier after each phase: (1) the new immutable objects, `Cache-Control: immutable`; (2) the archived copy
/// `builds/<name>.json` (the plan refused a different build under that name); (3) `index.json`, with `If-Match` on
/// the index the run started from and a short max-age; (4) only when the index is live and still ours, prune:
/// objects that neither the new build, nor the one it replaced, nor any build published within `--keep` names, and
/// archived builds outside `--keep` beyond the newest 7. Any error stops before the next phase and prunes nothing.
public struct SnapshotUploader: Sendable {
    public let settings: UploadSettings
    /// Awaited after each phase (`tiles and files`, `build archive`, `index`, `prune`) that wrote something. A test
    /// hook, not public API: a test interleaves a reader with the publish, step by step.
    package var afterPhase: @Sendable (String) async -> Void = { _ in }
    private let log: @Sendable (String) -> Void
    private let redaction: Redaction

    /// - Parameter log: progress lines (stderr in the command); secrets are removed before it sees them.
    public init(settings: UploadSettings, log: @escaping @Sendable (String) -> Void) {
        self.settings = settings
        redaction = Redaction(settings.credentials)
        self.log = redaction.guarding(log)
    }

    /// Runs the upload (or, with `dryRun`, only the reads and the plan).
    /// - Throws: ``UploadError``; descriptions never hold a secret.
    public func run() async throws -> SnapshotSummary {
        try await redaction.run { try await perform() }
    }

    private func perform() async throws -> SnapshotSummary {
        let stopwatch = Stopwatch()
        let snapshot = try LocalSnapshot.load(from: settings.from)
        let bytes = snapshot.objects.reduce(snapshot.indexObject.bytes.count) { $0 + $1.bytes.count }
        log(
            "read format 2: \(snapshot.objects.count + 2) files (\(ByteCount.format(bytes))) from "
                + snapshot.folder.path)
        let retries = Mutex(0)
        let log = self.log
        let client = settings.makeClient { operation, reason, delay in
            retries.withLock { $0 += 1 }
            log("retrying \(operation) in \(String(format: "%.2f", delay)) s: \(reason)")
        }
        var summary = try await PublisherLock.holding(
            prefix: settings.snapshotPrefix, client: client, dryRun: settings.dryRun, log: log
        ) { try await publish(snapshot, client: client) }
        summary.seconds = stopwatch.seconds
        summary.retries = retries.withLock { $0 }
        return summary
    }

    private func publish(_ snapshot: LocalSnapshot, client: S3Client) async throws -> SnapshotSummary {
        let prefix = settings.snapshotPrefix
        let location = "\(settings.endpoint)/\(settings.bucket)/\(prefix)"
        let listing: (etags: [String: String], calls: Int)
        do {
            listing = try await client.listAll(
                prefix: prefix, maxKeys: settings.listPageSize, maxPages: settings.maxListPages)
        } catch {
            throw UploadError.request("cannot list \(location): \(error)")
        }
        let plan = try SnapshotPlan(snapshot: snapshot, remote: listing.etags, prefix: prefix)
        log("listed \(listing.etags.count) objects under \(location) in \(listing.calls) LIST; \(plan.summaryLine)")
        let live = try await liveIndex(plan: plan, client: client)
        try check(snapshot, against: live)

        var summary = SnapshotSummary(plan: plan, dryRun: settings.dryRun, listCalls: listing.calls)
        if settings.dryRun {
            let prune = try await pruning(snapshot, live: live, listing: listing.etags, client: client)
            summary.record(prune)
            return summary
        }

        let progress = UploadProgress(log: log)
        // Phases 1 and 2: every object, then the archived build, must be in before the index names them.
        let archive = plan.archive.map { [$0] } ?? []
        for (phase, objects) in [("tiles and files", plan.uploads), ("build archive", archive)] where !objects.isEmpty {
            progress.begin(phase, total: objects.count, detail: "\(objects.count) to write")
            let failures = await Uploader.forEach(objects, limit: settings.concurrency) { object in
                defer { progress.advance() }
                return await client.putObject(
                    object, key: prefix + object.path, cacheControl: settings.immutableCacheControl)
            }
            summary.puts += objects.count - failures.failures.count - failures.notAttempted
            summary.bytes += objects.reduce(0) { $0 + $1.bytes.count }
            guard failures.failures.isEmpty else {
                throw UploadError.objectsFailed(
                    phase: phase, failures: failures.failures, notAttempted: failures.notAttempted, indexWritten: false)
            }
            await afterPhase(phase)
        }

        // Phase 3: the one mutable object.
        if let index = plan.index {
            progress.begin("index", total: 1, detail: "writing \(prefix)\(index.path)")
            try await client.putIndex(
                index, key: prefix + index.path, cacheControl: settings.snapshotIndexCacheControl,
                condition: plan.indexCondition, log: log)
            summary.puts += 1
            summary.bytes += index.bytes.count
            await afterPhase("index")
        }

        // Phase 4: prune, decided only now that the index is live, and checked again before every batch. Without
        // the index this run replaced (unreadable, published anyway with --allow-shrink), the build readers may still
        // hold is unknown: nothing is pruned this time.
        if live == nil, case .ifMatch = plan.indexCondition {
            log("prune: skipped, the index this run replaced could not be read; the next publish prunes")
            return summary
        }
        let prune = try await pruning(snapshot, live: live, listing: listing.etags, client: client)
        summary.record(prune)
        if !prune.deletes.isEmpty {
            progress.begin(
                "prune", total: prune.deletes.count, detail: "\(prune.deletes.count) objects no kept build names")
            let indexKey = prefix + SnapshotFormat.indexPath
            for start in stride(from: 0, to: prune.deletes.count, by: Uploader.deleteBatch) {
                try await client.confirmObject(indexKey, md5: plan.indexMD5, purpose: "before pruning")
                let batch = Array(prune.deletes[start..<min(start + Uploader.deleteBatch, prune.deletes.count)])
                let failures = await Uploader.forEach(batch, limit: settings.concurrency) { key in
                    defer { progress.advance() }
                    return await client.deleteObject(key)
                }
                summary.deletes += batch.count - failures.failures.count - failures.notAttempted
                guard failures.failures.isEmpty else {
                    throw UploadError.objectsFailed(
                        phase: "prune", failures: failures.failures, notAttempted: failures.notAttempted,
                        indexWritten: true)
                }
            }
            await afterPhase("prune")
        }
        return summary
    }

    /// The index live in the bucket, read as listed; nil when there is none, or when it is unreadable and
    /// `--allow-shrink` says to publish anyway.
    /// - Throws: ``UploadError/indexChanged`` when it changed since the LIST, ``UploadError/shrink(_:)`` when it is
    ///   unreadable.
    private func liveIndex(plan: SnapshotPlan, client: S3Client) async throws -> SnapshotIndex? {
        guard case .ifMatch(let listedETag) = plan.indexCondition else { return nil }
        let key = plan.prefix + SnapshotFormat.indexPath
        let read: (document: SnapshotIndex, etag: String?, body: [UInt8])?
        do {
            read = try await client.document(SnapshotIndex.self, key: key)
        } catch let error as UploadError {
            guard settings.allowShrink else {
                throw UploadError.shrink(
                    "\(error); cannot check that no country shrinks, nor that the local build is newer: refusing to "
                        + "upload (pass --allow-shrink to publish anyway; nothing is then pruned this run)")
            }
            log("warning: \(error); publishing without the live index (--allow-shrink)")
            return nil
        }
        guard let read, read.etag.map(UploadPlan.normalise) == UploadPlan.normalise(listedETag) else {
            throw UploadError.indexChanged
        }
        return read.document
    }

    /// Refuses a build older than the live one, and one in which a country shrinks (unless `--allow-shrink`).
    private func check(_ snapshot: LocalSnapshot, against live: SnapshotIndex?) throws {
        guard let live else { return }
        let key = settings.snapshotPrefix + SnapshotFormat.indexPath
        if live.builtAt > snapshot.index.builtAt {
            throw UploadError.outdated(
                "the local build (builtAt \(UTCTime.format(snapshot.index.builtAt))) is older than the live \(key) "
                    + "(builtAt \(UTCTime.format(live.builtAt))); nothing was written. To go back to an earlier "
                    + "build, use `fuel-publish rollback --to <builtAt>`")
        }
        guard !settings.allowShrink else { return }
        let shrinks = ShrinkGuard.shrinks(
            from: live.countries.mapValues(\.stations), to: snapshot.index.countries.mapValues(\.stations),
            allowedPercent: ShrinkGuard.allowedPercent(adaptersDirectory: nil))
        guard shrinks.isEmpty else {
            throw UploadError.shrink(ShrinkGuard.refusal(shrinks, against: "the live \(key) in the bucket"))
        }
    }

    /// What to keep and delete once the new index is live.
    /// - Throws: ``UploadError/request(_:)`` when a kept build cannot be read: nothing is pruned then.
    private func pruning(
        _ snapshot: LocalSnapshot, live: SnapshotIndex?, listing: [String: String], client: S3Client
    ) async throws -> PruneOutcome {
        let prefix = settings.snapshotPrefix
        let name = SnapshotFormat.buildName(snapshot.index.builtAt)
        let archived = Set(SnapshotPrune.buildNames(in: listing.keys, prefix: prefix)).union([name])
        let replaced = live.map { SnapshotFormat.buildName($0.builtAt) }
        let retention = SnapshotPrune.retention(
            archived: Array(archived), live: name, replaced: replaced, now: settings.now,
            keepHours: settings.keepHours, keepLast: settings.keepLastBuilds)
        var referenced = Set(snapshot.index.objectPaths).union(live?.objectPaths ?? [])
        let toRead = retention.referencing.subtracting([name] + (replaced.map { [$0] } ?? [])).sorted()
        let reads = Mutex([String: [String]]())
        let failures = await Uploader.forEach(toRead, limit: settings.concurrency) { build in
            let key = prefix + "builds/\(build).json"
            do {
                guard let read = try await client.document(SnapshotIndex.self, key: key) else {
                    return "\(key) was listed but is gone"
                }
                reads.withLock { $0[build] = read.document.objectPaths }
                return nil
            } catch {
                return "\(error)"
            }
        }
        guard failures.failures.isEmpty else {
            throw UploadError.request(
                "cannot read the archived builds that decide what to keep, so nothing was pruned (the new index "
                    + "is live): " + failures.failures.joined(separator: "; "))
        }
        for paths in reads.withLock({ $0 }).values { referenced.formUnion(paths) }
        let deletes = SnapshotPrune.deletes(
            remote: listing.keys, prefix: prefix, keptBuilds: retention.archives, referenced: referenced)
        return PruneOutcome(
            keptBuilds: retention.archives.count, referencingBuilds: retention.referencing.count,
            objectsKept: referenced.count, deletes: deletes)
    }
}

/// What pruning decided: builds and objects kept, keys to delete.
struct PruneOutcome: Sendable {
    /// Archived builds kept.
    var keptBuilds: Int
    /// Builds whose objects are all kept (restorable).
    var referencingBuilds: Int
    var objectsKept: Int
    var deletes: [String]
}
