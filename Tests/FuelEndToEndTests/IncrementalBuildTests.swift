import Foundation
import Testing
import _FuelTestSupport

/// A rebuild over a previous build reuses the gzipped file of every tile whose JSON is unchanged, and its output is
/// byte for byte a full build's.
@Suite(.tags(.executable)) struct IncrementalBuildTests {
    /// Builds `feeds` into `out` at `builtAt` and returns the report's `reusedTiles`, `tiles` and the tiles it
    /// counted as changed against the previous build (nil without one).
    static func build(_ feeds: URL, _ out: URL, _ builtAt: String) throws -> (reused: Int, tiles: Int, changed: Int?) {
        let result = try Executable.publishBuild(feeds: feeds, out: out, builtAt: builtAt, ["--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        let changes = report["tileChanges"] as? [String: Int]
        return (report["reusedTiles"] as? Int ?? -1, report["tiles"] as? Int ?? -1, changes?["changed"])
    }

    /// A feeds folder holding a copy of the samples.
    static func samples(_ root: URL) throws -> URL {
        let feeds = root.appendingPathComponent("feeds")
        try FileManager.default.copyItem(at: RepositoryPaths.samples(), to: feeds)
        return feeds
    }

    /// Every file under `OUT/fuel`, by path.
    static func files(_ out: URL) -> [String: Data] { TreeSnapshot.take(out.appendingPathComponent("fuel")) }

    struct Change: Sendable, CustomTestStringConvertible {
        var label: String
        /// A text replacement in the ES sample, or nil for none.
        var edit: (String, String)?
        var changedTiles: Int
        var testDescription: String { label }
    }

    static let changes = [
        Change(label: "nothing changed", edit: nil, changedTiles: 0),
        Change(
            label: "one Spanish price", edit: (#""Precio Gasoleo A":"1,339""#, #""Precio Gasoleo A":"1,349""#),
            changedTiles: 1),
    ]

    @Test(arguments: changes)
    func aRebuildReusesExactlyTheUnchangedTilesAndEqualsAFullBuild(_ change: Change) throws {
        let root = RepositoryPaths.temporaryDirectory("incremental")
        defer { try? FileManager.default.removeItem(at: root) }
        let feeds = try Self.samples(root)
        let out = root.appendingPathComponent("out")
        let first = try Self.build(feeds, out, "2026-11-30T08:00:00Z")
        #expect(first.reused == 0, "nothing to reuse the first time")
        let before = root.appendingPathComponent("before")
        try FileManager.default.copyItem(at: out, to: before)
        if let (old, new) = change.edit {
            let file = feeds.appendingPathComponent("ES/estaciones-terrestres-barcelona-2025-09-27-first40.json")
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.contains(old))
            try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
        }

        let rebuilt = try Self.build(feeds, out, "2026-12-01T08:00:00Z")
        #expect(rebuilt.reused == rebuilt.tiles - change.changedTiles)
        // The report's count of changed tiles, from the two builds' digests, agrees.
        #expect(rebuilt.changed == change.changedTiles)

        // A full build over the same previous build (prices carry their last change from it), with the sidecars that
        // let a build reuse anything removed.
        let full = root.appendingPathComponent("full")
        try FileManager.default.copyItem(at: before, to: full)
        for sidecar in [".tile-digests.json", ".country-inputs.json"] {
            try FileManager.default.removeItem(at: full.appendingPathComponent(sidecar))
        }
        let fresh = try Self.build(feeds, full, "2026-12-01T08:00:00Z")
        #expect(fresh.reused == 0)
        let incremental = Self.files(out)
        let shards = incremental.keys.filter { $0.hasPrefix("ids/") }.count
        #expect(shards > 0 && shards <= 256)
        // The rebuild is the first build of a later UTC day: it writes the finished day's history (R14).
        let history = incremental.keys.filter { $0.hasPrefix("history/") }.count
        #expect(history > 0)
        #expect(
            incremental.count == rebuilt.tiles + 12 + shards + history,
            "tiles, 5 brands, 5 trends, sources, the index, the id shards and the finished day's history")
        #expect(incremental == Self.files(full), "byte for byte a full build")
    }

    @Test func digestsOfAnotherBuildAreNotTrusted() throws {
        let root = RepositoryPaths.temporaryDirectory("incremental-foreign")
        defer { try? FileManager.default.removeItem(at: root) }
        let feeds = try Self.samples(root)
        let out = root.appendingPathComponent("out")
        _ = try Self.build(feeds, out, "2026-11-30T08:00:00Z")
        // The digests name a build that `fuel` no longer links to: they are ignored, and everything is compressed.
        let sidecar = out.appendingPathComponent(".tile-digests.json")
        let text = try String(contentsOf: sidecar, encoding: .utf8)
        try text.replacingOccurrences(of: #""build":".build-"#, with: #""build":".build-x"#).write(
            to: sidecar, atomically: true, encoding: .utf8)
        #expect(try Self.build(feeds, out, "2026-12-01T08:00:00Z").reused == 0)
        // The new build left its own digests, so the next one reuses again.
        let again = try Self.build(feeds, out, "2026-12-02T08:00:00Z")
        #expect(again.reused == again.tiles)
    }
}
