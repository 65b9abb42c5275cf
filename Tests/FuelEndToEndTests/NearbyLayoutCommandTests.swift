import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

/// `fuel-nearby --layout` against the samples built by `fuel-publish build --layout v1|v2|both`, read as a folder
/// and served on 127.0.0.1: each format gives the same stations, and `auto` prefers format 2.
@Suite(.tags(.executable), .serverLogsOnFailure) struct NearbyLayoutCommandTests {
    /// Around Barcelona's sample stations.
    static let query = ["--lat", "41.50", "--lon", "1.90", "--radius", "10", "--limit", "1000", "--json"]

    /// `built`: `fuel-publish build --layout`.
    /// `layout`: `fuel-nearby --layout`; nil leaves it out (auto).
    /// `format`: The format expected to answer.
    typealias Case = NamedCase<(built: String, layout: String?, overHTTP: Bool, format: Int)>

    static let cases = [
        Case("v2 build, --layout v2, folder", (built: "v2", layout: "v2", overHTTP: false, format: 2)),
        Case("v2 build, --layout v2, http", (built: "v2", layout: "v2", overHTTP: true, format: 2)),
        Case("v2 build, no --layout, folder", (built: "v2", layout: nil, overHTTP: false, format: 2)),
        Case("both, --layout auto, http", (built: "both", layout: "auto", overHTTP: true, format: 2)),
        Case("both, --layout v1, http", (built: "both", layout: "v1", overHTTP: true, format: 1)),
        Case("v1 build, --layout auto, http", (built: "v1", layout: "auto", overHTTP: true, format: 1)),
    ]

    @Test(.tags(.server), arguments: cases)
    func eachFormatGivesTheSameStations(_ layoutCase: Case) async throws {
        let root = RepositoryPaths.temporaryDirectory("nearby-layout")
        defer { try? FileManager.default.removeItem(at: root) }
        let reference = try Self.stations(Self.nearby(base: Self.build(layout: "v1", in: root, name: "reference")))
        #expect(reference.count > 3)

        let out = try Self.build(layout: layoutCase.built, in: root, name: "out")
        let server = layoutCase.overHTTP ? try TileServer(root: out) : nil
        defer { server?.stop() }
        let run = try Self.nearby(
            base: server?.baseURL.absoluteString ?? out.path, layout: layoutCase.layout)
        let object = try Self.object(run)
        #expect(object["format"] as? Int == layoutCase.format)
        #expect(object["stale"] as? Bool == false)
        #expect(try Self.stations(run) == reference)

        if let server {
            // Only the answering format's files were read, except automatic's 404s for format 2's root and index.
            let paths = try await Self.requestedPaths(server)
            let formatTwo = paths.filter { $0.hasPrefix("/fuel/v2/") }
            if layoutCase.format == 2 {
                #expect(formatTwo == paths, "\(paths)")
            } else if layoutCase.layout == "auto" {
                #expect(formatTwo.sorted() == ["/fuel/v2/index.json", "/fuel/v2/root.json"], "\(paths)")
            } else {
                #expect(formatTwo.isEmpty, "\(paths)")
            }
        }
    }

    @Test func formatTwoWhereThereIsNoneFailsNamingItsIndex() throws {
        let root = RepositoryPaths.temporaryDirectory("nearby-layout")
        defer { try? FileManager.default.removeItem(at: root) }
        let out = try Self.build(layout: "v1", in: root, name: "out")
        let run = try Executable.run("fuel-nearby", ["--base", out.path, "--layout", "v2"] + Self.query)
        #expect(run.status == 1)
        let error = try #require(try Self.object(run)["error"] as? [String: Any], "\(run.stdout)")
        #expect(error["code"] as? String == "index-unavailable")
        #expect((error["failedTiles"] as? [Any])?.isEmpty == true)
        #expect(run.stderr.contains("/fuel/v2/index.json: HTTP 404"), "\(run.stderr)")
    }

    @Test(.tags(.server)) func aCachedFormatTwoTileIsNeverAskedForAgain() async throws {
        let root = RepositoryPaths.temporaryDirectory("nearby-layout")
        defer { try? FileManager.default.removeItem(at: root) }
        let out = try Self.build(layout: "v2", in: root, name: "out")
        let server = try TileServer(root: out)
        defer { server.stop() }
        let cache = root.appendingPathComponent("cache")
        let arguments = ["--cache", cache.path, "--layout", "v2"]
        let first = try Self.nearby(base: server.baseURL.absoluteString, arguments)
        #expect(try Self.object(first)["format"] as? Int == 2)
        let tiles = try await Self.requestedPaths(server).filter { $0.hasPrefix("/fuel/v2/tiles/") }
        #expect(!tiles.isEmpty)

        // A day later every cached file is past any trust period: only the root is asked for (R15), and answers 304.
        try NearbyCommandTests.ageCache(cache, fetchedAt: UTCTime.format(Date().addingTimeInterval(-86_400)))
        try await server.resetCounts()
        let second = try Self.nearby(base: server.baseURL.absoluteString, arguments)
        #expect(try Self.stations(second) == Self.stations(first))
        #expect(try await server.requests() == ["/fuel/v2/root.json": ["304": 1]])
    }

    /// `fuel-publish build` of the samples into `root/name`, with the given `--layout`.
    static func build(layout: String, in root: URL, name: String) throws -> URL {
        let out = root.appendingPathComponent(name)
        let build = try Executable.run(
            "fuel-publish",
            [
                "build", "--feeds", RepositoryPaths.samples().path, "--out", out.path, "--built-at",
                "2026-11-30T05:00:00Z", "--adapters", RepositoryPaths.adapters().path, "--layout", layout,
            ])
        try #require(build.status == 0, "\(build.stderr)")
        return out
    }

    /// One successful `fuel-nearby` run of ``query``.
    static func nearby(base: URL) throws -> Executable.Result { try nearby(base: base.path) }

    static func nearby(base: String, layout: String? = nil, _ extra: [String] = []) throws -> Executable.Result {
        let run = try Executable.run(
            "fuel-nearby", ["--base", base] + (layout.map { ["--layout", $0] } ?? []) + extra + query)
        try #require(run.status == 0, "\(run.stderr)")
        return run
    }

    static func object(_ run: Executable.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
    }

    /// Each station's id and distance, in answer order.
    static func stations(_ run: Executable.Result) throws -> [String] {
        let stations = try #require(try object(run)["stations"] as? [[String: Any]])
        return stations.map { entry in
            let id = (entry["station"] as? [String: Any])?["id"] as? String ?? "?"
            return "\(id) \(entry["distanceKm"] as? Double ?? -1)"
        }
    }

    /// The URL paths the server was asked for, sorted.
    static func requestedPaths(_ server: TileServer) async throws -> [String] {
        try await server.requests().keys.sorted()
    }
}
