import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

/// Runs the built `fuel-nearby` against a fixture build served on 127.0.0.1 and against the build folder itself.
@Suite(.tags(.executable), .serverLogsOnFailure) struct NearbyCommandTests {
    static let corner = ["--lat", "38.52", "--lon", "-8.98"]

    @Test(.tags(.server)) func printsATableNearestFirst() async throws {
        let (out, server) = try Self.servedFixture()
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try NearbyRun(["--base", server.baseURL.absoluteString] + Self.corner + ["--fuel", "diesel"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("  DIST  STATION") == true)
        #expect(lines.first?.contains("DIESEL") == true)
        #expect(lines.count == 1 + 9)
        let expectedOrder = [
            "Galp Azeitão", "Galp Vila Fresca", "PT-4002", "Prio Gémea", "Cepsa Aldeia", "Galp Setúbal", "BP Tróia",
            "Prio Palmela", "Repsol Coina",
        ]
        for (line, name) in zip(lines.dropFirst(), expectedOrder) { #expect(line.contains(name), "\(line)") }
        #expect(lines[1].hasPrefix("3.0 km"))
        #expect(lines[1].contains("1.579 €"))
        #expect(lines[1].contains("EN 379, Azeitão, Setúbal"))
        // BP Tróia has self and full service diesel: the self price is shown and says so.
        #expect(lines[7].contains("1.619 € self"))
        // Ages are measured from now; the fixture prices are from 2025, so they read in days.
        #expect(lines[1].range(of: #" [0-9]+ d$"#, options: .regularExpression) != nil, "\(lines[1])")
        #expect(run.stderr.isEmpty)
    }

    @Test func unitOtherThanLitresIsShown() async throws {
        let out = RepositoryPaths.temporaryDirectory("nearby-e2e")
        defer { try? FileManager.default.removeItem(at: out) }
        try TileFixtures.write(TileFixtures.lisbonStations, to: out)
        let run = try NearbyRun(["--base", out.path] + Self.corner + ["--fuel", "cng"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last?.contains("BP Tróia") == true)
        #expect(lines.last?.contains("1.459 €/kg") == true)
    }

    @Test(.tags(.server)) func jsonOutputParses() async throws {
        let (out, server) = try Self.servedFixture()
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try NearbyRun(
            ["--base", server.baseURL.absoluteString] + Self.corner + ["--brand", "galp", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["stale"] as? Bool == false)
        #expect(object["indexBuiltAt"] as? String == "2025-09-27T18:00:00Z")
        let stations = try #require(object["stations"] as? [[String: Any]])
        let ids = stations.compactMap { ($0["station"] as? [String: Any])?["id"] as? String }
        #expect(ids == ["PT-1001", "PT-3002", "PT-2002"])
        let distances = stations.compactMap { $0["distanceKm"] as? Double }
        #expect(distances.count == 3)
        #expect(distances == distances.sorted())
        #expect(abs(distances[0] - 3.045) < 0.001)
        let tiles = try #require(object["tiles"] as? [String: String])
        #expect(tiles.keys.sorted() == TileFixtures.cornerTiles.sorted())
    }

    @Test(.tags(.server)) func aFailedTileExitsOneNamingIt() async throws {
        let out = RepositoryPaths.temporaryDirectory("nearby-e2e")
        defer { try? FileManager.default.removeItem(at: out) }
        try TileFixtures.write(TileFixtures.lisbonStations, to: out)
        let server = try TileServer(root: out, statuses: ["/fuel/tiles/76_-18.json": 500])
        let run = try NearbyRun(["--base", server.baseURL.absoluteString] + Self.corner)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("tile 76_-18"), "\(run.stderr)")
        #expect(run.stderr.contains("HTTP 500"))
    }

    @Test(.tags(.server)) func aFailedLookupWithJSONPrintsTheErrorCode() async throws {
        let out = RepositoryPaths.temporaryDirectory("nearby-e2e")
        defer { try? FileManager.default.removeItem(at: out) }
        try TileFixtures.write(TileFixtures.lisbonStations, to: out)
        let server = try TileServer(root: out, statuses: ["/fuel/tiles/76_-18.json": 500])
        let run = try NearbyRun(["--base", server.baseURL.absoluteString] + Self.corner + ["--json"])
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any], "\(run.stdout)")
        #expect(error["code"] as? String == "tiles-unavailable")
        #expect((error["message"] as? String)?.contains("tile 76_-18") == true)
        let failed = try #require(error["failedTiles"] as? [[String: String]], "\(run.stdout)")
        #expect(failed.map { $0["key"] } == ["76_-18"])
        #expect(failed.map { $0["code"] } == ["tiles-unavailable"])
        #expect(failed.map { $0["reason"] } == ["HTTP 500"])
        #expect(run.stderr.contains("HTTP 500"), "\(run.stderr)")
    }

    @Test(.tags(.server)) func aFailedRefreshWarnsWithTheReasonAndShowsTheCachedCopy() async throws {
        let (out, server) = try Self.servedFixture()
        let cache = RepositoryPaths.temporaryDirectory("nearby-cache")
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: cache)
        }
        let arguments = ["--base", server.baseURL.absoluteString, "--cache", cache.path] + Self.corner
        let first = try NearbyRun(arguments)
        #expect(first.status == 0)
        #expect(!first.stderr.contains("warning"), "\(first.stderr)")

        // Yesterday's cache: every file is past its trust period, so the next run asks the server again.
        try Self.ageCache(cache, fetchedAt: UTCTime.format(Date().addingTimeInterval(-86_400)))
        try await server.setStatus(500, for: "/fuel/tiles/76_-18.json")
        let second = try NearbyRun(arguments)
        #expect(second.status == 0)
        // The same stations in the same order (the age column may move on between runs).
        let stationColumns = { (run: NearbyRun) in run.stdout.split(separator: "\n").map { $0.prefix(40) } }
        #expect(stationColumns(second) == stationColumns(first))
        #expect(stationColumns(first).count == 1 + 10)
        #expect(
            second.stderr.contains(
                "warning: tiles/76_-18.json could not be refreshed (HTTP 500); showing the cached copy"),
            "\(second.stderr)")
        #expect(second.stderr.components(separatedBy: "warning:").count == 2, "\(second.stderr)")

        let json = try NearbyRun(arguments + ["--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["stale"] as? Bool == true)
        #expect(object["staleReasons"] as? [String: String] == ["tiles/76_-18.json": "HTTP 500"])
    }

    /// Rewrites `fetchedAt` in every metadata file below a `fuel-nearby --cache` folder.
    static func ageCache(_ cache: URL, fetchedAt: String) throws {
        let files = FileManager.default.enumerator(at: cache, includingPropertiesForKeys: nil)?.allObjects ?? []
        let metas = files.compactMap { $0 as? URL }.filter { $0.pathExtension == "meta" }
        try #require(!metas.isEmpty, "no .meta files in \(cache.path)")
        for meta in metas {
            var object = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: meta)) as? [String: Any])
            object["fetchedAt"] = fetchedAt
            try JSONSerialization.data(withJSONObject: object).write(to: meta)
        }
    }

    typealias BadFlags = NamedCase<(arguments: [String], message: String)>

    static let badFlags: [BadFlags] = [
        BadFlags("missing --base", (arguments: corner, message: "--base is required")),
        BadFlags(
            "latitude not a number",
            (
                arguments: ["--base", "/", "--lat", "north", "--lon", "1"],
                message: "--lat expects decimal degrees"
            )),
        BadFlags(
            "unknown fuel",
            (
                arguments: ["--base", "/"] + corner + ["--fuel", "unicorn"],
                message: "--fuel unicorn is not a fuel code"
            )),
        BadFlags(
            "unknown option",
            (
                arguments: ["--base", "/"] + corner + ["--colour"],
                message: "unknown option --colour"
            )),
        BadFlags(
            "zero radius", (arguments: ["--base", "/"] + corner + ["--radius", "0"], message: "--radius must be")),
        BadFlags(
            "unknown layout",
            (
                arguments: ["--base", "/"] + corner + ["--layout", "v3"],
                message: "--layout expects auto, v1 or v2, got 'v3'"
            )),
    ]

    @Test(arguments: badFlags)
    func badFlagsExit64(_ bad: BadFlags) throws {
        let run = try NearbyRun(bad.arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(bad.message), "\(run.stderr)")
        #expect(run.stderr.contains("usage: fuel-nearby"))
    }

    @Test func helpExitsZero() throws {
        let run = try NearbyRun(["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("--base URL|DIR"))
        #expect(run.stdout.contains("[--layout auto|v1|v2]"))
    }

    private static func servedFixture() throws -> (URL, TileServer) {
        let out = RepositoryPaths.temporaryDirectory("nearby-e2e")
        try TileFixtures.write(TileFixtures.lisbonStations, to: out)
        return (out, try TileServer(root: out))
    }
}

/// One run of the built `fuel-nearby` (found next to the test bundle by `Executable`).
struct NearbyRun {
    let status: Int32
    let stdout: String
    let stderr: String

    init(_ arguments: [String]) throws {
        let executable = Executable.url("fuel-nearby")
        try #require(
            FileManager.default.isExecutableFile(atPath: executable.path),
            "fuel-nearby is not built at \(executable.path); run `swift build` first")
        let result = try Executable.run("fuel-nearby", arguments)
        status = result.status
        stdout = result.stdout
        stderr = result.stderr
    }
}

