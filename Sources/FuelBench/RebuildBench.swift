import Foundation

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

    public var unchangedMedian: Double { BenchMath.median(unchanged) }
    public var changedMedian: Double { BenchMath.median(changed) }
}

enum RebuildBench {
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
        try trash.setAside(scratch)
        return RebuildStats(
            unchanged: unchanged, changed: changed, unchangedReused: last.unchanged, changedReused: last.changed,
            tiles: last.tiles, fullSeconds: fullSeconds)
    }
}
