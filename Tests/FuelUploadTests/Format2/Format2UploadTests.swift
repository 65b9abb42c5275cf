import Foundation
import FuelBuild
import FuelCodecs
import FuelFormat
import FuelHTTP
import FuelPublishing
import FuelUpload
import Testing
import _FuelTestSupport

/// Format-2 publishes against two independent S3 implementations: what is written, what is kept, what is pruned.
@Suite(.tags(.server), .serverLogsOnFailure) struct Format2UploadTests {
    static let hour = 3600.0

    @Test(arguments: S3Implementation.allCases)
    func oneChangedCellWritesOneTileItsCountrysTrendOneArchiveAndTheIndex(_ implementation: S3Implementation)
        async throws
    {
        let bucket = try await Format2Bucket.make(implementation)
        let first = try await bucket.publish(.day(0))
        #expect(first.plan.indexCondition == .ifNoneMatch)
        let firstIndex = try await bucket.liveIndex()
        #expect(first.puts == firstIndex.objectPaths.count + 3, "every object, the archive, the index and the root")
        #expect(try await bucket.liveRoot() == Format2Root(projecting: firstIndex))

        let second = try await bucket.publish(.day(1, changed: ["PT-2-0": 1.61]))

        // The changed tile, the one leaf that lists it (the cell lies in no other block's ring), and PT's trend,
        // which has a new day's row.
        #expect(second.plan.uploads.map { PublishedPath($0.path, formatTwo: true).kind } == [.other, .tile, .trend])
        #expect(second.plan.uploads.first?.path.hasPrefix("leaves/") == true)
        #expect(second.plan.archive?.path == "builds/20261202T050000Z.json")
        #expect(second.plan.index != nil)
        #expect(second.puts == 6, "exactly one tile, its leaf, one trend, one archived build, the index and the root")
        #expect(second.deletes == 0)
        let secondIndex = try await bucket.liveIndex()
        #expect(secondIndex.previous == firstIndex.builtAt)
        #expect(try await bucket.liveRoot() == Format2Root(projecting: secondIndex))
        let changed = firstIndex.tiles.keys.filter { firstIndex.tiles[$0] != secondIndex.tiles[$0] }
        #expect(changed.count == 1)
        let remote = try await bucket.remote(under: bucket.format2Prefix)
        for key in changed {
            #expect(remote[try #require(firstIndex.tilePath(key))] != nil, "the old tile still exists")
            #expect(remote[try #require(secondIndex.tilePath(key))] != nil)
        }
        #expect(remote["builds/20261201T050000Z.json"] != nil)
        #expect(remote["builds/20261202T050000Z.json"] != nil)

        // The objects are served immutable, the index briefly.
        let client = try bucket.client()
        let tile = try await client.head(key: bucket.format2Prefix + (secondIndex.tilePath(changed[0]) ?? ""))
        #expect(tile.header("cache-control") == "public, max-age=31536000, immutable, no-transform")
        let index = try await client.head(key: bucket.format2Prefix + "index.json")
        #expect(index.header("cache-control") == "public, max-age=60, no-transform")
    }

    @Test(arguments: S3Implementation.allCases)
    func anUnchangedRepublishWritesNothing(_ implementation: S3Implementation) async throws {
        let bucket = try await Format2Bucket.make(implementation)
        try await bucket.publish(.day(0))
        let before = try await bucket.remote(under: bucket.format2Prefix)

        let again = try await FormatTwoUpload(settings: bucket.settings(), log: LineCapture().sink).run()

        #expect(again.puts == 0)
        #expect(again.deletes == 0)
        #expect(again.plan.puts.isEmpty)
        #expect(try await bucket.remote(under: bucket.format2Prefix) == before)
    }

    @Test(arguments: S3Implementation.allCases)
    func aReaderKeepsItsBuildWithinKeepAndLosesItAfter(_ implementation: S3Implementation) async throws {
        let bucket = try await Format2Bucket.make(implementation)
        let day0 = Format2Fixture.day(0)
        try await bucket.publish(day0)
        let held = try await bucket.liveIndex()  // a reader holds the first index
        let heldBytes = try await bucket.objects(of: held)
        #expect(heldBytes.count == held.objectPaths.count)

        // The next day, one cell changes: the reader still reads every object of its index, byte for byte.
        try await bucket.publish(.day(1, changed: ["PT-2-0": 1.61]))
        #expect(try await bucket.objects(of: held) == heldBytes)

        // Two days and one hour after the first build, it is neither within --keep, nor live, nor the build just
        // replaced: its changed tile, the leaf that named it (R15) and its trend are pruned, its unchanged tiles live on
        // in the newer builds.
        let third = Format2Fixture(
            builtAt: day0.builtAt.addingTimeInterval(49 * Self.hour),
            prices: Format2Fixture.day(1, changed: ["PT-2-0": 1.61]).prices.merging(["PT-4-1": 1.44]) { $1 })
        let summary = try await bucket.publish(third, keepHours: 48)
        let after = try await bucket.objects(of: held)
        let pruned = Set(held.objectPaths).subtracting(after.keys)
        #expect(pruned.count == 3, "only the tile, its leaf and the trend no kept build names: \(pruned.sorted())")
        #expect(
            pruned.map { PublishedPath($0, formatTwo: true).kind }.sorted { "\($0)" < "\($1)" } == [
                .other, .tile, .trend,
            ])
        #expect(pruned.contains { $0.hasPrefix("\(Format2.leavesFolder)/") }, "\(pruned.sorted())")
        #expect(summary.deletes == 3)
        let remote = try await bucket.remote(under: bucket.format2Prefix)
        #expect(remote["builds/20261201T050000Z.json"] != nil, "the archive is history, one of the newest 7")
    }

    @Test(arguments: S3Implementation.allCases)
    func rollbackRestoresThePreviousIndexAndRefusesAnIncompleteBuild(_ implementation: S3Implementation)
        async throws
    {
        let bucket = try await Format2Bucket.make(implementation)
        try await bucket.publish(.day(0))
        let first = try await bucket.liveIndex()
        let firstAnswer = Format2ReaderTests.prices(try await Format2ReaderTests.freshAnswer(bucket))
        try await bucket.publish(.day(1, changed: ["PT-2-0": 1.61]))
        let secondAnswer = Format2ReaderTests.prices(try await Format2ReaderTests.freshAnswer(bucket))
        #expect(secondAnswer != firstAnswer)
        let history = Format2History(settings: try bucket.settings(), log: LineCapture().sink)
        let listed = try await history.builds()
        #expect(listed.map(\.name) == ["20261201T050000Z", "20261202T050000Z"])
        #expect(listed.map(\.live) == [false, true])
        #expect(listed.allSatisfy { $0.missing == 0 && $0.totalStations == 10 })

        let rollback = try await history.rollback(to: Format2Fixture.day(0).builtAt)

        #expect(rollback.restored.name == "20261201T050000Z")
        #expect(rollback.replaced == "20261202T050000Z")
        #expect(rollback.formatOne == nil, "layout v2 leaves format 1 alone")
        let live = try await bucket.liveIndex()
        #expect(live == first)
        // A phone's lookup answers the first day's prices again.
        #expect(Format2ReaderTests.prices(try await Format2ReaderTests.freshAnswer(bucket)) == firstAnswer)
        let client = try bucket.client()
        let archived = try await client.get(key: bucket.format2Prefix + "builds/20261201T050000Z.json")
        #expect(try await client.get(key: bucket.format2Prefix + "index.json").body == archived.body)
        // The restored index names the first day's tile, with its price.
        let key = Format2Fixture.cell(of: "PT-2-0")
        let tile = try await client.get(key: bucket.format2Prefix + (live.tilePath(key) ?? ""))
        let stations = try JSONDecoder().decode(Tile.self, from: Data(Gzip.decompress(tile.body))).stations
        #expect(stations.first { $0.id == "PT-2-0" }?.prices.first?.price == 1.50)

        // A build one of whose objects is gone is refused, and the index stays.
        let gone = try #require(first.tilePath(key))
        #expect(try await client.delete(key: bucket.format2Prefix + gone).isSuccess)
        _ = try await history.rollback(to: Format2Fixture.day(1).builtAt)  // back to day 1: complete, allowed
        let before = try await bucket.remote(under: bucket.format2Prefix)["index.json"]
        let error = await #expect(throws: UploadError.self) {
            try await history.rollback(to: Format2Fixture.day(0).builtAt)
        }
        #expect(String(describing: error).contains(gone), "\(String(describing: error))")
        #expect(try await bucket.remote(under: bucket.format2Prefix)["index.json"] == before)
        #expect(try await history.builds().first?.missing == 1)
        await #expect(throws: UploadError.self) {
            try await history.rollback(to: Format2Fixture.day(5).builtAt)  // never archived
        }
    }

    /// A build one of whose objects a reader would refuse (altered under its name) is not rolled back to: the
    /// rollback reads every object back first.
    @Test func rollbackRefusesABuildWithAnObjectAReaderWouldRefuse() async throws {
        let bucket = try await Format2Bucket.make(.moto)
        try await bucket.publish(.day(0))
        let first = try await bucket.liveIndex()
        try await bucket.publish(.day(1, changed: ["PT-2-0": 1.61]))
        let altered = try #require(first.tilePath(Format2Fixture.cell(of: "PT-2-0")))
        let client = try bucket.client()
        let bytes = Gzip.compress(Array(#"{"version":1,"key":"x","stations":[]}"#.utf8))
        #expect(
            try await client.put(
                key: bucket.format2Prefix + altered, bytes: bytes, headers: [.init("Content-Encoding", "gzip")]
            ).isSuccess)
        let before = try await bucket.remote(under: bucket.format2Prefix)["index.json"]

        let history = Format2History(settings: try bucket.settings(), log: LineCapture().sink)
        let error = await #expect(throws: UploadError.self) {
            try await history.rollback(to: Format2Fixture.day(0).builtAt)
        }
        let text = String(describing: error)
        #expect(text.contains("a reader would refuse") && text.contains(altered), "\(text)")
        #expect(try await bucket.remote(under: bucket.format2Prefix)["index.json"] == before)
    }

    @Test(arguments: S3Implementation.allCases)
    func layoutBothPublishesTheSameFormatOneBesideFormatTwo(_ implementation: S3Implementation) async throws {
        let both = try await Format2Bucket.make(implementation)
        let alone = try await Format2Bucket.make(implementation)
        let fixture = Format2Fixture.day(0)
        try fixture.build(into: both.out, layout: .both)
        try fixture.build(into: alone.out, layout: .v1)

        _ = try await FormatOneUpload(settings: both.settings(layout: .both), log: LineCapture().sink).run()
        _ = try await FormatTwoUpload(settings: both.settings(layout: .both), log: LineCapture().sink).run()
        _ = try await FormatOneUpload(settings: alone.settings(layout: .v1), log: LineCapture().sink).run()

        let formatOne = try await both.remote(under: both.prefix).filter { !$0.key.hasPrefix("v2/") }
        let formatOneAlone = try await alone.remote(under: alone.prefix)
        #expect(formatOne == formatOneAlone, "the same keys with the same ETags")
        for path in formatOne.keys.sorted() {
            let left = try await both.client().get(key: both.prefix + path).body
            let right = try await alone.client().get(key: alone.prefix + path).body
            #expect(left == right, "\(path)")
        }
        let index = try await both.liveIndex()
        #expect(try await both.objects(of: index).count == index.objectPaths.count)
        #expect(!formatOneAlone.keys.contains { $0.hasPrefix("v2/") })
    }

    @Test(arguments: S3Implementation.allCases)
    func anOlderBuildIsRefusedAndNothingIsWritten(_ implementation: S3Implementation) async throws {
        let bucket = try await Format2Bucket.make(implementation)
        try await bucket.publish(.day(1))
        let before = try await bucket.remote(under: bucket.format2Prefix)
        let older = RepositoryPaths.temporaryDirectory("older-out")
        try Format2Fixture.day(0).build(into: older, layout: .v2)

        let error = await #expect(throws: UploadError.self) {
            try await FormatTwoUpload(settings: bucket.settings(from: older), log: LineCapture().sink).run()
        }
        #expect(String(describing: error).contains("rollback"))
        #expect(try await bucket.remote(under: bucket.format2Prefix) == before)
    }
}

