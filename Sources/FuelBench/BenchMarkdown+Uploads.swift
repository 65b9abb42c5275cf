import Foundation
import FuelFormat

/// What every measured upload reports, in either format: the columns its table row starts with.
protocol UploadFigures {
    var name: String { get }
    var puts: Int { get }
    var lists: Int { get }
    /// Requests in all: the lock's, the live index's and every retry included.
    var requests: Int { get }
    var skipped: Int { get }
    /// Body bytes written.
    var bytes: Int { get }
    var seconds: Double { get }
}

extension UploadRun: UploadFigures {}
extension Format2UploadRun: UploadFigures {}

extension BenchMarkdown {
    /// A table of uploads, one row each: the figures every upload has, with what it removed (`removed` names the
    /// column) before the bytes, then the columns of the format's own (`own`, filled by `cells`).
    static func uploadTable<Run: UploadFigures>(
        _ runs: [Run], removed: String, own: [String], cells: (Run) -> (removed: Int, own: [String])
    ) -> [String] {
        let head = tableHead(
            ["run", "PUTs", "LISTs", "requests in all (lock included)", "skipped", removed, "bytes sent", "seconds"]
                + own)
        return [head]
            + runs.map { run in
                let (removed, own) = cells(run)
                let figures = [
                    run.name, "\(run.puts)", "\(run.lists)", "\(run.requests)", "\(run.skipped)", "\(removed)",
                    ByteCount.format(run.bytes), String(format: "%.2f", run.seconds),
                ]
                return "| " + (figures + own).joined(separator: " | ") + " |"
            }
    }
}
