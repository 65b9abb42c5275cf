import Foundation
import FuelClient
import FuelFormat
import FuelPublishing
import Testing
import _FuelTestSupport

/// Format 2 read by ``TileClient``: a set the publisher's code built, served on 127.0.0.1; tiles named by hash are
/// fetched once and never asked for again, and only the root (R15) is refreshed.
@Suite(.tags(.server), .serverLogsOnFailure) struct Format2LookupTests {
    /// The 10 km corner lookup's stations, nearest first (as format 1 answers it: the documents are the same).
    static let cornerIDs = [
        "PT-1001", "PT-3002", "PT-2003", "PT-4002", "PT-4003", "PT-3001", "PT-2002", "PT-4001", "PT-2001", "PT-1002",
    ]

    @Test func aFormatTwoSetAnswersWithItsStationsFromItsHashedTiles() async throws {
        let fixture = try LookupFixture(layout: .v2)
        let snapshot = try #require(fixture.snapshot)
        let result = try await fixture.cornerLookup(fixture.client(layout: .v2))

        #expect(result.stations.map(\.station.id) == Self.cornerIDs)
        #expect(result.formatVersion == 2)
        #expect(result.tiles.keys.map(\.description).sorted() == TileFixtures.cornerTiles.sorted())
        #expect(result.tiles.values.allSatisfy { $0 == .ok })
        #expect(!result.isStale)
        #expect(result.indexBuiltAt == TileFixtures.builtAt)
        // The root, its one leaf and the four tiles the leaf names (R15), nothing of format 1.
        let expected =
            [Format2Build.rootServerPath, snapshot.leafServerPath()]
            + TileFixtures.cornerTiles.map { snapshot.serverPath($0) }
        let requested = try await fixture.server.requests().keys.sorted()
        #expect(requested == expected.sorted(), "\(requested)")
    }

    @Test func aBuildFolderIsReadAsABase() async throws {
        let fixture = try LookupFixture(layout: .v2)
        let overHTTP = try await fixture.cornerLookup(fixture.client(persistent: false, layout: .v2))
        let local = TileClient(base: fixture.out, policy: .unhurried, format: .v2, clock: fixture.clock.closure)
        let fromDisk = try await fixture.cornerLookup(local)
        #expect(fromDisk.stations == overHTTP.stations)
        #expect(fromDisk.tiles == overHTTP.tiles)
        #expect(fromDisk.formatVersion == 2)
    }

    @Test func tilesAreNeverRevalidatedAndAnUnchangedRebuildCostsOnlyTheIndex() async throws {
        let fixture = try LookupFixture(layout: .v2)
        let transport = RecordingTransport()
        let client = fixture.client(transport: transport, layout: .v2)
        let first = try await fixture.cornerLookup(client)
        #expect(transport.requests.count == 6)

        // Within the root's 60 seconds: no request at all.
        fixture.clock.advance(by: 59)
        _ = try await fixture.cornerLookup(client)
        #expect(transport.requests.count == 6)

        // A rebuild an hour later with the same stations: a new root naming the same leaf and files.
        let rebuilt = Format2Build(builtAt: TileFixtures.builtAt.addingTimeInterval(3600))
        try rebuilt.write(to: fixture.out)
        fixture.clock.advance(by: 2)
        let second = try await fixture.cornerLookup(client)
        #expect(transport.paths.dropFirst(6) == [Format2Build.rootServerPath])
        #expect(second.indexBuiltAt == rebuilt.builtAt)
        #expect(second.stations == first.stations)

        // Past format 1's six hours of tile trust, and from a later launch that reads the cache folder: still only
        // the root.
        fixture.clock.advance(by: 7 * 3600)
        let relaunched = fixture.client(transport: transport, layout: .v2)
        let later = try await fixture.cornerLookup(relaunched)
        #expect(transport.paths.dropFirst(7) == [Format2Build.rootServerPath])
        #expect(later.stations == first.stations)
        #expect(!later.isStale)

        // Never a conditional request for a tile or leaf (the root may be revalidated), and each fetched once.
        #expect(transport.conditional.allSatisfy { $0.url.path == Format2Build.rootServerPath })
        for key in TileFixtures.cornerTiles {
            #expect(try await fixture.server.requests()[rebuilt.serverPath(key)] == ["200": 1], "\(key)")
        }
    }

    @Test func aChangedTileReplacesItsOlderVersionInTheCache() async throws {
        let fixture = try LookupFixture(layout: .v2)
        let client = fixture.client(layout: .v2)
        _ = try await fixture.cornerLookup(client)
        let before = try Self.cachedNames(in: fixture.cache, key: "77_-18")
        #expect(before.count == 2, "\(before)")

        let dearer = Format2Build(
            stations: Format2Build.dearer(), builtAt: TileFixtures.builtAt.addingTimeInterval(3600))
        try dearer.write(to: fixture.out)
        fixture.clock.advance(by: 61)
        let result = try await fixture.cornerLookup(client)
        let prio = try #require(result.stations.first { $0.station.id == "PT-2001" })
        #expect(prio.station.price(of: .diesel)?.price == 1.599)

        // One version of the tile on disk, the new one: the cache does not grow with every build.
        let after = try Self.cachedNames(in: fixture.cache, key: "77_-18")
        let hash = try #require(dearer.tilePath("77_-18").split(separator: ".").dropLast().last)
        #expect(after.count == 2, "\(after)")
        #expect(after.allSatisfy { $0.contains(".\(hash).json.") }, "\(after)")
        #expect(before.allSatisfy { !after.contains($0) })
    }

    /// The names of a cell's format-2 entries in a client cache folder.
    static func cachedNames(in cache: URL, key: String) throws -> [String] {
        let files = FileManager.default.enumerator(at: cache, includingPropertiesForKeys: nil)?.allObjects ?? []
        return files.compactMap { ($0 as? URL)?.lastPathComponent }.filter { $0.hasPrefix("v2_tiles_\(key).") }
            .sorted()
    }

    struct RejectedIndex: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let code: NearbyError.Code
        let message: String
        var testDescription: String { name }
    }

    static let rejectedIndexes = [
        RejectedIndex(
            name: "a newer format", json: #"{"version":3,"tiles":{}}"#, code: .unsupportedIndexVersion,
            message: "format version 3; this client reads version 2"),
        RejectedIndex(
            name: "another grid",
            json: #"{"version":2,"gridDegrees":0.25,"builtAt":"2025-09-27T18:00:00Z","previous":null,"tiles":{},"#
                + #""brands":{},"sources":"sources.0123456789abcdef.json","countries":{}}"#,
            code: .incompatibleGrid, message: "built on a 0.25° grid but this client reads 0.5° tiles"),
    ]

    @Test(arguments: rejectedIndexes)
    func anIndexThisClientCannotUseIsRefusedBeforeAnyTile(_ rejected: RejectedIndex) async throws {
        let fixture = try LookupFixture(layout: .v2) { fuel in
            // A publisher before roots: no root.json, so the reader reads the index (R15).
            try FileManager.default.removeItem(at: fuel.appendingPathComponent("v2/root.json"))
            let index = fuel.appendingPathComponent("v2/index.json")
            try Data(rejected.json.utf8).write(to: index)
            try TileFixtures.gzipInPlace([index])
        }
        let error = await #expect(throws: NearbyError.self) {
            try await fixture.cornerLookup(fixture.client(layout: .v2))
        }
        #expect(error?.code == rejected.code)
        #expect(error?.message.contains(rejected.message) == true, "\(String(describing: error))")
        #expect(
            try await fixture.server.requests().keys.sorted()
                == [Format2Build.indexServerPath, Format2Build.rootServerPath])
    }

    @Test func aMissingIndexNamesTheFormatTwoIndex() async throws {
        let fixture = try LookupFixture(layout: .v1)
        let error = await #expect(throws: NearbyError.self) {
            try await fixture.cornerLookup(fixture.client(layout: .v2))
        }
        #expect(error?.code == .indexUnavailable)
        #expect(error?.message.contains("/fuel/v2/index.json: HTTP 404") == true, "\(String(describing: error))")
        // Format 2 alone: the root's 404 sends it to the index (R15); format 1's index, present, is not read.
        #expect(
            try await fixture.server.requests().keys.sorted()
                == [Format2Build.indexServerPath, Format2Build.rootServerPath])
    }
}
