import Foundation
import FuelBuild
import FuelFormat

/// Writes the measured section of `BENCHMARKS.md` (between markers; the text around them is kept).
public enum BenchMarkdown {
    static let begin = "<!-- bench:begin: written by scripts/bench; edit outside these markers -->"
    static let end = "<!-- bench:end -->"

    /// `1`, `0.2`, `20`.
    static func scaleText(_ scale: Double) -> String {
        scale == scale.rounded() ? String(Int(scale)) : String(format: "%g", scale)
    }

    /// Replaces the marked section of `file` (or creates the file) with the results.
    public static func write(_ results: BenchResults, to file: URL) throws {
        try MarkedSection.write(render(results), between: begin, and: end, in: file)
    }

    /// A Markdown table's header row and its rule, as one text of two lines: the rule always has one cell per column.
    static func tableHead(_ columns: String...) -> String { tableHead(columns) }

    /// The same header, of columns listed as an array.
    static func tableHead(_ columns: [String]) -> String {
        "| " + columns.joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: columns.count)
    }

    static func render(_ results: BenchResults) -> String {
        var lines = [begin, "", "Measured \(results.date) at commit `\(results.commit)` by `scripts/bench`.", ""]
        lines += [
            "### Targets", "", tableHead("target", "limit", "measured", "result", "spread", "command"),
        ]
        for target in results.targets {
            let verdict = target.pass.map { $0 ? "**pass**" : "**miss**" } ?? "not measured"
            lines.append(
                "| \(target.name) | \(target.limit) | \(target.measured) | \(verdict) | \(target.spread) | "
                    + "\(target.command) |")
        }
        let machine = results.machine
        lines += [
            "", "### Machine", "", tableHead("processors (`nproc`)", "CPU", "memory", "kernel", "toolchain"),
            "| \(machine.processors) | \(machine.cpuModel) | \(ByteCount.format(machine.memoryBytes)) | \(machine.kernel) | "
                + "\(machine.swift) |",
        ]
        lines += [
            "", "### Build (`fuel-publish build`, release)", "",
            tableHead(
                "scale", "stations written", "published", "tiles", "JSON", "gzip", "feeds generated",
                "build wall (median, range)", "CPU (user+sys)", "CPU / wall", "peak RSS", "runs"),
        ]
        for scale in results.scales {
            let report = scale.report
            lines.append(
                "| \(scaleText(scale.scale)) | \(scale.stationsWritten) | \(scale.published) | \(report.tiles) | "
                    + "\(ByteCount.format(report.jsonBytes)) | \(ByteCount.format(report.gzipBytes)) | \(ByteCount.format(scale.feedBytes)) in "
                    + String(format: "%.1f s | ", scale.generationSeconds)
                    + wallText(scale) + String(format: " | %.2f s | %.2f | ", scale.cpu, scale.cpu / scale.wall)
                    + "\(ByteCount.format(scale.peakRSS)) | \(scale.builds.count) |")
        }
        let steps = ["prepare", "parse, validate and encode", "compress and write", "swap and clean up"]
        if results.scales.contains(where: { !$0.report.phases.isEmpty }) {
            lines += [
                "",
                "The build's own report of its steps (wall seconds, and in brackets the CPU seconds of all threads; "
                    + "the last build of each scale):", "",
                "| scale | " + steps.joined(separator: " | ") + " | total |",
                "|---|" + String(repeating: "---|", count: steps.count + 1),
            ]
            for scale in results.scales {
                let cells = steps.map { step in
                    guard let wall = scale.report.phases[step] else { return "–" }
                    let cpu = scale.report.phases[step + " (CPU)"].map { String(format: " (%.2f)", $0) } ?? ""
                    return String(format: "%.2f", wall) + cpu
                }
                lines.append(
                    "| \(scaleText(scale.scale)) | " + cells.joined(separator: " | ")
                        + String(format: " | %.2f |", scale.report.seconds))
            }
        }
        lines += [
            "", "### The gzip -9 floor", "",
            "Every file the build wrote, decompressed and concatenated in path order, compressed by one `gzip -9 -n`.",
            "",
            tableHead(
                "scale", "files", "JSON", "gzip -9 of the concatenation", "published (per-file gzip)", "floor time",
                "build wall", "build / floor"),
        ]
        for scale in results.scales {
            let floor = scale.floor
            lines.append(
                "| \(scaleText(scale.scale)) | \(floor.files) | \(ByteCount.format(floor.jsonBytes)) | \(ByteCount.format(floor.floorGzipBytes)) | "
                    + "\(ByteCount.format(floor.publishedGzipBytes)) | "
                    + String(
                        format: "%.2f s | %.2f s | %.2f × |", floor.seconds, scale.wall, scale.wall / floor.seconds))
        }
        if !results.profiles.isEmpty {
            let profiles = results.profiles
            var header = "| phase |"
            var rule = "|---|"
            for profile in profiles {
                header += " scale \(scaleText(profile.scale)) | share |"
                rule += "---|---|"
            }
            if profiles.count > 1 {
                header += " growth |"
                rule += "---|"
            }
            lines += [
                "", "### Where the time goes", "",
                "The build's own steps (adapters, `Validator`, `CountryTiles`, the tile join, `Gzip`, file writes) run one "
                    + "after another on one thread over the same feeds: the build's CPU cost before parallelism.",
                "", header + " what (at the last scale) |", rule + "---|",
            ]
            for (position, phase) in profiles[0].phases.enumerated() {
                var row = "| \(phase.name) |"
                for profile in profiles {
                    let seconds = profile.phases[position].seconds
                    let share = phase.aside ? "" : String(format: "%.0f%%", 100 * seconds / max(profile.total, 1e-9))
                    row += String(format: " %.3f s | ", seconds) + share + " |"
                }
                if let last = profiles.last, profiles.count > 1 {
                    row += String(format: " %.1f × |", last.phases[position].seconds / max(phase.seconds, 1e-9))
                }
                lines.append(row + " \(profiles.last?.phases[position].detail ?? "") |")
            }
            var total = "| **total** |"
            for profile in profiles { total += String(format: " **%.3f s** | |", profile.total) }
            if let last = profiles.last, profiles.count > 1 {
                total += String(format: " %.1f × |", last.total / max(profiles[0].total, 1e-9))
            }
            lines.append(total + " |")
            for profile in profiles {
                let parse = profile.parseByCountry.sorted { $0.key < $1.key }
                    .map { "\($0.key) " + String(format: "%.3f s", $0.value) }.joined(separator: ", ")
                lines += ["", "Parse by country at scale \(scaleText(profile.scale)): \(parse)."]
            }
        }
        if let upload = results.upload {
            lines += ["", "### Upload to the local S3 server (moto, SigV4 checked)", ""]
            lines += uploadTable(upload.runs, removed: "deleted", own: ["concurrency", "retries"]) { run in
                (run.deletes, ["\(run.concurrency)", "\(run.retries)"])
            }
            let diff = upload.diff
            lines += [
                "",
                "The 5% rebuild differs from the first build in \(diff.changedTiles) tiles (+\(diff.newTiles) new, "
                    + "−\(diff.removedTiles) removed), \(diff.changedBrands) brand files, "
                    + "\(diff.changedTrends) trend files, "
                    + "sources.json \(diff.sourcesChanged ? "changed" : "unchanged"), "
                    + "index \(diff.indexChanged ? "changed" : "unchanged"): \(diff.filesToPut) files, "
                    + "\(ByteCount.format(diff.changedBytes)).",
            ]
            lines += upload.runs.map { "- `\($0.name)`: `\($0.line)`" }
            if let snapshot = upload.snapshot {
                lines += ["", "### Format 2 upload to SeaweedFS (SigV4 checked, prefix `fuel/v2/`, `--keep 48`)", ""]
                lines += uploadTable(
                    snapshot.runs, removed: "pruned", own: ["builds kept (restorable)", "objects kept"]
                ) { run in
                    (run.pruned, ["\(run.keptBuilds) (\(run.restorableBuilds))", "\(run.objectsKept)"])
                }
                lines += [
                    "",
                    "One build names \(snapshot.objectsPerBuild) objects; after the second day the bucket holds "
                        + "\(snapshot.objectsInBucket) under `fuel/v2/` (objects, index and archived builds).",
                ]
                lines += snapshot.runs.map { "- `\($0.name)`: `\($0.line)`" }
                lines += formatLookupLines(snapshot.lookups)
            }
        }
        if let rebuilds = results.rebuilds {
            lines += rebuildLines(rebuilds)
        }
        if let lookups = results.lookups {
            lines += [
                "", "### Lookups (`TileClient.stationsAround`, 10 km, \(lookups.points) points at published stations)",
                "",
                tableHead(
                    "cache", "tiles fetched: median", "p95", "max", "gzipped tile bytes: median", "p95",
                    "index fetches", "pass time"),
            ]
            for (name, pass) in [
                ("cold (new client per lookup)", lookups.cold),
                ("warm (one client with its disk cache, all lookups)", lookups.warm),
            ] {
                lines.append(
                    "| \(name) | "
                        + String(
                            format: "%.0f | %.0f | %d | %.1f kB | %.1f kB | %d", pass.tiles.median, pass.tiles.p95,
                            Int(pass.tiles.max), pass.bytes.median / 1024, pass.bytes.p95 / 1024, pass.indexFetches)
                        + " (\(ByteCount.format(pass.indexFetches == 0 ? 0 : pass.indexBytes / pass.indexFetches)) each) | "
                        + String(format: "%.2f s |", pass.seconds))
            }
            lines.append(
                "\nCells covered by a 10 km circle's box: at most \(lookups.cellsMax); "
                    + "stations found per lookup: median "
                    + String(format: "%.0f.", lookups.stationsMedian))
        }
        lines += ["", "### Commands", "", "```sh"] + results.commands + ["```"]
        if !results.notes.isEmpty { lines += ["", "### Not measured", ""] + results.notes.map { "- \($0)" } }
        lines += ["", end]
        return lines.joined(separator: "\n")
    }

    /// The median wall time, with the range when there were several runs.
    static func wallText(_ scale: BenchResults.Scale) -> String {
        let walls = scale.builds.map(\.wallSeconds)
        guard walls.count > 1, let low = walls.min(), let high = walls.max() else {
            return String(format: "%.2f s", scale.wall)
        }
        return String(format: "%.2f s (%.2f–%.2f)", scale.wall, low, high)
    }

}