/// Format 2 never prunes after an error: the proxy in front of moto fails the index PUT of a publish that would
/// prune, and every object stays.
@Suite(.tags(.server), .serverLogsOnFailure) struct Format2FailureTests {
    @Test func aFailedIndexWriteLeavesTheIndexAndPrunesNothing() async throws {
        let bucket = try await Format2Bucket.make(.moto)
        let day0 = Format2Fixture.day(0)
        try await bucket.publish(day0)
        try await bucket.publish(.day(1, changed: ["PT-2-0": 1.61]))
        let before = try await bucket.remote(under: bucket.format2Prefix)

        // Two days later, a publish that would prune the first build's changed tile; its index PUT fails.
        let later = Format2Fixture(
            builtAt: day0.builtAt.addingTimeInterval(49 * 3600),
            prices: Format2Fixture.day(1, changed: ["PT-2-0": 1.61, "PT-4-1": 1.44]).prices)
        try later.build(into: bucket.out, layout: .v2)
        let faulty = try S3Proxy(S3TestServer.shared(), faults: ["--fail-key", bucket.format2Prefix + "index.json"])
        var settings = try bucket.settings(keepHours: 48, now: later.builtAt)
        settings.endpoint = try S3Endpoint(parsing: faulty.endpoint, source: "the faulty proxy")
        // Retried quickly rather than not at all: moto, shared by the tests running at once, sometimes answers 500 to a
        // LIST or GET (a race inside it), while the injected failure answers every attempt.
        settings.retry = RetryPolicy(maxAttempts: 3, baseDelay: 0.02, maxDelay: 0.1)
        let error = await #expect(throws: UploadError.self) {
            try await FormatTwoUpload(settings: settings, log: LineCapture().sink).run()
        }
        #expect(String(describing: error).contains("the index in the bucket was not changed and nothing was deleted"))

        let after = try await bucket.remote(under: bucket.format2Prefix)
        #expect(after["index.json"] == before["index.json"])
        for (path, etag) in before { #expect(after[path] == etag, "\(path) is still there, unchanged") }
        #expect(try faulty.entries().filter(\.isDelete).isEmpty, "not one DELETE was sent")
    }
}

