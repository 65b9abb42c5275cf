import Foundation
import FuelFormat
import FuelProcess
import Testing
import _FuelTestSupport

/// Many hourly builds in one `OUT` keep it at its documented size (docs/limits.md, "What OUT keeps"): after each
/// build, `OUT/fuel`, the one build folder it links to, `.lock`, `report.json`, `.tile-digests.json`,
/// `.country-inputs.json` and `.kept-state/` (one file per country), and one archived format-2 index; builds killed on the way leave a folder, a link or a
/// temporary file that the next build removes. 60 builds here (about 15 s); `scripts/bench-hourly-out` runs 1,000
/// (BENCHMARKS.md, "Disk and time").
@Suite(.tags(.executable)) struct HourlyBuildsTests {
    /// What `OUT` holds beside the one `.build-<id>` folder after a build.
    static let kept = [
        ".country-inputs.json", ".history-so-far", ".kept-state", ".lock", ".tile-digests.json", "fuel", "report.json",
    ]
    static let builds = 60
    /// Every this many builds, one is killed (SIGKILL) with all its files written, before its swap.
    static let killEvery = 15
    static let start = UTCTime.parse("2026-11-28T00:00:00Z")!

    @Test func sixtyHourlyBuildsKeepOutAtItsBound() async throws {
        let out = RepositoryPaths.temporaryDirectory("hourly").appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        var fileCount: Int?
        for hour in 0..<Self.builds {
            let builtAt = UTCTime.format(Date(timeIntervalSince1970: TimeInterval(Self.start + Int64(hour) * 3600)))
            if hour % Self.killEvery == Self.killEvery - 1 {
                try Self.killABuild(out, builtAt: builtAt)
                try Self.plantLeftovers(out)
                #expect(Self.buildFolders(out).count > 1, "the killed build left its folder for the next to remove")
            }
            let result = try await Executable.runAsync(
                "fuel-publish",
                [
                    "build", "--feeds", RepositoryPaths.samples().path, "--out", out.path, "--built-at", builtAt,
                    "--layout", "both",
                ])
            try #require(result.status == 0, "build \(hour): \(result.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            let folders = Self.buildFolders(out)
            try #require(folders.count == 1, "build \(hour): \(names)")
            try #require(names == (Self.kept + folders).sorted(), "build \(hour): \(names)")
            let fuel = out.appendingPathComponent("fuel").path
            try #require(try FileManager.default.destinationOfSymbolicLink(atPath: fuel) == folders[0])
            let archived = try FileManager.default.contentsOfDirectory(
                atPath: out.appendingPathComponent("fuel/v2/builds").path)
            let stamp = builtAt.replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
            try #require(archived == ["\(stamp).json"], "build \(hour): \(archived)")
            // One finished day of history more at the first build of each UTC day (R14).
            let days = (try? FileManager.default.contentsOfDirectory(atPath: fuel + "/history")) ?? []
            try #require(days.count == hour / 24 && days.count <= HistoryFile.keptDays, "build \(hour): \(days)")
            let count = Self.countEntries(out)
            if let fileCount {
                try #require(count == fileCount, "build \(hour): OUT grew from \(fileCount) entries to \(count)")
            }
            fileCount = count
        }
    }

    /// `.build-…` folders in `OUT`, partial or complete.
    static func buildFolders(_ out: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).filter { $0.hasPrefix(".build-") }
            .sorted()
    }

    /// Every file, folder and link below `OUT`, not following `OUT/fuel`, but for the price history's (R14): those
    /// grow by one finished day at the first build of each UTC day, and are bounded by its 8 kept days instead.
    static func countEntries(_ out: URL) -> Int {
        var count = 0
        let enumerator = FileManager.default.enumerator(atPath: out.path)
        while let path = enumerator?.nextObject() as? String {
            if !path.split(separator: "/").contains("history") { count += 1 }
        }
        return count
    }

    /// Starts a build that stalls before its swap, waits until its folder is complete, and kills it.
    static func killABuild(_ out: URL, builtAt: String) throws {
        let build = try Executable.start(
            "fuel-publish",
            [
                "build", "--feeds", RepositoryPaths.samples().path, "--out", out.path, "--built-at", builtAt,
                "--layout", "both",
            ],
            environment: ["FUEL_PUBLISH_TEST_STALL_BEFORE_SWAP": "60"])
        defer { build.killAndReap() }
        let deadline = ChildProcess.monotonicSeconds() + 60
        while buildFolders(out).filter({ !$0.hasSuffix(".partial") }).count < 2 {
            try #require(build.isRunning && ChildProcess.monotonicSeconds() < deadline, "the build never stalled")
            usleep(20_000)
        }
    }

    /// What builds killed at other moments leave: a partial folder, the new link before its rename, and a report
    /// being written.
    static func plantLeftovers(_ out: URL) throws {
        try FileManager.default.createDirectory(
            at: out.appendingPathComponent(".build-20261128T000000Z-1-1.partial/tiles"),
            withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: out.appendingPathComponent(".build-20261128T000000Z-1-1.partial/tiles/x.json"))
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent(".fuel.link-1").path, withDestinationPath: ".build-gone")
        try Data("{".utf8).write(to: out.appendingPathComponent(".fuel.tmp-report.json-1"))
    }
}