extension UploadStats {
    var runs: [UploadRun] { [first, unchanged, changed] }
}

extension BenchMarkdown {
    /// Format 1 against format 2: requests and bytes per lookup, cold and a day later.
    static func formatLookupLines(_ stats: [FormatLookupStats]) -> [String] {
        guard let points = stats.first?.points else { return [] }
        var lines = [
            "", "### Lookups, format 1 against format 2 (\(points) points, 10 km, the same two builds)", "",
            tableHead(
                "format", "pass", "requests per lookup: median", "p95", "bytes per lookup: median", "p95",
                "requests in all", "of which 304"),
        ]
        for stat in stats {
            for (name, pass) in [
                ("cold (new client per lookup)", stat.cold),
                ("warm, a day later, after the 5% rebuild", stat.warmAfterRebuild),
            ] {
                lines.append(
                    "| \(stat.format) | \(name) | "
                        + String(format: "%.0f | %.0f | ", pass.requestsPerLookup.median, pass.requestsPerLookup.p95)
                        + "\(ByteCount.format(Int(pass.bytesPerLookup.median))) | "
                        + "\(ByteCount.format(Int(pass.bytesPerLookup.p95))) | "
                        + "\(pass.requests) | \(pass.notModified) |")
            }
        }
        lines += [
            "",
            "Requests count every answer (200, 304, 404), index included; bytes are gzipped bodies. The server answers "
                + "as S3 or a CDN would: the ETag is the MD5 of the bytes, and a matching `If-None-Match` gets 304.",
        ]
        return lines
    }
}

