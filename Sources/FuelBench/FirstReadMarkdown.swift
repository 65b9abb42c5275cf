import Foundation

/// BENCHMARKS.md's section of `fuel-bench first-read`, between its markers.
public struct FirstReadMarkdown: Sendable {
    public var report: FirstReadReport
    /// The command line that made the report, quoted in the section.
    public var command: String

    /// The section of `report`, made by `command`.
    public init(_ report: FirstReadReport, command: String) {
        (self.report, self.command) = (report, command)
    }

    static let begin = "<!-- first-read:begin -->"
    static let end = "<!-- first-read:end -->"
    static let heading = "## A phone's first read (issue 39, item 5)\n\n"

    /// The section, markers included.
    public func section() -> String {
        var lines = [
            Self.begin,
            "Measured by `\(command)` at commit \(report.commit). \(report.lookups) cold lookups of "
                + "\(Self.number(report.radiusKm)) km (`TileClient.stationsAround`, a new client each, nothing cached) "
                + "at published stations of the scale-\(BenchMarkdown.scaleText(report.scale)) build, its files served "
                + "from the disk as a static host would. The floor of a lookup is its answer alone: `[` the returned "
                + "stations' JSON as published `]`, gzipped as the build gzips. Targets of issue 39 for format 2: "
                + "at most 4 × the floor (median), at most 4 requests (median) and 6 (p95).",
            "",
            "| format | bytes ÷ floor: median | p95 | requests: median | p95 | bytes read: median | floor: median |",
            "|---|---|---|---|---|---|---|",
        ]
        for format in report.formats {
            lines.append(
                "| \(format.format) | \(Self.ratio(format.ratio.median)) | \(Self.ratio(format.ratio.p95)) | "
                    + "\(Self.number(format.requests.median)) | \(Self.number(format.requests.p95)) | "
                    + "\(Self.kilobytes(format.bytes.median)) | \(Self.kilobytes(format.floor.median)) |")
        }
        lines.append(Self.end)
        return lines.joined(separator: "\n")
    }

    /// One line per format for the terminal.
    public func summary() -> String {
        report.formats.map { format in
            "format \(format.format): \(Self.ratio(format.ratio.median)) the floor (p95 "
                + "\(Self.ratio(format.ratio.p95))), \(Self.number(format.requests.median)) requests (p95 "
                + "\(Self.number(format.requests.p95)))"
        }.joined(separator: "\n")
    }

    static func number(_ value: Double) -> String { String(format: "%.0f", value) }
    static func ratio(_ value: Double) -> String { String(format: "%.1f ×", value) }
    static func kilobytes(_ bytes: Double) -> String { String(format: "%.1f kB", bytes / 1000) }

    /// Replaces the section in `file`, or appends it.
    /// - Throws: ``BenchError`` when the file cannot be written.
    public func write(to file: URL) throws {
        try MarkedSection.write(section(), between: Self.begin, and: Self.end, in: file, heading: Self.heading)
    }
}
