import Foundation

/// BENCHMARKS.md's section of the report, between its markers, and its lines for the terminal.
extension HourlyRebuildReport: BenchSection {
    public static let marker = "rebuild"
    public static let heading = "## What an hourly rebuild costs (issue 38)\n\n"

    /// The section, markers included.
    public func section() -> String {
        Self.wrap(
            [
                run.measuredBy + " Each figure is the best of \(runs) runs in the same `fuel-bench` run: "
                    + "a fresh build into an empty `OUT`, then each rebuild over a fresh copy of it (the copy not "
                    + "timed), an hour later. The floor is one `gzip -9 -n` of every file the fresh build wrote, "
                    + "decompressed and concatenated. \"Same bytes\" compares the rebuild's `OUT/fuel` with a rebuild "
                    + "of the same feeds over the same copy with `--ignore-kept-state`."
            ] + scales.flatMap(blocks))
    }

    /// A scale's sentence on the fresh build against the floor, and its table of the cases.
    private func blocks(_ scale: HourlyRebuildReport.Scale) -> [String] {
        guard let fresh = scale.bestFresh else { return [] }
        let floor = scale.bestFloorSeconds
        let rows = scale.cases.compactMap { hourly -> [String]? in
            guard let best = hourly.best else { return nil }
            let same =
                hourly.identicalToIgnoringState ? "yes" : "NO: \(hourly.differences.prefix(3).joined(separator: ", "))"
            return [
                hourly.name.rawValue, BenchText.seconds(best.wallSeconds),
                BenchText.ratio(best.wallSeconds / max(fresh.wallSeconds, 1e-9)), BenchText.seconds(best.cpuSeconds),
                BenchText.megabytes(hourly.peakRSSBytes), same,
            ]
        }
        let freshRow = [
            "fresh", BenchText.seconds(fresh.wallSeconds), "1.00 ×", BenchText.seconds(fresh.cpuSeconds),
            BenchText.megabytes(scale.fresh.map(\.maxRSSBytes).max() ?? 0), "",
        ]
        return [
            "Scale \(BenchMarkdown.scaleText(scale.scale)): \(scale.stations) stations generated, "
                + "\(BenchText.megabytes(scale.floor.jsonBytes)) of JSON; gzip -9 floor \(BenchText.seconds(floor)), "
                + "fresh build \(BenchText.seconds(fresh.wallSeconds)) = "
                + "**\(BenchText.ratio(fresh.wallSeconds / max(floor, 1e-9))) the floor**.",
            BenchText.table(
                ["build", "wall (best)", "× fresh", "CPU (user+sys)", "peak RSS", "same bytes"], [freshRow] + rows),
        ]
    }

    /// A few lines for the terminal: each scale's fresh build against the floor, and each case against it.
    public func summary() -> String {
        scales.flatMap { scale -> [String] in
            guard let fresh = scale.bestFresh else { return [] }
            let floor = scale.bestFloorSeconds
            return [
                "scale \(BenchMarkdown.scaleText(scale.scale)): fresh \(BenchText.seconds(fresh.wallSeconds)), "
                    + "floor \(BenchText.seconds(floor)) (\(BenchText.ratio(fresh.wallSeconds / max(floor, 1e-9))))"
            ]
                + scale.cases.compactMap { hourly in
                    hourly.best.map { best in
                        "  \(hourly.name.rawValue): \(BenchText.seconds(best.wallSeconds)) "
                            + "(\(BenchText.ratio(best.wallSeconds / max(fresh.wallSeconds, 1e-9))) fresh), "
                            + "\(BenchText.megabytes(hourly.peakRSSBytes)), same bytes: \(hourly.identicalToIgnoringState)"
                    }
                }
        }.joined(separator: "\n")
    }
}
