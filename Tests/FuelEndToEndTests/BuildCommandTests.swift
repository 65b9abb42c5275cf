import Foundation
import FuelProcess
import Testing
import _FuelTestSupport

/// Runs the built `fuel-publish build` on copies of the real samples.
@Suite(.tags(.executable), .serialized) struct BuildCommandTests {
    static let builtAt = "2026-11-30T05:00:00Z"

    /// A feeds folder holding a copy of the ES sample, and an empty output folder.
    static func workspace() throws -> (feeds: URL, out: URL) {
        let root = RepositoryPaths.temporaryDirectory("e2e")
        let feeds = root.appendingPathComponent("feeds")
        try FileManager.default.createDirectory(at: feeds, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: RepositoryPaths.samples().appendingPathComponent("ES"), to: feeds.appendingPathComponent("ES"))
        return (feeds, root.appendingPathComponent("out"))
    }

    static func build(_ feeds: URL, _ out: URL, _ extra: [String] = [], environment: [String: String] = [:]) throws
        -> Executable.Result
    {
        try Executable.run(
            "fuel-publish",
            [
                "build", "--feeds", feeds.path, "--out", out.path, "--countries", "ES", "--built-at", builtAt,
                "--adapters", RepositoryPaths.adapters().path,
            ] + extra,
            environment: environment)
    }

    static var esFile: String { "estaciones-terrestres-barcelona-2025-09-27-first40.json" }

    @Test func twoBuildsAreByteIdenticalWithAFixedGzipHeader() throws {
        let (feeds, out) = try Self.workspace()
        let first = try Self.build(feeds, out)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.stderr.contains("fetched"), "hand-placed feeds have no fetch time: \(first.stderr)")
        let firstTree = TreeSnapshot.take(out.appendingPathComponent("fuel"))
        let (_, secondOut) = (feeds, out.deletingLastPathComponent().appendingPathComponent("out2"))
        let second = try Self.build(feeds, secondOut)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(!firstTree.isEmpty)
        #expect(firstTree == TreeSnapshot.take(secondOut.appendingPathComponent("fuel")))
        for (path, bytes) in firstTree {
            #expect(Array(bytes.prefix(10)) == [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03], "\(path)")
        }
        #expect(firstTree.keys.contains("index.json"))
        #expect(firstTree.keys.contains("sources.json"))
        #expect(firstTree.keys.contains("brands/ES.json"))
        #expect(firstTree.keys.contains { $0.hasPrefix("tiles/") })
    }

    @Test func theSourceDateEpochFixesBuiltAt() throws {
        let (feeds, out) = try Self.workspace()
        let result = try Executable.run(
            "fuel-publish",
            [
                "build", "--feeds", feeds.path, "--out", out.path, "--countries", "ES", "--json",
                "--adapters", RepositoryPaths.adapters().path,
            ],
            environment: ["SOURCE_DATE_EPOCH": "1764478800"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"builtAt\" : \"2025-11-30T05:00:00Z\""))
    }

    struct Corruption: Sendable, CustomTestStringConvertible {
        var name: String
        var transform: @Sendable (Data) -> Data
        var testDescription: String { name }
    }

    static let corruptions: [Corruption] = [
        Corruption(name: "truncated") { $0.prefix($0.count / 2) },
        Corruption(name: "empty") { _ in Data() },
        Corruption(name: "HTML error page") { _ in Data("<html><body>503 Service Unavailable</body></html>".utf8) },
        Corruption(name: "error marker") { data in
            Data(
                String(decoding: data, as: UTF8.self).replacingOccurrences(
                    of: "\"ResultadoConsulta\":\"OK\"", with: "\"ResultadoConsulta\":\"KO\""
                ).utf8)
        },
    ]

    @Test(arguments: corruptions)
    func aCorruptedFeedFailsAndLeavesTheOutputByteIdentical(_ corruption: Corruption) throws {
        let (feeds, out) = try Self.workspace()
        #expect(try Self.build(feeds, out).status == 0)
        let before = TreeSnapshot.take(out.appendingPathComponent("fuel"))
        let file = feeds.appendingPathComponent("ES").appendingPathComponent(Self.esFile)
        try corruption.transform(try Data(contentsOf: file)).write(to: file)
        let result = try Self.build(feeds, out, ["--allow-shrink"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("ES"))
        #expect(result.stderr.contains(Self.esFile), "\(result.stderr)")
        #expect(TreeSnapshot.take(out.appendingPathComponent("fuel")) == before)
    }

    @Test func aMissingCountryFolderFails() throws {
        let (feeds, out) = try Self.workspace()
        let result = try Executable.run(
            "fuel-publish",
            [
                "build", "--feeds", feeds.path, "--out", out.path, "--countries", "ES,PT", "--adapters",
                RepositoryPaths.adapters().path,
            ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("PT:"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("fuel").path))
    }

    @Test func killNineMidBuildLeavesThePreviousOutput() throws {
        let (feeds, out) = try Self.workspace()
        #expect(try Self.build(feeds, out).status == 0)
        let before = TreeSnapshot.take(out.appendingPathComponent("fuel"))
        // A different build (another builtAt) that stalls with every file written, just before the swap.
        let running = try Executable.start(
            "fuel-publish",
            [
                "build", "--feeds", feeds.path, "--out", out.path, "--countries", "ES", "--built-at",
                "2026-11-30T06:00:00Z", "--adapters", RepositoryPaths.adapters().path,
            ],
            environment: ["FUEL_PUBLISH_TEST_STALL_BEFORE_SWAP": "30"])
        let deadline = Date().addingTimeInterval(60)
        func stagedBuildExists() -> Bool {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
            return names.filter { $0.hasPrefix(".build-") && !$0.hasSuffix(".partial") }.count >= 2
        }
        while !stagedBuildExists() && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(stagedBuildExists())
        running.killAndReap()
        #expect(TreeSnapshot.take(out.appendingPathComponent("fuel")) == before)
        // The next run cleans the stale build folder and publishes.
        #expect(try Self.build(feeds, out).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix(".build-") }
        #expect(names.count == 1)
    }

    @Test func theShrinkGuardRefusesAHalvedCountry() throws {
        let (feeds, out) = try Self.workspace()
        #expect(try Self.build(feeds, out).status == 0)
        let before = TreeSnapshot.take(out.appendingPathComponent("fuel"))
        // Keep only the first 5 of the sample's stations.
        let file = feeds.appendingPathComponent("ES").appendingPathComponent(Self.esFile)
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        let records = text.components(separatedBy: "},{\"C.P.\"")
        let shrunk =
            records.prefix(5).joined(separator: "},{\"C.P.\"") + "}]," + text.components(separatedBy: "}],").last!
        try Data(shrunk.utf8).write(to: file)
        let refused = try Self.build(feeds, out)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("ES: 5 stations now against"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--allow-shrink"))
        #expect(TreeSnapshot.take(out.appendingPathComponent("fuel")) == before)
        #expect(try Self.build(feeds, out, ["--allow-shrink"]).status == 0)
    }

    @Test func anOutputFolderThatCannotBeCreatedIsNamedPlainly() throws {
        let (feeds, out) = try Self.workspace()
        try FileManager.default.createDirectory(at: out.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("a file, not a folder".utf8).write(to: out)
        let result = try Self.build(feeds, out.appendingPathComponent("fuel-out"))
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot create the output folder: Not a directory"), "\(result.stderr)")
        #expect(!result.stderr.contains("Domain="), "\(result.stderr)")
    }

    /// The ES sample's `Fecha`, 27/09/2025 18:05:47 in Madrid.
    static let esSampleTime = "2025-09-27T16:05:47Z"

    /// Writes `DIR/manifest.json` as fetching would, saying ES was fetched at `fetchedAt`.
    static func writeManifest(_ feeds: URL, esFetchedAt fetchedAt: String) throws {
        let manifest = #"{"version":1,"files":{},"countries":{"ES":{"status":"ok","fetchedAt":"\#(fetchedAt)"}}}"#
        try Data(manifest.utf8).write(to: feeds.appendingPathComponent("manifest.json"))
    }

    @Test func aFrozenFeedIsRefusedUnlessAllowed() throws {
        let (feeds, out) = try Self.workspace()
        // Fetched two hours after the feed's own time: a live feed.
        try Self.writeManifest(feeds, esFetchedAt: "2025-09-27T18:05:47Z")
        let fresh = try Self.build(feeds, out)
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(
            fresh.stderr.contains(
                "feed time \(Self.esSampleTime), fetched 2025-09-27T18:05:47Z, 2.0 h after the feed time"),
            "\(fresh.stderr)")
        let before = TreeSnapshot.take(out.appendingPathComponent("fuel"))

        // Fetched again four days later and still the same content: the publisher stopped updating it.
        try Self.writeManifest(feeds, esFetchedAt: "2025-10-01T18:05:47Z")
        let frozen = try Self.build(feeds, out)
        #expect(frozen.status == 1)
        #expect(frozen.stderr.contains("ES"))
        #expect(frozen.stderr.contains("looks frozen: its newest time, \(Self.esSampleTime), is 4 days older"))
        #expect(frozen.stderr.contains("--allow-stale-feeds"))
        #expect(TreeSnapshot.take(out.appendingPathComponent("fuel")) == before)

        let allowed = try Self.build(feeds, out, ["--allow-stale-feeds"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    @Test(arguments: [
        (["build", "--bogus"], Int32(64), "unknown option --bogus"),
        (["frobnicate"], Int32(64), "unknown command 'frobnicate'"),
        // A usage error like the rest, and before the missing feeds folder: 64, as in fetch.
        (["build", "--countries", "XX", "--feeds", "/nonexistent"], Int32(64), "unknown country XX"),
        (["build", "--built-at", "yesterday"], Int32(64), "--built-at expects"),
    ])
    func usageErrors(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let result = try Executable.run("fuel-publish", arguments + ["--adapters", RepositoryPaths.adapters().path])
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test(arguments: [["--help"], ["build", "--help"]])
    func helpGoesToStdoutWithExitZero(_ arguments: [String]) throws {
        let result = try Executable.run("fuel-publish", arguments)
        #expect(result.status == 0)
        #expect(result.stdout.contains("usage: fuel-publish"))
    }
}
