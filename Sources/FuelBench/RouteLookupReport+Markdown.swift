import Foundation

/// BENCHMARKS.md's section of the report, between its markers, and its lines for the terminal.
extension RouteLookupReport: BenchSection {
    public static let marker = "route"
    public static let heading = "## A lookup along a route (issue 39)\n\n"

    /// The section, markers included.
    public func section() -> String {
        let length = lengthKm
        var lines = [
            Self.begin,
            run.measuredBy + " \(routes) routes between two published stations of the "
                + "scale-\(BenchMarkdown.scaleText(scale)) build, \(Self.number(length.median)) km long "
                + "(median; at most \(Self.number(length.max)) km), each a straight track with a point every "
                + "kilometre, looked up with a \(Self.number(bufferKm)) km buffer by `TileClient.stationsAlong` "
                + "with a new client each (nothing cached), files served from the disk as a static host would "
                + "(every answer and body byte counted).",
            "",
            "| format | corridor cells: median | tiles read: median | p95 | requests: median | p95 | bytes: median "
                + "| p95 | time: median | p95 | stations: median |",
            "|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        for format in formats {
            lines.append(
                "| \(format.format) | \(Self.number(format.cells.median)) | \(Self.number(format.tiles.median)) | "
                    + "\(Self.number(format.tiles.p95)) | \(Self.number(format.requests.median)) | "
                    + "\(Self.number(format.requests.p95)) | "
                    + "\(Self.kilobytes(format.bytes.median)) | \(Self.kilobytes(format.bytes.p95)) | "
                    + "\(Self.milliseconds(format.seconds.median)) | \(Self.milliseconds(format.seconds.p95)) | "
                    + "\(Self.number(format.stations.median)) |")
        }
        lines.append(Self.end)
        return lines.joined(separator: "\n")
    }

    /// One line per format for the terminal.
    public func summary() -> String {
        formats.map { format in
            "format \(format.format): \(Self.number(format.tiles.median)) tiles, "
                + "\(Self.kilobytes(format.bytes.median)), \(Self.milliseconds(format.seconds.median)) per route "
                + "(median of \(routes))"
        }.joined(separator: "\n")
    }

    static func number(_ value: Double) -> String { String(format: "%.0f", value) }
    static func kilobytes(_ bytes: Double) -> String { String(format: "%.1f kB", bytes / 1000) }
    static func milliseconds(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }

}
