import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP
import FuelPublishing
import Synchronization

/// Format 2's part of a ``Publisher`` run: publishes the format-2 set so that a reader holding any index published within `--keep` reads exactly its build.
///
/// One LIST of the prefix decides what is missing, or held with other bytes than its name says (rewritten, logged).
/// With a barrier after each phase: (1) the new immutable objects, `Cache-Control: immutable`; (2) the archived copy
/// `builds/<name>.json` (the plan refused a different build under that name); (3) `index.json`, with `If-Match` on
/// the index the run started from and a short max-age; (4) only when the index is live and still ours, prune:
/// objects that neither the new build, nor the one it replaced, nor any build published within `--keep` names, and
/// archived builds outside `--keep` beyond the newest 7. Any error stops before the next phase and prunes nothing.
struct Format2Uploader: Sendable {
    let settings: UploadSettings
    /// The events of the upload; the session's, so secrets are removed before the caller's sink sees them.
    let log: @Sendable (UploadEvent) -> Void
    /// Awaited after each phase (`tiles and files`, `build archive`, `index`, `prune`) that wrote something: the
    /// ``Publisher``'s test hook.
    var afterPhase: @Sendable (String) async -> Void = { _ in }

    /// What format 2's upload decided before writing anything: the plan and the live index it replaces.
    struct Prepared: Sendable {
        var snapshot: LocalFormat2
        var plan: Format2Plan
        var listing: [String: String]
        /// The live index, read after the LIST; nil when there is none, or it is unreadable and `--allow-shrink`
        /// publishes over it.
        var live: Format2Index?
        var summary: Format2Summary
        var stopwatch: Stopwatch
        var retriesBefore: Int

        /// The live index's key and `builtAt`, for the publisher's forward check.
        var liveBuild: (key: String, builtAt: Date)? {
            live.map { (plan.prefix + Format2.indexPath, $0.builtAt) }
        }
    }

    /// Lists the prefix, plans, reads the live index (after the LIST, so that a change in between is caught) and
    /// checks that no country shrinks against it.
    func prepare(_ snapshot: LocalFormat2, in session: PublishSession) async throws -> Prepared {
        let stopwatch = Stopwatch()
        let retriesBefore = session.retries
        let bytes = snapshot.objects.reduce(snapshot.indexObject.bytes.count) { $0 + $1.bytes.count }
        log(.read(format: 2, files: snapshot.objects.count + 2, bytes: bytes, folder: snapshot.folder.path))
        let prefix = settings.format2Prefix
        let location = "\(settings.endpoint)/\(settings.bucket)/\(prefix)"
        let listing: (etags: [String: String], calls: Int)
        do {
            try session.stop.check()
            listing = try await session.client.listAll(
                prefix: prefix, maxKeys: settings.listPageSize, maxPages: settings.maxListPages)
        } catch {
            throw UploadError.request("cannot list \(location): \(error)")
        }
        let plan = try Format2Plan(snapshot: snapshot, remote: listing.etags, prefix: prefix)
        log(
            .listed(
                format: 2, objects: listing.etags.count, location: location, listCalls: listing.calls,
                plan: plan.summaryLine))
        for path in plan.rewrites {
            log(.rewriting(key: prefix + path, bucketETag: listing.etags[prefix + path] ?? "?"))
        }
        var live: Format2Index?
        if case .ifMatch(let listedETag) = plan.indexCondition {
            let read = try await LiveIndex.read(key: prefix + Format2.indexPath, session: session)
            live = try liveIndex(read, listedETag: listedETag)
        }
        try checkShrink(snapshot, against: live)
        return Prepared(
            snapshot: snapshot, plan: plan, listing: listing.etags, live: live,
            summary: Format2Summary(plan: plan, dryRun: settings.dryRun, listCalls: listing.calls),
            stopwatch: stopwatch, retriesBefore: retriesBefore)
    }

    /// Writes what `prepare` planned, in a session that holds format 2's lock; a dry run only plans the prune.
    func write(_ prepared: Prepared, in session: PublishSession) async throws -> Format2Summary {
        var summary = try await write(prepared, session: session)
        summary.seconds = prepared.stopwatch.seconds
        summary.retries = session.retries - prepared.retriesBefore
        return summary
    }

