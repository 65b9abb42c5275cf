import Foundation
import FuelBench
import Testing
import _FuelTestSupport

/// The measuring tools of the benchmark: what they count, never how fast anything is.
@Suite struct BenchToolTests {
    struct PercentileCase: CustomTestStringConvertible, Sendable {
        var values: [Double]
        var p: Double
        var expected: Double
        var testDescription: String { "p\(Int(p * 100)) of \(values)" }
    }

    static let percentiles = [
        PercentileCase(values: [], p: 0.5, expected: 0),
        PercentileCase(values: [7], p: 0.95, expected: 7),
        PercentileCase(values: [4, 1, 3, 2], p: 0.5, expected: 2.5),
        PercentileCase(values: [1, 2, 3, 4, 5], p: 0.5, expected: 3),
        PercentileCase(values: Array(1...21).map(Double.init), p: 0.95, expected: 20),
    ]

    @Test(arguments: percentiles) func percentilesInterpolateBetweenRanks(_ item: PercentileCase) {
        #expect(BenchMath.percentile(item.values, item.p) == item.expected)
    }

    @Test func processMeterReportsTheChildsStatusAndUsage() throws {
        let folder = RepositoryPaths.temporaryDirectory("meter")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.txt")
        let run = try ProcessMeter.run("sh", ["-c", "echo hello; exit 3"], stdout: output)
        #expect(run.status == 3)
        #expect(try String(contentsOf: output, encoding: .utf8) == "hello\n")
        #expect(run.maxRSSBytes > 0)
        #expect(run.wallSeconds > 0)
        #expect(throws: BenchError.self) { try ProcessMeter.run("/nonexistent/fuel-bench-tool", []) }
    }

    @Test func floorConcatenatesEveryPublishedFile() throws {
        let folder = RepositoryPaths.temporaryDirectory("floor")
        defer { try? FileManager.default.removeItem(at: folder) }
        let published = folder.appendingPathComponent("fuel/tiles", isDirectory: true)
        try FileManager.default.createDirectory(at: published, withIntermediateDirectories: true)
        // Two gzip files made by gzip itself, so the test does not trust the code it checks.
        for (name, text) in [("a.json", "{\"a\":1}"), ("b.json", "{\"b\":22}")] {
            let plain = published.appendingPathComponent(name + ".plain")
            try Data(text.utf8).write(to: plain)
            let zipped = published.appendingPathComponent(name)
            #expect(try ProcessMeter.run("gzip", ["-9", "-n", "-c", plain.path], stdout: zipped).status == 0)
            try FileManager.default.removeItem(at: plain)
        }
        let floor = try CompressionFloorMeter.measure(
            published: folder.appendingPathComponent("fuel"), scratch: folder.appendingPathComponent("scratch"), runs: 2
        )
        #expect(floor.files == 2)
        #expect(floor.jsonBytes == 15)
        #expect(floor.runs.count == 2)
        #expect(floor.floorGzipBytes > 15)
    }

    @Test func buildDiffCountsWhatAnUploadMustSend() throws {
        let folder = RepositoryPaths.temporaryDirectory("diff")
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ build: String, _ files: [String: String]) throws -> URL {
            let root = folder.appendingPathComponent(build, isDirectory: true)
            for (path, text) in files {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            return root
        }
        let old = try write(
            "old",
            [
                "tiles/1_1.json": "a", "tiles/1_2.json": "b", "tiles/9_9.json": "gone", "brands/ES.json": "x",
                "sources.json": "s", "index.json": "i",
            ])
        let new = try write(
            "new",
            [
                "tiles/1_1.json": "a", "tiles/1_2.json": "B!", "tiles/3_3.json": "new", "brands/ES.json": "x",
                "sources.json": "s", "index.json": "i2",
            ])
        let diff = BuildDiff.between(old, new)
        #expect(diff.changedTiles == 1)
        #expect(diff.newTiles == 1)
        #expect(diff.removedTiles == 1)
        #expect(diff.changedBrands == 0)
        #expect(!diff.sourcesChanged)
        #expect(diff.indexChanged)
        #expect(diff.filesToPut == 3)
        #expect(diff.changedBytes == 2 + 3 + 2)
    }
}