/// Hostile tile servers against the built `fuel-nearby`: a gzip bomb served as every tile is, with
/// `Content-Encoding: gzip`, and a tile that drips one byte every 2 seconds.
@Suite(.tags(.server, .executable), .serverLogsOnFailure) struct HostileTileServerTests {
    /// A build of the ES sample, served; the given tile path misbehaves.
    static func serve(_ fault: String, path: String) throws -> (TileServer, URL) {
        let root = RepositoryPaths.temporaryDirectory("hostile-tiles")
        let feeds = root.appendingPathComponent("feeds")
        try FileManager.default.createDirectory(at: feeds, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: RepositoryPaths.samples().appendingPathComponent("ES"), to: feeds.appendingPathComponent("ES"))
        let out = root.appendingPathComponent("out")
        let build = try Executable.run(
            "fuel-publish", ["build", "--feeds", feeds.path, "--out", out.path, "--countries", "ES"])
        try #require(build.status == 0, "\(build.stderr)")
        return (try TileServer(root: out, faults: [fault: path]), out)
    }

    @Test func aGzipBombIsCutAtTheCapInLittleMemory() throws {
        let (server, _) = try Self.serve("--bomb", path: "/fuel/tiles/83_3.json")
        defer { server.stop() }
        let measured = try PeakMemoryRun(
            "fuel-nearby", ["--base", server.baseURL.absoluteString, "--lat", "41.5", "--lon", "1.9", "--radius", "5"])
        #expect(measured.result.status == 1)
        #expect(measured.result.stderr.contains("larger than the 64 MB cap"), "\(measured.result.stderr)")
        let kilobytes = try #require(measured.peakKilobytes, "\(measured.result.stderr)")
        #expect(kilobytes < 300_000, "peak RSS \(kilobytes) kB for a 200 MB bomb")
    }

    @Test func aDrippingTileMeetsTheLookupDeadline() throws {
        let (server, _) = try Self.serve("--drip", path: "/fuel/tiles/83_3.json")
        defer { server.stop() }
        let result = try Executable.run(
            "fuel-nearby",
            [
                "--base", server.baseURL.absoluteString, "--lat", "41.5", "--lon", "1.9", "--radius", "5", "--deadline",
                "3",
            ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("did not finish within its 3 s deadline"), "\(result.stderr)")
    }
}
