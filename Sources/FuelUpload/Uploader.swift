import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP
import FuelPublishing

/// Format 1's part of a ``Publisher`` run: publishes a build to S3/R2 so the bucket never advertises a tile it does
/// not hold.
///
/// One paginated LIST decides what changed (MD5 of the local bytes against each ETag). Then, with a barrier after
/// each phase: (1) changed tiles, `concurrency` at a time; (2) changed brands, trends and sources; (3) the index, with
/// `If-Match` on the ETag the run started from (`If-None-Match: *` when there was none); (4) only when the index is
/// live and still ours, the tiles it no longer lists are deleted. Any failure stops before the next phase, so the
/// old index keeps pointing at objects that exist, and a rerun finishes the job, skipping what landed.
struct Uploader: Sendable {
    let settings: UploadSettings
    /// The events of the upload; the session's, so secrets are removed before the caller's sink sees them.
    let log: @Sendable (UploadEvent) -> Void

    /// What format 1's upload decided before writing anything: the plan, and the live index it replaces.
    struct Prepared: Sendable {
        var plan: UploadPlan
        /// The live index's key and `builtAt`, when the new index replaces a readable one.
        var live: (key: String, builtAt: Date)?
        var summary: UploadSummary
        var stopwatch: Stopwatch
        var retriesBefore: Int
    }

    /// Lists the prefix, plans, and reads the live index the new one replaces (after the LIST, so that a change in
    /// between is caught): the shrink guard rests on it, and the publisher's forward check on its `builtAt`.
    func prepare(_ build: LocalBuild, in session: PublishSession) async throws -> Prepared {
        let stopwatch = Stopwatch()
        let retriesBefore = session.retries
        let bytesOnDisk = build.objects.reduce(0) { $0 + $1.bytes.count }
        log(.read(format: 1, files: build.objects.count, bytes: bytesOnDisk, folder: build.folder.path))
        let location = "\(settings.endpoint)/\(settings.bucket)/\(settings.prefix)"
        let listing: (etags: [String: String], calls: Int)
        do {
            try session.stop.check()
            listing = try await session.client.listAll(
                prefix: settings.prefix, maxKeys: settings.listPageSize, maxPages: settings.maxListPages)
        } catch {
            throw UploadError.request("cannot list \(location): \(error)")
        }
        // Format 2's objects may sit below format 1's prefix (`fuel/v2/` in `fuel/`): they are not this plan's.
        let remote = listing.etags.filter { !$0.key.hasPrefix(settings.format2Prefix) }
        let plan = UploadPlan(build: build, remote: remote, prefix: settings.prefix)
        log(
            .listed(
                format: 1, objects: remote.count, location: location, listCalls: listing.calls, plan: plan.summaryLine))
        var live: (key: String, builtAt: Date)?
        if plan.index != nil, case .ifMatch(let listedETag) = plan.indexCondition {
            let index = try await LiveIndex.read(key: settings.prefix + TileFormat.indexPath, session: session)
            live = try checkLive(build, listedETag: listedETag, live: index).map { (index.key, $0) }
        }
        let summary = UploadSummary(
            plan: plan, dryRun: settings.dryRun, puts: 0, deletes: 0, listCalls: listing.calls, bytes: 0, retries: 0,
            seconds: 0, concurrency: settings.concurrency)
        return Prepared(
            plan: plan, live: live, summary: summary, stopwatch: stopwatch, retriesBefore: retriesBefore)
    }

    /// Writes what `prepare` planned (nothing for a dry run), in a session that holds format 1's lock.
    func write(_ prepared: Prepared, in session: PublishSession) async throws -> UploadSummary {
        let client = session.client
        let plan = prepared.plan
        var summary = prepared.summary
        func finish() -> UploadSummary {
            summary.seconds = prepared.stopwatch.seconds
            summary.retries = session.retries - prepared.retriesBefore
            return summary
        }
        if settings.dryRun { return finish() }

        let progress = UploadProgress(log: log)
        // Phase 1 and 2: every PUT must succeed before the next phase starts.
        for (phase, objects) in [
            ("tiles", plan.tiles), ("history", plan.history), ("brands, trends and sources", plan.metadata),
        ]
        where !objects.isEmpty {
            try session.checkpoint()
            progress.begin(
                phase, total: objects.count, detail: "\(objects.count) to write, \(settings.concurrency) at a time")
            let failures = try await session.forEach(objects) { object in
                defer { progress.advance() }
                // A history file is written once and never changes: cached as format 2's objects are.
                return await client.putObject(
                    object, key: settings.prefix + object.path,
                    cacheControl: object.kind == .history ? settings.immutableCacheControl : settings.cacheControl)
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
            // The last moment a stop can come before the index: once its PUT starts, it is not cut.
            try session.checkpoint()
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
        try await session.deleteInBatches(
            plan.deletes, phase: "deletes", detail: "\(plan.deletes.count) tiles and history files no longer listed",
            purpose: "before deleting",
            indexKey: settings.prefix + TileFormat.indexPath, indexMD5: plan.indexMD5
        ) { summary.deletes += $0 }
        return finish()
    }

    // MARK: - Requests

    /// Checks the live index read after the LIST: still the listed one, readable, and (unless `--allow-shrink`)
    /// no country shrinks against it, so that a lost local cache (no previous build in `OUT`) cannot switch the
    /// guard off.
    /// - Returns: the live index's `builtAt`; nil when it is unreadable and `--allow-shrink` publishes over it.
    /// - Throws: ``UploadError/indexChanged`` when another publisher replaced it since the LIST;
    ///   ``UploadError/shrink(_:)`` naming every country that would shrink or vanish, or when it cannot be read.
    private func checkLive(_ build: LocalBuild, listedETag: String, live index: LiveIndex) throws -> Date? {
        let key = index.key
        let refusal = "refusing to upload (pass --allow-shrink to publish anyway)"
        if index.response == nil
            || index.etag.map({ UploadPlan.normalise($0) != UploadPlan.normalise(listedETag) }) == true
        {
            throw UploadError.indexChanged
        }
        let live: TileIndex
        do {
            guard let read = try index.decode(TileIndex.self) else { throw UploadError.indexChanged }
            live = read
        } catch {
            guard settings.allowShrink else {
                throw UploadError.shrink(
                    "cannot read the live \(key) to check that no country shrinks: \(error); \(refusal)")
            }
            log(.warning(.liveIndexUnreadable(format: 1, reason: "\(error)")))
            return nil
        }
        if settings.allowShrink { return live.builtAt }
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
        return live.builtAt
    }

    // MARK: - Helpers

    /// Deletes between two checks that the live index is still this run's.
    static let deleteBatch = 50
}
