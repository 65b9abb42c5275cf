import Foundation
import FuelCodecs

/// Incremental rebuilds at scale 1: over a copy of the full build, once with the same feeds and once with 5% of the
/// stations' prices changed, against the full build's own time.
public struct RebuildStats: Sendable, Codable, Equatable {
    /// Wall seconds of each run, in order.
    public var unchanged: [Double]
    public var changed: [Double]
    /// Tiles reused in the last run of each, and the tiles in all.
    public var unchangedReused: Int
    public var changedReused: Int
    public var tiles: Int
    /// The full build's median, from the same `scripts/bench` run.
    public var fullSeconds: Double
    /// Of the tiles' JSON bytes after the 5% change, the share in tiles that changed: what a rebuild must still
    /// compress, since reuse is per tile.
    public var changedJSONShare: Double = 0

    public var unchangedMedian: Double { BenchMath.median(unchanged) }
    public var changedMedian: Double { BenchMath.median(changed) }
}

enum RebuildBench {
    /// The share of the rebuilt tiles' JSON bytes in tiles whose bytes differ from the base build's.
    static func changedShare(base: URL, rebuilt: URL) throws -> Double {
        let old = base.appendingPathComponent("fuel/tiles").resolvingSymlinksInPath()
        let new = rebuilt.appendingPathComponent("fuel/tiles").resolvingSymlinksInPath()
        var total = 0
        var changed = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: new.path) {
            let bytes = FileManager.default.contents(atPath: new.appendingPathComponent(name).path) ?? Data()
            let json = try Gzip.decompress([UInt8](bytes)).count
            total += json
            if FileManager.default.contents(atPath: old.appendingPathComponent(name).path) != bytes { changed += json }
        }
        return total == 0 ? 0 : Double(changed) / Double(total)
    }

    /// Each run starts from a fresh copy of `base` (the full build, with its tile digests), so every run rebuilds
    /// over the same previous build; the copy is not timed.
    static func measure(
        publisher: String, adapters: URL, base: URL, feeds: URL, changedFeeds: URL, work: URL, runs: Int,
        fullSeconds: Double, logs: URL, log: (String) -> Void
    ) throws -> RebuildStats {
        let scratch = work.appendingPathComponent("out-rebuild")
        let trash = Trash(work: work)
        func rebuild(_ feeds: URL, _ label: String, run: Int) throws -> (Double, Int, Int) {
            try trash.setAside(scratch)
            try FileManager.default.copyItem(at: base, to: scratch)  // keeps the `fuel` link and the digests
            ProcessMeter.settle()
            let stdout = logs.appendingPathComponent("rebuild-\(label)-\(run).json")
            let measurement = try ProcessMeter.run(
                publisher,
                [
                    "build", "--feeds", feeds.path, "--out", scratch.path, "--adapters", adapters.path,
                    "--built-at", BenchOptions.rebuiltAt, "--json",
                ],
                stdout: stdout, stderr: logs.appendingPathComponent("rebuild-\(label)-\(run).err"))
            guard measurement.status == 0 else { throw BenchError("the \(label) rebuild failed; see \(logs.path)") }
            let report = try JSONSerialization.jsonObject(with: Data(contentsOf: stdout)) as? [String: Any]
            return (measurement.wallSeconds, report?["reusedTiles"] as? Int ?? 0, report?["tiles"] as? Int ?? 0)
        }
        var unchanged: [Double] = []
        var changed: [Double] = []
        var last = (unchanged: 0, changed: 0, tiles: 0)
        for run in 1...max(1, runs) {
            log("rebuild: nothing changed, run \(run) of \(runs)")
            let (seconds, reused, tiles) = try rebuild(feeds, "unchanged", run: run)
            unchanged.append(seconds)
            last.unchanged = reused
            last.tiles = tiles
            log("rebuild: 5% of prices changed, run \(run) of \(runs)")
            let (changedSeconds, changedReused, _) = try rebuild(changedFeeds, "changed", run: run)
            changed.append(changedSeconds)
            last.changed = changedReused
        }
        let share = try changedShare(base: base, rebuilt: scratch)
        try trash.setAside(scratch)
        var stats = RebuildStats(
            unchanged: unchanged, changed: changed, unchangedReused: last.unchanged, changedReused: last.changed,
            tiles: last.tiles, fullSeconds: fullSeconds)
        stats.changedJSONShare = share
        return stats
    }
}
