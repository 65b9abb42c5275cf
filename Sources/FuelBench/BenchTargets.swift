/// The targets of issue 7, checked against what was measured (never in unit tests).
public enum BenchTargets {
    static let megabyte = 1_048_576.0

    /// Each target with its limit, the measured value and pass/miss (nil: not measured).
    public static func check(
        scales: [BenchResults.Scale], upload: UploadStats?, lookups: LookupStats?, rebuilds: RebuildStats? = nil
    ) -> [BenchResults.Target] {
        var targets: [BenchResults.Target] = []
        let one = scales.first { $0.scale == 1 }
        let twenty = scales.first { $0.scale == 20 }
        if let one {
            let ratio = one.wall / one.floor.seconds
            targets.append(
                .init(
                    name: "scale-1 build wall time vs single-threaded gzip -9 floor", limit: "≤ 1.0 × floor",
                    measured: String(format: "%.2f × (%.2f s vs %.2f s)", ratio, one.wall, one.floor.seconds),
                    pass: ratio <= 1.0))
            targets.append(rss(one, limitMB: 250, label: "peak RSS at scale 1", limit: "≤ 250 MB"))
        } else {
            targets.append(
                .init(name: "scale-1 build vs gzip -9 floor", limit: "≤ 1.0 × floor", measured: "not run", pass: nil))
        }
        if let twenty {
            targets.append(rss(twenty, limitMB: 2_560, label: "peak RSS at scale 20", limit: "≤ 2.5 GB"))
            if let one {
                let factor = twenty.wall / one.wall
                targets.append(
                    .init(
                        name: "scale-20 build time vs scale 1 (linear)", limit: "≤ 22 × scale 1",
                        measured: String(format: "%.1f × (%.1f s vs %.2f s)", factor, twenty.wall, one.wall),
                        pass: factor <= 22))
            }
        } else {
            targets.append(.init(name: "peak RSS at scale 20", limit: "≤ 2.5 GB", measured: "not run", pass: nil))
            targets.append(
                .init(name: "scale-20 build time vs scale 1", limit: "≤ 22 × scale 1", measured: "not run", pass: nil))
        }
        if let upload {
            targets.append(
                .init(
                    name: "unchanged republish", limit: "0 PUTs", measured: "\(upload.unchanged.puts) PUTs",
                    pass: upload.unchanged.puts == 0))
            let diff = upload.diff
            let allowed = diff.changedTiles + diff.newTiles + (diff.indexChanged ? 1 : 0) + diff.changedBrands
            targets.append(
                .init(
                    name: "republish after 5% of stations changed price",
                    limit: "PUTs ≤ changed tiles + index + changed brand files",
                    measured: "\(upload.changed.puts) PUTs ≤ \(allowed) (\(diff.changedTiles + diff.newTiles) tiles, "
                        + "\(diff.indexChanged ? 1 : 0) index, \(diff.changedBrands) brand files"
                        + (diff.sourcesChanged ? ", sources.json changed too" : "") + ")",
                    pass: upload.changed.puts >= 0 && upload.changed.puts <= allowed))
        } else {
            targets.append(.init(name: "unchanged republish", limit: "0 PUTs", measured: "not measured", pass: nil))
            targets.append(
                .init(
                    name: "republish after 5% change", limit: "PUTs ≤ changed tiles + index + changed brand files",
                    measured: "not measured", pass: nil))
        }
        if let lookups {
            targets.append(
                .init(
                    name: "10 km lookup, tiles fetched (cold cache)", limit: "≤ 4 tiles",
                    measured: String(
                        format: "max %d, median %.0f; median %.1f kB gzipped", lookups.cold.tilesMax,
                        lookups.cold.tilesMedian, lookups.cold.bytesMedian / 1024),
                    pass: lookups.cold.tilesMax <= 4))
        } else {
            targets.append(
                .init(name: "10 km lookup, tiles fetched", limit: "≤ 4 tiles", measured: "not measured", pass: nil))
        }
        if let rebuilds {
            for (label, limit, median) in [
                ("rebuild over the previous build, nothing changed", 0.4, rebuilds.unchangedMedian),
                ("rebuild over the previous build, 5% of prices changed", 0.6, rebuilds.changedMedian),
            ] {
                let ratio = median / rebuilds.fullSeconds
                targets.append(
                    .init(
                        name: label, limit: String(format: "≤ %.1f × full build", limit),
                        measured: String(format: "%.2f × (%.2f s vs %.2f s)", ratio, median, rebuilds.fullSeconds),
                        pass: ratio <= limit))
            }
        }
        return targets
    }

    private static func rss(_ scale: BenchResults.Scale, limitMB: Double, label: String, limit: String)
        -> BenchResults.Target
    {
        let measured = Double(scale.peakRSS) / megabyte
        return .init(
            name: label, limit: limit, measured: String(format: "%.0f MB", measured), pass: measured <= limitMB)
    }
}
