import Foundation
import FuelFormat

/// What an upload, a rollback or a read of the archived builds tells the person running it, as it happens. The
/// command renders each as its ``sentence`` on stderr; a test or a scheduler matches the case.
public enum UploadEvent: Sendable, Equatable {
    /// The local build was read: `files` files of `bytes` bytes from `folder`, for `format` 1 or 2.
    case read(format: Int, files: Int, bytes: Int, folder: String)
    /// The bucket was listed under `location` (`endpoint/bucket/prefix`): `objects` objects in `listCalls` LISTs,
    /// and the plan made from them, in words (`12 to put, 3 unchanged, 1 to delete`).
    case listed(format: Int, objects: Int, location: String, listCalls: Int, plan: String)
    /// A format-2 object is held under its name with other bytes than the name says, so it is written again.
    case rewriting(key: String, bucketETag: String)
    /// A phase of `total` objects began (`tiles`, `prune`, …).
    case phaseStarted(phase: String, total: Int, detail: String)
    /// Another tenth of a phase's objects is done (never more events than objects).
    case phaseProgress(phase: String, done: Int, total: Int)
    /// A request failed in a way worth another try, which follows after `delaySeconds`.
    case retrying(operation: String, delaySeconds: Double, reason: String)
    /// A stale publisher lock (expired, or from a bad clock) was taken over; `holder` says whose it was.
    case lockTakenOver(key: String, holder: String)
    /// The index's conditional PUT was answered 409/412, and the bucket holds this run's bytes already: an earlier
    /// attempt of this run wrote it.
    case indexAlreadyWritten(key: String)
    /// A rollback whose target is the live build already; nothing was written.
    case alreadyLive(indexKey: String, build: String)
    /// Something worth a look that does not stop the upload.
    case warning(UploadWarning)

    /// The event in words, as the command prints it.
    public var sentence: String {
        switch self {
        case .read(let format, let files, let bytes, let folder):
            return "read \(format == 2 ? "format 2: " : "")\(files) files (\(ByteCount.format(bytes))) from \(folder)"
        case .listed(_, let objects, let location, let listCalls, let plan):
            return "listed \(objects) objects under \(location) in \(listCalls) LIST; \(plan)"
        case .rewriting(let key, let bucketETag):
            return "rewriting \(key): the bucket's copy (ETag \(bucketETag)) is not the bytes its name says"
        case .phaseStarted(let phase, _, let detail):
            return "\(phase): \(detail)"
        case .phaseProgress(let phase, let done, let total):
            return "\(phase): \(done)/\(total)"
        case .retrying(let operation, let delaySeconds, let reason):
            return "retrying \(operation) in \(String(format: "%.2f", delaySeconds)) s: \(reason)"
        case .lockTakenOver(let key, let holder):
            return "lock: took over the stale \(key) \(holder)"
        case .indexAlreadyWritten:
            return "index: already written by an earlier attempt of this run"
        case .alreadyLive(let indexKey, let build):
            return "rollback: \(indexKey) is build \(build) already; nothing to write"
        case .warning(let warning):
            return "warning: " + warning.sentence
        }
    }

    /// The same event with every text it carries passed through `transform` (how secrets are removed).
    func mapText(_ transform: (String) -> String) -> UploadEvent {
        switch self {
        case .read(let format, let files, let bytes, let folder):
            return .read(format: format, files: files, bytes: bytes, folder: transform(folder))
        case .listed(let format, let objects, let location, let listCalls, let plan):
            return .listed(
                format: format, objects: objects, location: transform(location), listCalls: listCalls,
                plan: transform(plan))
        case .rewriting(let key, let bucketETag):
            return .rewriting(key: transform(key), bucketETag: transform(bucketETag))
        case .phaseStarted(let phase, let total, let detail):
            return .phaseStarted(phase: phase, total: total, detail: transform(detail))
        case .phaseProgress:
            return self
        case .retrying(let operation, let delaySeconds, let reason):
            return .retrying(operation: transform(operation), delaySeconds: delaySeconds, reason: transform(reason))
        case .lockTakenOver(let key, let holder):
            return .lockTakenOver(key: transform(key), holder: transform(holder))
        case .indexAlreadyWritten(let key):
            return .indexAlreadyWritten(key: transform(key))
        case .alreadyLive(let indexKey, let build):
            return .alreadyLive(indexKey: transform(indexKey), build: transform(build))
        case .warning(let warning):
            return .warning(warning.mapText(transform))
        }
    }
}

/// A warning of an upload that goes on.
public enum UploadWarning: Sendable, Equatable {
    /// The live index of `format` could not be read; `--allow-shrink` publishes without checking against it (for
    /// format 2, nothing is then pruned this run).
    case liveIndexUnreadable(format: Int, reason: String)
    /// A live index is dated `hoursAhead` past this machine's clock, further than the allowance: a bad clock's build,
    /// which this one replaces.
    case liveIndexFromTheFuture(key: String, builtAt: Date, hoursAhead: String)
    /// Format 2's prune was skipped: the index this run replaced could not be read.
    case pruneSkipped
    /// The publisher lock was not released: `reason` says why; its lease runs out by itself.
    case lockNotReleased(key: String, reason: String)
    /// A renewal of the lock's lease failed: `reason` says why, and whether the run goes on.
    case leaseNotRenewed(key: String, reason: String)
    /// A request failed after a signal asked the run to stop; the run ends as stopped, not as failed.
    case failedAfterStop(reason: String)

    /// The warning in words.
    public var sentence: String {
        switch self {
        case .liveIndexUnreadable(let format, let reason):
            return format == 2
                ? "\(reason); publishing without the live index (--allow-shrink)"
                : "\(reason); publishing over it (--allow-shrink)"
        case .liveIndexFromTheFuture(let key, let builtAt, let hoursAhead):
            return "the live \(key) is dated \(UTCTime.format(builtAt)), \(hoursAhead) ahead of this machine's clock: "
                + "a bad clock's build, replaced by this one"
        case .pruneSkipped:
            return "prune skipped, the index this run replaced could not be read; the next publish prunes"
        case .lockNotReleased(let key, let reason):
            return "lock \(key) not released: \(reason)"
        case .leaseNotRenewed(let key, let reason):
            return "lock \(key) not renewed: \(reason)"
        case .failedAfterStop(let reason):
            return "after the stop was asked for: \(reason)"
        }
    }

    func mapText(_ transform: (String) -> String) -> UploadWarning {
        switch self {
        case .liveIndexUnreadable(let format, let reason):
            return .liveIndexUnreadable(format: format, reason: transform(reason))
        case .liveIndexFromTheFuture(let key, let builtAt, let hoursAhead):
            return .liveIndexFromTheFuture(key: transform(key), builtAt: builtAt, hoursAhead: hoursAhead)
        case .pruneSkipped:
            return self
        case .lockNotReleased(let key, let reason):
            return .lockNotReleased(key: transform(key), reason: transform(reason))
        case .leaseNotRenewed(let key, let reason):
            return .leaseNotRenewed(key: transform(key), reason: transform(reason))
        case .failedAfterStop(let reason):
            return .failedAfterStop(reason: transform(reason))
        }
    }
}