    private func write(_ prepared: Prepared, session: PublishSession) async throws -> Format2Summary {
        let client = session.client
        let prefix = settings.format2Prefix
        let (snapshot, plan, live) = (prepared.snapshot, prepared.plan, prepared.live)
        let listing = (etags: prepared.listing, calls: prepared.summary.listCalls)
        var summary = prepared.summary
        if settings.dryRun {
            let prune = try await pruning(snapshot, live: live, listing: listing.etags, session: session)
            summary.record(prune)
            return summary
        }

        let progress = UploadProgress(log: log)
        // Phases 1 and 2: every object, then the archived build, must be in before the index names them.
        let archive = plan.archive.map { [$0] } ?? []
        for (phase, objects) in [("tiles and files", plan.uploads), ("build archive", archive)] where !objects.isEmpty {
            try session.checkpoint()
            progress.begin(phase, total: objects.count, detail: "\(objects.count) to write")
            let failures = try await session.forEach(objects) { object in
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
            // The last moment a stop can come before the index: once its PUT starts, it is not cut.
            try session.checkpoint()
            progress.begin("index", total: 1, detail: "writing \(prefix)\(index.path)")
            try await client.putIndex(
                index, key: prefix + index.path, cacheControl: settings.format2IndexCacheControl,
                condition: plan.indexCondition, log: log)
            summary.puts += 1
            summary.bytes += index.bytes.count
            await afterPhase("index")
        }

        // Phase 3b: root.json follows the index (R15), also when the index was unchanged: that heals a run that
        // stopped between the two.
        if plan.root != .none {
            try await Format2RootSync.apply(
                plan.root, prefix: prefix, cacheControl: settings.format2IndexCacheControl, client: client)
            if case .put(let root) = plan.root {
                summary.puts += 1
                summary.bytes += root.bytes.count
            }
            await afterPhase(Format2RootSync.phase)
        }

        // Phase 4: prune, decided only now that the index is live, and checked again before every batch. Without
        // the index this run replaced (unreadable, published anyway with --allow-shrink), the build readers may still
        // hold is unknown: nothing is pruned this time.
        if live == nil, case .ifMatch = plan.indexCondition {
            log(.warning(.pruneSkipped))
            return summary
        }
        let prune = try await pruning(snapshot, live: live, listing: listing.etags, session: session)
        summary.record(prune)
        if !prune.deletes.isEmpty {
            try await session.deleteInBatches(
                prune.deletes, phase: "prune", detail: "\(prune.deletes.count) objects no kept build names",
                purpose: "before pruning",
                indexKey: prefix + Format2.indexPath, indexMD5: plan.indexMD5
            ) { summary.deletes += $0 }
            await afterPhase("prune")
        }
        return summary
    }

    /// The index live in the bucket, read as listed; nil when there is none, or when it is unreadable and
    /// `--allow-shrink` says to publish anyway.
    /// - Throws: ``UploadError/indexChanged`` when it changed since the LIST, ``UploadError/shrink(_:)`` when it is
    ///   unreadable.
    private func liveIndex(_ read: LiveIndex, listedETag: String) throws -> Format2Index? {
        let document: Format2Index?
        do {
            document = try read.decode(Format2Index.self)
        } catch let error as UploadError {
            guard settings.allowShrink else {
                throw UploadError.shrink(
                    "\(error); cannot check that no country shrinks, nor that the local build is newer: refusing to "
                        + "upload (pass --allow-shrink to publish anyway; nothing is then pruned this run)")
            }
            log(.warning(.liveIndexUnreadable(format: 2, reason: "\(error)")))
            return nil
        }
        // Another publisher replaced the index between its read and the LIST.
        guard let document, read.etag.map(UploadPlan.normalise) == UploadPlan.normalise(listedETag) else {
            throw UploadError.indexChanged
        }
        return document
    }

    /// Refuses a build in which a country shrinks against the live one (unless `--allow-shrink`).
    private func checkShrink(_ snapshot: LocalFormat2, against live: Format2Index?) throws {
        guard let live else { return }
        let key = settings.format2Prefix + Format2.indexPath
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
        _ snapshot: LocalFormat2, live: Format2Index?, listing: [String: String], session: PublishSession
    ) async throws -> PruneOutcome {
        let client = session.client
        let prefix = settings.format2Prefix
        let name = Format2.buildName(snapshot.index.builtAt)
        let archived = Set(Format2Prune.buildNames(in: listing.keys, prefix: prefix)).union([name])
        let replaced = live.map { Format2.buildName($0.builtAt) }
        let retention = Format2Prune.retention(
            archived: Array(archived), live: name, replaced: replaced, now: settings.now,
            keepHours: settings.keepHours, keepLast: settings.keepLastBuilds)
        // History files (R14) are kept by day: every day a kept index lists, and every day the new build holds.
        var referenced = Set(snapshot.index.objectPaths).union(live?.objectPaths ?? [])
            .union(Format2Prune.historyDays(snapshot.index) + Format2Prune.historyDays(live))
            .union(snapshot.historyDays.map(Format2Prune.historyDay))
        let toRead = retention.referencing.subtracting([name] + (replaced.map { [$0] } ?? [])).sorted()
        let reads = Mutex([String: [String]]())
        let failures = try await session.forEach(toRead) { build in
            let key = prefix + "builds/\(build).json"
            do {
                guard let read = try await client.document(Format2Index.self, key: key) else {
                    return "\(key) was listed but is gone"
                }
                reads.withLock { $0[build] = read.document.objectPaths + Format2Prune.historyDays(read.document) }
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
        let deletes = Format2Prune.deletes(
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
