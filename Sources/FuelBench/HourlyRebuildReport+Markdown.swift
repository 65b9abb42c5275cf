import Foundation

/// BENCHMARKS.md's section of the report, between its markers, and its lines for the terminal.
extension HourlyRebuildReport: BenchSection {
    public static let marker = "rebuild"
    public static let heading = "## What an hourly rebuild costs (issue 38)\n\n"

    /// The section, markers included.
    public func section() -> String {
        var lines = [
            Self.begin,
            run.measuredBy + " Each figure is the best of \(runs) runs in the same `fuel-bench` run: "
                + "a fresh build into an empty `OUT`, then each rebuild over a fresh copy of it (the copy not "
                + "timed), an hour later. The floor is one `gzip -9 -n` of every file the fresh build wrote, "
                + "decompressed and concatenated. \"Same bytes\" compares the rebuild's `OUT/fuel` with a rebuild "
                + "of the same feeds over the same copy with `--ignore-kept-state`.",
            "",
        ]
        for scale in scales {
            lines += table(scale)
        }
        lines.append(Self.end)
        return lines.joined(separator: "\n")
    }

    private func table(_ scale: HourlyRebuildReport.Scale) -> [String] {
        guard let fresh = scale.bestFresh else { return [] }
        let floor = scale.bestFloorSeconds
        var lines = [
            "Scale \(BenchMarkdown.scaleText(scale.scale)): \(scale.stations) stations generated, "
                + "\(Self.megabytes(scale.floor.jsonBytes)) of JSON; gzip -9 floor "
                + "\(Self.seconds(floor)), fresh build \(Self.seconds(fresh.wallSeconds)) = "
                + "**\(Self.ratio(fresh.wallSeconds / max(floor, 1e-9))) the floor**.",
            "",
            "| build | wall (best) | × fresh | CPU (user+sys) | peak RSS | same bytes |",
            "|---|---|---|---|---|---|",
            "| fresh | \(Self.seconds(fresh.wallSeconds)) | 1.00 × | \(Self.seconds(fresh.cpuSeconds)) "
                + "| \(Self.megabytes(scale.fresh.map(\.maxRSSBytes).max() ?? 0)) | |",
        ]
        for hourly in scale.cases {
            guard let best = hourly.best else { continue }
            let same =
                hourly.identicalToIgnoringState ? "yes" : "NO: \(hourly.differences.prefix(3).joined(separator: ", "))"
            lines.append(
                "| \(hourly.name.rawValue) | \(Self.seconds(best.wallSeconds)) | "
                    + "\(Self.ratio(best.wallSeconds / max(fresh.wallSeconds, 1e-9))) | "
                    + "\(Self.seconds(best.cpuSeconds)) | \(Self.megabytes(hourly.peakRSSBytes)) | \(same) |")
        }
        return lines + [""]
    }

    static func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }
    static func ratio(_ value: Double) -> String { String(format: "%.2f ×", value) }
    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }

    /// A few lines for the terminal: each scale's fresh build against the floor, and each case against it.
    public func summary() -> String {
        scales.flatMap { scale -> [String] in
            guard let fresh = scale.bestFresh else { return [] }
            var lines = [
                "scale \(BenchMarkdown.scaleText(scale.scale)): fresh \(Self.seconds(fresh.wallSeconds)), floor "
                    + "\(Self.seconds(scale.bestFloorSeconds)) (\(Self.ratio(fresh.wallSeconds / max(scale.bestFloorSeconds, 1e-9))))"
            ]
            for hourly in scale.cases {
                guard let best = hourly.best else { continue }
                lines.append(
                    "  \(hourly.name.rawValue): \(Self.seconds(best.wallSeconds)) "
                        + "(\(Self.ratio(best.wallSeconds / max(fresh.wallSeconds, 1e-9))) fresh), "
                        + "\(Self.megabytes(hourly.peakRSSBytes)), same bytes: \(hourly.identicalToIgnoringState)")
            }
            return lines
        }.joined(separator: "\n")
    }

}