extension BenchMarkdown {
    /// Incremental rebuilds against the full build.
    static func rebuildLines(_ stats: RebuildStats) -> [String] {
        func spread(_ values: [Double]) -> String {
            String(format: "%.2f s (%.2f–%.2f)", BenchMath.median(values), values.min() ?? 0, values.max() ?? 0)
        }
        return [
            "", "### Incremental rebuild at scale 1 (\(stats.unchanged.count) runs each)", "",
            tableHead("rebuild over a copy of the full build", "wall (median, range)", "× full build", "tiles reused"),
            "| nothing changed | \(spread(stats.unchanged)) | "
                + String(format: "%.2f ×", stats.unchangedMedian / stats.fullSeconds)
                + " | \(stats.unchangedReused) of \(stats.tiles) |",
            "| 5% of stations' prices changed | \(spread(stats.changed)) | "
                + String(format: "%.2f ×", stats.changedMedian / stats.fullSeconds)
                + " | \(stats.changedReused) of \(stats.tiles) |",
            "",
            String(format: "The full build: %.2f s (the median above).", stats.fullSeconds)
                + String(
                    format:
                        " After the 5%% change, %.0f%% of the tiles' JSON bytes are in tiles that changed: reuse is "
                        + "per tile, so that much is compressed again.", stats.changedJSONShare * 100),
        ]
    }
}
