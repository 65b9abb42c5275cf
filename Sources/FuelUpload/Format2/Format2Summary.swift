import Foundation
import FuelFormat

/// What a format-2 upload did (or, for a dry run, would do).
public struct Format2Summary: Sendable, Equatable {
    public var plan: Format2Plan
    public var dryRun: Bool
    /// Objects written (0 for a dry run).
    public var puts = 0
    /// Objects pruned after the index (for a dry run: what would be).
    public var deletes = 0
    /// Archived builds kept after this publish.
    public var keptBuilds = 0
    /// Of those, the builds whose objects are all kept, which rollback can restore.
    public var restorableBuilds = 0
    /// Immutable objects the kept builds name.
    public var objectsKept = 0
    /// ListObjectsV2 requests.
    public var listCalls: Int
    /// Body bytes written.
    public var bytes = 0
    /// Requests that were tried again.
    public var retries = 0
    public var seconds = 0.0

    public init(plan: Format2Plan, dryRun: Bool, listCalls: Int) {
        self.plan = plan
        self.dryRun = dryRun
        self.listCalls = listCalls
    }

    mutating func record(_ prune: PruneOutcome) {
        keptBuilds = prune.keptBuilds
        restorableBuilds = prune.referencingBuilds
        objectsKept = prune.objectsKept
        if dryRun { deletes = prune.deletes.count }
    }

    /// One line for stdout.
    public var line: String {
        let kept = "keeping \(keptBuilds) builds (\(restorableBuilds) restorable, \(objectsKept) objects)"
        if dryRun {
            return "plan, format 2: \(plan.summaryLine), prune \(deletes), \(kept) (\(listCalls) LIST; dry run, "
                + "nothing was written)"
        }
        return "uploaded format 2: \(puts) PUTs (\(plan.uploads.count) tiles and files, "
            + "\(plan.archive == nil ? "build already archived" : "build archive"), "
            + "\(plan.index == nil ? "index unchanged" : "index")), \(plan.skipped) skipped, \(deletes) pruned, "
            + "\(kept), \(listCalls) LIST, \(ByteCount.format(bytes)) in \(String(format: "%.2f", seconds)) s "
            + "(\(retries) retries)"
    }

    /// The summary as Markdown, for a job's step summary.
    public func markdown() -> String {
        let title = dryRun ? "## Upload plan, format 2 (dry run, nothing written)" : "## Upload, format 2"
        return """
            \(title)

            | PUTs | skipped | pruned | builds kept | objects kept | bytes | LIST requests | retries | seconds |
            |---:|---:|---:|---:|---:|---:|---:|---:|---:|
            | \(dryRun ? plan.puts.count : puts) | \(plan.skipped) | \(deletes) | \(keptBuilds) | \(objectsKept) | \
            \(ByteCount.format(dryRun ? plan.bytes : bytes)) | \(listCalls) | \(retries) | \
            \(String(format: "%.2f", seconds)) |

            """
    }
}
