import Foundation

/// BENCHMARKS.md's section of the report, between its markers, and its lines for the terminal.
extension FirstReadReport: BenchSection {
    public static let marker = "first-read"
    public static let heading = "## A phone's first read (issue 39, item 5)\n\n"

    /// The section, markers included.
    public func section() -> String {
        var lines = [
            Self.begin,
            run.measuredBy + " \(lookups) cold lookups of "
                + "\(Self.number(radiusKm)) km (`TileClient.stationsAround`, a new client each, nothing cached) "
                + "at published stations of the scale-\(BenchMarkdown.scaleText(scale)) build, its files served "
                + "from the disk as a static host would. The floor of a lookup is its answer alone: `[` the returned "
                + "stations' JSON as published `]`, gzipped as the build gzips. Targets of issue 39 for format 2: "
                + "at most 4 × the floor (median), at most 4 requests (median) and 6 (p95).",
            "",
            "| format | bytes ÷ floor: median | p95 | requests: median | p95 | bytes read: median | floor: median |",
            "|---|---|---|---|---|---|---|",
        ]
        for format in formats {
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
        formats.map { format in
            "format \(format.format): \(Self.ratio(format.ratio.median)) the floor (p95 "
                + "\(Self.ratio(format.ratio.p95))), \(Self.number(format.requests.median)) requests (p95 "
                + "\(Self.number(format.requests.p95)))"
        }.joined(separator: "\n")
    }

    static func number(_ value: Double) -> String { String(format: "%.0f", value) }
    static func ratio(_ value: Double) -> String { String(format: "%.1f ×", value) }
    static func kilobytes(_ bytes: Double) -> String { String(format: "%.1f kB", bytes / 1000) }

}
