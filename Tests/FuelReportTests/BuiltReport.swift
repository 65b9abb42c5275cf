import Foundation
import FuelBuild
import FuelCodecs
import FuelFormat
import FuelReport
import Testing
import _FuelTestSupport

/// A real build, made by the built `fuel-publish` from real or generated feeds, and a ``ReportInput`` of it filled
/// from the build's own files: `fuel/index.json`, every tile, and the build's `--json` report for the rejections.
///
/// This stands in for the publisher's loader (`fuel-publish report`), so the page is tested on what a build really
/// holds; it reads only format 1 and compares with no previous build.
struct BuiltReport {
    static let builtAt = "2026-11-30T08:00:00Z"

    /// The temporary folder holding the feeds (when generated) and `out/`.
    let root: URL
    let index: TileIndex
    let input: ReportInput

    /// Every station the build published, by the index's count.
    var stationCount: Int { index.countries.values.map(\.stations).reduce(0, +) }

    /// Builds the repository's sample feeds.
    static func samples() throws -> BuiltReport {
        let root = RepositoryPaths.temporaryDirectory("report-samples")
        return try build(feeds: RepositoryPaths.samples(), root: root, title: "the samples")
    }

    /// Generates feeds with `fuel-bench gen --scale SCALE --seed SEED` and builds them.
    static func generated(scale: String, seed: String) throws -> BuiltReport {
        let root = RepositoryPaths.temporaryDirectory("report-generated")
        let feeds = root.appendingPathComponent("feeds")
        let generate = try Executable.run("fuel-bench", ["gen", "--scale", scale, "--seed", seed, "--out", feeds.path])
        try #require(generate.status == 0, "fuel-bench gen failed: \(generate.stderr)")
        return try build(feeds: feeds, root: root, title: "fuel-bench gen --scale \(scale) --seed \(seed)")
    }

    /// Runs `fuel-publish build --json` on `feeds` into `root/out` and reads the result.
    static func build(feeds: URL, root: URL, title: String) throws -> BuiltReport {
        let out = root.appendingPathComponent("out")
        let build = try Executable.run(
            "fuel-publish",
            [
                "build", "--feeds", feeds.path, "--out", out.path, "--adapters", RepositoryPaths.adapters().path,
                "--built-at", builtAt, "--json",
            ])
        try #require(build.status == 0, "fuel-publish build failed: \(build.stderr)")
        let report = try JSONDecoder().decode(BuildReport.self, from: build.stdoutBytes)
        let (index, input) = try read(out.appendingPathComponent("fuel"), report: report, title: title)
        return BuiltReport(root: root, index: index, input: input)
    }

    /// The index and a ``ReportInput`` of the build in `fuel` (the folder holding `index.json`).
    static func read(_ fuel: URL, report: BuildReport, title: String) throws -> (TileIndex, ReportInput) {
        let index = try JSONDecoder().decode(TileIndex.self, from: gunzip(fuel.appendingPathComponent("index.json")))
        var stations: [Station] = []
        var tiles: [String: Int] = [:]
        var bytes: [String: Int] = [:]
        for key in index.tiles {
            let file = fuel.appendingPathComponent("tiles/\(key).json")
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
            let tile = try JSONDecoder().decode(Tile.self, from: gunzip(file))
            stations += tile.stations
            for country in Set(tile.stations.map(\.country)) {
                tiles[country, default: 0] += 1
                bytes[country, default: 0] += size
            }
        }
        let rejected = Dictionary(report.countries.map { ($0.country, $0.rejected) }) { first, _ in first }
        let countries = index.countries.sorted { $0.key < $1.key }.map { code, summary in
            ReportInput.Country(
                country: code, stations: summary.stations, previousStations: nil, rejected: rejected[code] ?? [:],
                feedTime: summary.updated, feedAgeHours: index.builtAt.timeIntervalSince(summary.updated) / 3600,
                carriedSince: summary.carriedSince, tiles: tiles[code] ?? 0, bytes: bytes[code] ?? 0)
        }
        let input = ReportInput(
            builtAt: index.builtAt, gridDegrees: index.gridDegrees, stations: stations, cells: index.tiles,
            cellChanges: [:], hasPrevious: false, countries: countries, fuel: .diesel,
            title: "\(title) · built \(UTCTime.format(index.builtAt))")
        return (index, input)
    }

    private static func gunzip(_ file: URL) throws -> Data {
        Data(try Gzip.decompress([UInt8](try Data(contentsOf: file))))
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}
