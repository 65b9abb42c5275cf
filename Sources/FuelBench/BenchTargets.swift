import Foundation

/// The targets of issues 7 and 17, checked against what was measured (never in unit tests).
public enum BenchTargets {
    static let megabyte = 1_048_576.0

    /// Each target with its limit, the measured value and pass/miss (nil: not measured).
    public static func check(
        scales: [BenchResults.Scale], upload: UploadStats?, lookups: LookupStats?, rebuilds: RebuildStats? = nil
    ) -> [BenchResults.Target] {
        var targets: [BenchResults.Target] = []
        let one = scales.first { $0.scale == 1 }
        let twenty = scales.first { $0.scale == 20 }
        let build =
            "fuel-publish build --feeds .build/bench/feeds-S --out .build/bench/out-S --built-at "
            + "\(BenchOptions.builtAt) --json"
        if let one {
            let ratio = one.wall / one.floor.seconds
            targets.append(
                .init(
                    name: "scale-1 build wall time vs single-threaded gzip -9 floor", limit: "≤ 0.75 × floor",
                    measured: String(format: "%.2f × (%.2f s vs %.2f s, medians)", ratio, one.wall, one.floor.seconds),
                    pass: ratio <= 0.75,
                    spread: "build \(range(one.builds.map(\.wallSeconds), "s")), gzip "
                        + "\(range(one.floor.runs.map(\.wallSeconds), "s"))",
                    command: "`\(build)` (S = 1), then `gzip -9 -n` of its JSON"))
            targets.append(rss(one, limitMB: 150, label: "peak RSS at scale 1", limit: "≤ 150 MB", command: build))
        } else {
            targets.append(
                .init(name: "scale-1 build vs gzip -9 floor", limit: "≤ 0.75 × floor", measured: "not run", pass: nil))
        }
        if let twenty {
            targets.append(
                rss(twenty, limitMB: 1_024, label: "peak RSS at scale 20", limit: "≤ 1.0 GB", command: build))
            if let one {
                let factor = twenty.wall / one.wall
                targets.append(
                    .init(
                        name: "scale-20 build time vs scale 1 (linear)", limit: "≤ 22 × scale 1",
                        measured: String(format: "%.1f × (%.1f s vs %.2f s, medians)", factor, twenty.wall, one.wall),
                        pass: factor <= 22, spread: "scale 20 \(range(twenty.builds.map(\.wallSeconds), "s"))",
                        command: "`\(build)` (S = 1 and 20)"))
            }
        } else {
            targets.append(.init(name: "peak RSS at scale 20", limit: "≤ 1.0 GB", measured: "not run", pass: nil))
            targets.append(
                .init(name: "scale-20 build time vs scale 1", limit: "≤ 22 × scale 1", measured: "not run", pass: nil))
        }
        if let upload {
            targets.append(
                .init(
                    name: "unchanged republish", limit: "0 PUTs", measured: "\(upload.unchanged.puts) PUTs",
                    pass: upload.unchanged.puts == 0, spread: Self.exact, command: Self.upload))
            let diff = upload.diff
            let allowed =
                diff.changedTiles + diff.newTiles + (diff.indexChanged ? 1 : 0) + diff.changedBrands
                + diff.changedTrends
            targets.append(
                .init(
                    name: "republish after 5% of stations changed price",
                    limit: "PUTs ≤ changed tiles + index + changed brand and trend files",
                    measured: "\(upload.changed.puts) PUTs ≤ \(allowed) (\(diff.changedTiles + diff.newTiles) tiles, "
                        + "\(diff.indexChanged ? 1 : 0) index, \(diff.changedBrands) brand files, "
                        + "\(diff.changedTrends) trend files"
                        + (diff.sourcesChanged ? ", sources.json changed too" : "") + ")",
                    pass: upload.changed.puts >= 0 && upload.changed.puts <= allowed, spread: Self.exact,
                    command: Self.upload + ", after `fuel-bench gen --change-prices 0.05` and a rebuild"))
        } else {
            targets.append(.init(name: "unchanged republish", limit: "0 PUTs", measured: "not measured", pass: nil))
            targets.append(
                .init(
                    name: "republish after 5% change",
                    limit: "PUTs ≤ changed tiles + index + changed brand and trend files",
                    measured: "not measured", pass: nil))
        }
        if let lookups {
            targets.append(
                .init(
                    name: "10 km lookup, tiles fetched (cold cache)", limit: "≤ 4 tiles",
                    measured: String(
                        format: "max %d, median %.0f; median %.1f kB gzipped", Int(lookups.cold.tiles.max),
                        lookups.cold.tiles.median, lookups.cold.bytes.median / 1024),
                    pass: lookups.cold.tiles.max <= 4,
                    spread: "over \(lookups.points) lookups at seeded points; deterministic",
                    command: "`TileClient.stationsAround` (10 km), a new client per lookup, in `fuel-bench run`"))
        } else {
            targets.append(
                .init(name: "10 km lookup, tiles fetched", limit: "≤ 4 tiles", measured: "not measured", pass: nil))
        }
        if let rebuilds {
            for (label, limit, runs, changed) in [
                ("rebuild over the previous build, nothing changed", 0.4, rebuilds.unchanged, false),
                ("rebuild over the previous build, 5% of prices changed", 0.6, rebuilds.changed, true),
            ] {
                let median = BenchMath.median(runs)
                let ratio = median / rebuilds.fullSeconds
                targets.append(
                    .init(
                        name: label, limit: String(format: "≤ %.1f × full build", limit),
                        measured: String(
                            format: "%.2f × (%.2f s vs %.2f s, medians)", ratio, median, rebuilds.fullSeconds),
                        pass: ratio <= limit, spread: "rebuild \(range(runs, "s"))",
                        command:
                            "`cp -R out-1 out-rebuild; fuel-publish build --feeds feeds-1\(changed ? "-changed" : "") "
                            + "--out out-rebuild --built-at \(BenchOptions.rebuiltAt) --json`"))
            }
        }
        return targets
    }

    static let exact = "an exact count, the same on every run"
    static let upload = "`fuel-publish upload --from OUT --bucket fuel-bench` to moto (in process)"

    /// The highest peak over the runs, against the limit.
    private static func rss(
        _ scale: BenchResults.Scale, limitMB: Double, label: String, limit: String, command: String
    ) -> BenchResults.Target {
        let measured = Double(scale.peakRSS) / megabyte
        return .init(
            name: label, limit: limit, measured: String(format: "%.0f MB (the highest run)", measured),
            pass: measured <= limitMB,
            spread: range(scale.builds.map { Double($0.maxRSSBytes) / megabyte }, "MB", decimals: 0),
            command: "`\(command)` (S = \(BenchMarkdown.scaleText(scale.scale)))")
    }

    /// `0.71–0.80 s over 5 runs`.
    static func range(_ values: [Double], _ unit: String, decimals: Int = 2) -> String {
        let format = "%.\(decimals)f"
        let low = String(format: format, values.min() ?? 0)
        let high = String(format: format, values.max() ?? 0)
        return "\(low)–\(high) \(unit) over \(values.count) run\(values.count == 1 ? "" : "s")"
    }
}
