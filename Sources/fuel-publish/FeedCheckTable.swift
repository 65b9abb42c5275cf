import Foundation
import FuelFetch

/// The table `fuel-publish fetch --check` prints: one row per request, columns padded to their widest cell.
enum FeedCheckTable {
    static let header = ["country", "status", "tls", "shape", "counted", "latency", "usable", "url"]

    static func lines(_ results: [FeedCheckResult]) -> [String] {
        let rows =
            [header]
            + results.map { result in
                [
                    result.country, result.status.map(String.init) ?? "-", result.tls.rawValue,
                    result.shapeRecognised ? "ok" : "no", result.measure,
                    String(format: "%.0f ms", result.seconds * 1000),
                    result.usable ? "yes" : "NO", result.url,
                ]
            }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.indices.map { column in
                column == row.count - 1
                    ? row[column] : row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
    }
}
