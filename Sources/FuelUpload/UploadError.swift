import FuelCodecs

/// Why an upload stopped. Descriptions name the file, key or setting at fault and never contain a secret.
public enum UploadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The local build is missing, unreadable or inconsistent.
    case localBuild(path: String, reason: String)
    /// A setting is missing or invalid (the environment variable or option is named, never its secret value).
    case configuration(String)
    /// The index in the bucket is no longer the one this run started from (HTTP 412 on the conditional PUT).
    case indexChanged
    /// Some objects could not be written or deleted; no later phase was attempted. `indexWritten` tells whether
    /// the new index was already live (only deletes come after it).
    case objectsFailed(phase: String, failures: [String], notAttempted: Int, indexWritten: Bool)
    /// A request the plan depends on failed (LIST, HEAD of the index).
    case request(String)
    /// The new index would shrink a country against the bucket's live index; nothing was written.
    case shrink(String)
    /// Another publisher holds the bucket's lock; nothing was written.
    case locked(String)
    /// This run's lock was lost (another run took it over) or its lease was not renewed in time: the run stopped
    /// before its next write, so the index was not written after it.
    case leaseLost(String)
    /// The local build is older than the one live in the bucket (format 2); going back is `rollback`'s job.
    case outdated(String)
    /// A rollback was refused: the archived build is missing, or an object it names is gone.
    case rollback(String)
    /// A signal stopped the run between two requests; the lock was released. The process should exit with
    /// 128 + `signal`, the convention for a death by signal.
    case interrupted(signal: Int32)
    /// The clock disagrees with the build: an index dated ahead of the machine's time.
    case clock(String)
    /// Format 1 was published, then format 2 failed: `written` is format 1's summary line.
    indirect case incomplete(written: String, failure: UploadError)

    /// The exact text of the concurrent-publisher abort.
    public static let indexChangedMessage = "another publisher changed the index since this run started"

    public var description: String {
        switch self {
        case .localBuild(let path, let reason):
            return "\(path): \(reason)"
        case .configuration(let message):
            return message
        case .indexChanged:
            return Self.indexChangedMessage
        case .objectsFailed(let phase, let failures, let notAttempted, let indexWritten):
            let shown = failures.prefix(10).joined(separator: "\n  ")
            let more = failures.count > 10 ? "\n  … and \(failures.count - 10) more" : ""
            let skipped = notAttempted > 0 ? ", \(notAttempted) not attempted" : ""
            let consequence =
                phase == Format2RootSync.phase
                ? "the new index is live; readers of root.json read the build before it (whose files are kept) "
                    + "until the next run writes it"
                : indexWritten
                    ? "the new index is live; the stale tiles left behind are deleted by the next run"
                    : "the index in the bucket was not changed and nothing was deleted; rerun to finish (what landed is "
                        + "skipped)"
            return "upload failed at \(phase): \(failures.count) failed\(skipped); \(consequence).\n  \(shown)\(more)"
        case .request(let message):
            return message
        case .shrink(let message), .locked(let message), .outdated(let message), .rollback(let message),
            .clock(let message):
            return message
        case .leaseLost(let reason):
            return "\(reason); this run stopped before its next write (no index is written without the lock). "
                + "What was written stays, and the index in the bucket is whole: rerun to finish"
        case .incomplete(let written, let failure):
            return "format 2 failed: \(failure)\nwritten: format 1 only (\(written))"
        case .interrupted(let signal):
            return "stopped by \(Self.signalName(signal)) between two requests; the lock was released. What was "
                + "written stays, and the index in the bucket is whole: rerun to finish"
        }
    }

    /// The signal that stopped the run, when one did.
    public var interruptingSignal: Int32? {
        switch self {
        case .interrupted(let signal): return signal
        case .incomplete(_, let failure): return failure.interruptingSignal
        default: return nil
        }
    }

    /// `SIGTERM` for 15, and so on for the signals a publish stops on.
    public static func signalName(_ signal: Int32) -> String {
        switch signal {
        case 1: return "SIGHUP"
        case 2: return "SIGINT"
        case 15: return "SIGTERM"
        default: return "signal \(signal)"
        }
    }
}
