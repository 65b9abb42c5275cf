import Foundation

/// BENCHMARKS.md's section of `fuel-bench route`, between its markers.
public struct RouteLookupMarkdown: Sendable {
    public var report: RouteLookupReport
    /// The command line that made the report, quoted in the section.
    public var command: String

    /// The section of `report`, made by `command`.
    public init(_ report: RouteLookupReport, command: String) {
        (self.report, self.command) = (report, command)
    }

    static let begin = "<!-- route:begin -->"
    static let end = "<!-- route:end -->"
    static let heading = "## A lookup along a route (issue 39)\n\n"

    /// The section, markers included.
    public func section() -> String {
        let length = report.lengthKm
        var lines = [
            Self.begin,
            "Measured by `\(command)` at commit \(report.commit), on \(report.machine.processors) × "
                + "\(report.machine.cpuModel). \(report.routes) routes between two published stations of the "
                + "scale-\(BenchMarkdown.scaleText(report.scale)) build, \(Self.number(length.median)) km long "
                + "(median; at most \(Self.number(length.max)) km), each a straight track with a point every "
                + "kilometre, looked up with a \(Self.number(report.bufferKm)) km buffer by `TileClient.stationsAlong` "
                + "with a new client each (nothing cached), files served from the disk as a static host would "
                + "(every answer and body byte counted).",
            "",
            "| format | corridor cells: median | tiles read: median | p95 | requests: median | p95 | bytes: median "
                + "| p95 | time: median | p95 | stations: median |",
            "|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        for format in report.formats {
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
        report.formats.map { format in
            "format \(format.format): \(Self.number(format.tiles.median)) tiles, "
                + "\(Self.kilobytes(format.bytes.median)), \(Self.milliseconds(format.seconds.median)) per route "
                + "(median of \(report.routes))"
        }.joined(separator: "\n")
    }

    static func number(_ value: Double) -> String { String(format: "%.0f", value) }
    static func kilobytes(_ bytes: Double) -> String { String(format: "%.1f kB", bytes / 1000) }
    static func milliseconds(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }

    /// Replaces the section in `file`, or appends it.
    /// - Throws: ``BenchError`` when the file cannot be written.
    public func write(to file: URL) throws {
        try MarkedSection.write(section(), between: Self.begin, and: Self.end, in: file, heading: Self.heading)
    }
}
