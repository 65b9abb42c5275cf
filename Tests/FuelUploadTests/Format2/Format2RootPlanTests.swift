import Foundation
import FuelCodecs
import FuelFormat
import FuelPublishing
import Testing
import _FuelTestSupport

@testable import FuelUpload

/// What a publish and a rollback do with format 2's `root.json` (R15), and what prune does with the objects only a
/// reader of roots reads: decided without a server.
@Suite struct Format2RootPlanTests {
    static let prefix = "fuel/v2/"

    /// The format-2 set of a fixture build, read as the upload reads it.
    static func snapshot() throws -> (LocalFormat2, URL) {
        let out = RepositoryPaths.temporaryDirectory("root-plan")
        try Format2Fixture.day(0).build(into: out, layout: .v2)
        return (try LocalFormat2.load(from: out), out)
    }

    @Test func theRootFollowsTheIndexAndARunStoppedBetweenThemIsHealed() throws {
        let (snapshot, out) = try Self.snapshot()
        defer { try? FileManager.default.removeItem(at: out) }
        let root = try #require(snapshot.rootObject)
        #expect(Format2Root(projecting: snapshot.index) != nil)

        // A first publish: the root goes after the index.
        let first = try Format2Plan(snapshot: snapshot, remote: [:], prefix: Self.prefix)
        #expect(first.root == .put(root))
        #expect(first.puts.last == root && first.puts.dropLast().last == first.index)
        #expect(first.summaryLine.contains("index, then root"), "\(first.summaryLine)")

        // The index is live but the root is the previous build's (the run stopped between the two): the next run
        // writes the root although the index is unchanged.
        let index = snapshot.indexObject
        let healed = try Format2Plan(
            snapshot: snapshot,
            remote: [Self.prefix + index.path: "\"\(index.md5Hex)\"", Self.prefix + "root.json": "\"0123\""],
            prefix: Self.prefix)
        #expect(healed.index == nil)
        #expect(healed.root == .put(root))

        // Both in place: nothing to write.
        let settled = try Format2Plan(
            snapshot: snapshot,
            remote: [Self.prefix + index.path: "\"\(index.md5Hex)\"", Self.prefix + "root.json": "\"\(root.md5Hex)\""],
            prefix: Self.prefix)
        #expect(settled.root == .none)
        #expect(!settled.summaryLine.contains("root"), "\(settled.summaryLine)")
    }

    @Test func aBuildBeforeRootsDeletesTheRootAndOneWithRootsWritesItsProjection() throws {
        let (snapshot, out) = try Self.snapshot()
        defer { try? FileManager.default.removeItem(at: out) }
        var before = snapshot.index
        before.leaves = nil
        before.leafCells = nil
        before.leafMargin = nil
        before.idList = nil
        // A rollback to a build before roots: a root in the bucket would name another build, so it goes.
        #expect(Format2RootSync.step(for: before, bucketETag: "\"0123\"") == .delete)
        #expect(Format2RootSync.step(for: before, bucketETag: nil) == .none)
        // A rollback to a build with roots writes its projection, the bytes the build wrote.
        let root = try #require(snapshot.rootObject)
        #expect(Format2RootSync.step(for: snapshot.index, bucketETag: nil) == .put(root))
        #expect(Format2RootSync.step(for: snapshot.index, bucketETag: "\"\(root.md5Hex)\"") == .none)
    }

    @Test func pruneDeletesLeavesIdListsAndPartsNoKeptBuildNames() {
        let tile = "tiles/82_4.0123456789abcdef.json"
        let remote = [
            "leaves/20_1.1111111111111111.json", "leaves/20_1.2222222222222222.json",
            "ids.3333333333333333.json", "ids.4444444444444444.json",
            "ids/a3.5555555555555555.json", "ids/a3.6666666666666666.json",
            // Parts are named by their tile's hash: kept with their tile, deleted with it.
            "parts/82_4.0123456789abcdef.10.json", "parts/82_4.fedcba9876543210.10.json",
            tile, "root.json", "index.json", "parts/readme.txt",
        ].map { Self.prefix + $0 }
        let deletes = Format2Prune.deletes(
            remote: remote, prefix: Self.prefix, keptBuilds: [],
            referenced: [
                "leaves/20_1.1111111111111111.json", "ids.3333333333333333.json", "ids/a3.5555555555555555.json",
                tile,
            ])
        #expect(
            deletes
                == [
                    "ids.4444444444444444.json", "ids/a3.6666666666666666.json", "leaves/20_1.2222222222222222.json",
                    "parts/82_4.fedcba9876543210.10.json",
                ].map { Self.prefix + $0 })
    }
}