extension Format2FailureTests {
    /// An unreadable live index, published over with --allow-shrink: the build readers may hold is unknown, so the
    /// run prunes nothing, even what --keep would let go.
    @Test func anUnreadableLiveIndexIsReplacedButNothingIsPruned() async throws {
        let bucket = try await Format2Bucket.make(.seaweedfs)
        let day0 = Format2Fixture.day(0)
        try await bucket.publish(day0)
        try await bucket.publish(.day(1, changed: ["PT-2-0": 1.61]))
        let json: [SigV4Signer.Field] = [.init("Content-Type", "application/json")]
        let garbage = try await bucket.client().put(
            key: bucket.format2Prefix + "index.json", bytes: Array("not an index".utf8), headers: json)
        #expect(garbage.isSuccess)
        let before = try await bucket.remote(under: bucket.format2Prefix)

        let later = Format2Fixture(
            builtAt: day0.builtAt.addingTimeInterval(49 * 3600),
            prices: Format2Fixture.day(1, changed: ["PT-2-0": 1.61, "PT-4-1": 1.44]).prices)
        try later.build(into: bucket.out, layout: .v2)
        let refused = await #expect(throws: UploadError.self) {
            try await FormatTwoUpload(
                settings: bucket.settings(keepHours: 48, now: later.builtAt), log: LineCapture().sink
            ).run()
        }
        #expect(String(describing: refused).contains("nothing is then pruned"), "\(String(describing: refused))")
        let log = LineCapture()
        let summary = try await FormatTwoUpload(
            settings: bucket.settings(keepHours: 48, now: later.builtAt, allowShrink: true), log: log.sink
        ).run()
        #expect(summary.deletes == 0)
        #expect(log.events.contains(.warning(.pruneSkipped)), "\(log.all)")
        #expect(try await bucket.liveIndex().builtAt == later.builtAt)
        let after = try await bucket.remote(under: bucket.format2Prefix)
        for path in before.keys where path != "index.json" { #expect(after[path] != nil, "\(path) is still there") }
    }
}
