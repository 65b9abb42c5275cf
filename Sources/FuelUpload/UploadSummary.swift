import Foundation
import FuelCodecs
import FuelFormat
import Synchronization

/// What an upload did (or, for a dry run, would do).
public struct UploadSummary: Sendable, Equatable {
    public var plan: UploadPlan
    public var dryRun: Bool
    /// Objects written (0 for a dry run).
    public var puts: Int
    /// Tiles deleted after the index.
    public var deletes: Int
    /// ListObjectsV2 requests.
    public var listCalls: Int
    /// Body bytes written.
    public var bytes: Int
    /// Requests that were tried again.
    public var retries: Int
    public var seconds: Double
    public var concurrency: Int

    /// `--dry-run`: `plan: PUT 3 (…), skip 120, delete 1, 4.1 KB (1 LIST; nothing was written)`.
    /// A real run: `uploaded: 3 PUTs (…), 120 skipped, 1 deleted, 1 LIST, 4.1 KB in 0.52 s (concurrency 16, 0 retries)`.
    public var line: String {
        if dryRun {
            return "plan: \(plan.summaryLine) (\(listCalls) LIST; dry run, nothing was written)"
        }
        let parts =
            "\(plan.tiles.count) tiles, \(plan.history.isEmpty ? "" : "\(plan.history.count) history, ")"
            + "\(plan.metadata.count) brands/trends/sources, "
            + (plan.index == nil ? "index unchanged" : "index")
        let time = String(format: "%.2f", seconds)
        return "uploaded: \(puts) PUTs (\(parts)), \(plan.skipped) skipped, \(deletes) deleted, \(listCalls) LIST, "
            + "\(ByteCount.format(bytes)) in \(time) s (concurrency \(concurrency), \(retries) retries)"
    }
}

extension UploadSummary {
    /// The summary as Markdown, for a job's step summary.
    public func markdown() -> String {
        let title = dryRun ? "## Upload plan (dry run, nothing written)" : "## Upload"
        return """
            \(title)

            | PUTs | skipped | deletes | bytes | LIST requests | retries | seconds |
            |---:|---:|---:|---:|---:|---:|---:|
            | \(dryRun ? plan.puts.count : puts) | \(plan.skipped) | \(dryRun ? plan.deletes.count : deletes) | \
            \(ByteCount.format(bytes)) | \(listCalls) | \(retries) | \(String(format: "%.2f", seconds)) |

            """
    }

    /// A refused or failed upload, for the step summary; the reason (which may quote a bucket or a feed) escaped.
    public static func failureMarkdown(_ reason: String) -> String {
        "## Upload stopped\n\n\(MarkdownText.preformatted(reason))\n"
    }
}

/// Progress lines on stderr: one per phase and one per tenth of a phase, never more than the objects.
final class UploadProgress: Sendable {
    private struct State {
        var phase = ""
        var total = 0
        var done = 0
        var lastTenth = 0
    }
    private let state = Mutex(State())
    private let log: @Sendable (UploadEvent) -> Void

    init(log: @escaping @Sendable (UploadEvent) -> Void) { self.log = log }

    /// Starts a phase of `total` objects.
    func begin(_ phase: String, total: Int, detail: String) {
        state.withLock { $0 = State(phase: phase, total: total) }
        log(.phaseStarted(phase: phase, total: total, detail: detail))
    }

    /// Counts one finished object.
    func advance() {
        let event: UploadEvent? = state.withLock { state in
            state.done += 1
            let tenth = state.total == 0 ? 10 : state.done * 10 / state.total
            guard tenth > state.lastTenth, state.total >= 20 || state.done == state.total else { return nil }
            state.lastTenth = tenth
            return .phaseProgress(phase: state.phase, done: state.done, total: state.total)
        }
        if let event { log(event) }
    }
}
