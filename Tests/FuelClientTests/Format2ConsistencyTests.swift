import Foundation
import FuelClient
import FuelFormat
import FuelPublishing
import Testing
import _FuelTestSupport

/// Format 2's promise to a reader: one lookup, one build. A 404 for a tile the index names means the index is
/// outdated, never an empty cell: the lookup reads the index again, once, and fails; the next lookup reads the new
/// build. A reader of this release reads the index through `root.json` (R15), which is what these tests count.
@Suite(.tags(.server), .serverLogsOnFailure) struct Format2ConsistencyTests {
    /// Build B: every price 0.1 higher than build A's, so that every tile has a new hash, an hour later.
    static let buildB = Format2Build(
        stations: Format2Build.dearer(), builtAt: TileFixtures.builtAt.addingTimeInterval(3600))

    /// The answer a client gives from a folder holding one build alone.
    static func answer(of build: Format2Build) async throws -> NearbyResult {
        let out = RepositoryPaths.temporaryDirectory("client-reference")
        defer { try? FileManager.default.removeItem(at: out) }
        try build.write(to: out)
        let client = TileClient(base: out, policy: .unhurried, format: .v2)
        return try await client.stationsAround(
            latitude: TileFixtures.corner.latitude, longitude: TileFixtures.corner.longitude, radiusKm: 10)
    }

    /// Each station's id and prices, in answer order: what tells build A's answer from build B's, short enough to
    /// read in a failure.
    static func prices(_ result: NearbyResult) -> [String] {
        result.stations.map { nearby in
            ([nearby.station.id] + nearby.station.prices.map { "\($0.fuel.rawValue) \($0.price)" }).joined(
                separator: " ")
        }
    }

    @Test func aPrunedTileFailsTheLookupAndTheNextOneReadsTheNewBuild() async throws {
        let fixture = try LookupFixture(layout: .v2)
        let buildA = try #require(fixture.snapshot)
        let client = fixture.client(layout: .v2)
        // The reader holds A's index (no tile yet); B is published and A's tiles are pruned.
        _ = try await client.loadIndex()
        try Self.buildB.write(to: fixture.out)
        try buildA.prune(TileFixtures.cornerTiles, from: fixture.out)

        let error = await #expect(throws: NearbyError.self) { try await fixture.cornerLookup(client) }
        #expect(error?.code == .tilesUnavailable)
        #expect(error?.failedTiles.map(\.key.description).sorted() == TileFixtures.cornerTiles.sorted())
        #expect(
            error?.failedTiles.first?.reason.hasSuffix(
                "a new lookup reads the build of \(UTCTime.format(Self.buildB.builtAt))") == true,
            "\(String(describing: error))")

        // Within the index's 60 s of trust, the next lookup reads B's index, read again above, and B's tiles.
        let result = try await fixture.cornerLookup(client)
        let expected = try await Self.answer(of: Self.buildB)
        #expect(Self.prices(result) == Self.prices(expected))
        #expect(result.stations == expected.stations)
        #expect(result.indexBuiltAt == Self.buildB.builtAt)
        #expect(result.tiles.values.allSatisfy { $0 == .ok })
        #expect(result.missingTiles.isEmpty)
        // The index twice (the second time within its trust), each of A's tiles once (404), B's once.
        let requests = try await fixture.server.requests()
        #expect(requests[Format2Build.rootServerPath] == ["200": 2])
        for key in TileFixtures.cornerTiles {
            #expect(requests[buildA.serverPath(key)] == ["404": 1], "\(key)")
            #expect(requests[Self.buildB.serverPath(key)] == ["200": 1], "\(key)")
        }
    }

    struct StillMissing: Sendable, CustomTestStringConvertible {
        let name: String
        let status: Int
        /// Whether the client read the cell's earlier version before (from a build before the index it holds).
        let olderVersionCached: Bool
        var testDescription: String { name }
    }

    static let stillMissing = [
        StillMissing(name: "404, nothing cached", status: 404, olderVersionCached: false),
        StillMissing(name: "410, nothing cached", status: 410, olderVersionCached: false),
        StillMissing(name: "404, the cell's older version cached", status: 404, olderVersionCached: true),
    ]

    @Test(arguments: stillMissing)
    func aMissingTileFailsTheLookupAfterTheIndexIsReadAgain(_ missing: StillMissing) async throws {
        let fixture = try LookupFixture(layout: .v2)
        let client = fixture.client(layout: .v2)
        var current = try #require(fixture.snapshot)
        if missing.olderVersionCached {
            _ = try await fixture.cornerLookup(client)
            try Self.buildB.write(to: fixture.out)
            current = Self.buildB
            fixture.clock.advance(by: 61)
        }
        let key = "76_-18"
        try await fixture.server.setStatus(missing.status, for: current.serverPath(key))

        let error = await #expect(throws: NearbyError.self) { try await fixture.cornerLookup(client) }
        #expect(error?.code == .tilesUnavailable)
        #expect(error?.failedTiles.map(\.key.description) == [key])
        #expect(error?.failedTiles.first?.url.hasSuffix(current.serverPath(key)) == true)
        #expect(
            error?.failedTiles.first?.reason
                == "HTTP \(missing.status): the index this lookup read (built \(UTCTime.format(current.builtAt))) "
                + "names this tile but the server no longer has it, so a newer build replaced that index; the index "
                + "was read again and still names it")
        // The tile once, the index once more than before; a second lookup fails the same way (never empty).
        #expect(try await fixture.server.count(current.serverPath(key), status: missing.status) == 1)
        #expect(try await fixture.server.count(Format2Build.rootServerPath) == (missing.olderVersionCached ? 3 : 2))
        let again = await #expect(throws: NearbyError.self) { try await fixture.cornerLookup(client) }
        #expect(again?.code == .tilesUnavailable)
    }

    struct Interleaving: Sendable, CustomTestStringConvertible {
        let name: String
        /// Build A's cells whose tiles the publisher deletes in its step.
        let prunedFromA: [String]
        /// The build the whole answer must come from.
        let answersFromB: Bool
        var testDescription: String { name }
    }

    static let interleavings = [
        Interleaving(name: "A's tiles still there: all of A", prunedFromA: [], answersFromB: false),
        Interleaving(
            name: "two of A's tiles pruned: a failure, then all of B", prunedFromA: ["76_-18", "77_-19"],
            answersFromB: true),
    ]

    /// A reader and a publisher, step by step: the reader gets A's index; then the publisher writes B's tiles and
    /// index (and may prune A's); then the reader fetches its tiles.
    @Test(arguments: interleavings)
    func aLookupNeverCombinesTilesOfTwoBuilds(_ interleaving: Interleaving) async throws {
        let fixture = try LookupFixture(layout: .v2)
        let buildA = try #require(fixture.snapshot)
        let out = fixture.out
        let transport = RecordingTransport {
            try Self.buildB.write(to: out)
            try buildA.prune(interleaving.prunedFromA, from: out)
        }
        let client = fixture.client(transport: transport, layout: .v2)
        if interleaving.answersFromB {
            // A's index names tiles that are gone: the lookup fails rather than answer with some of A's cells.
            let error = await #expect(throws: NearbyError.self) { try await fixture.cornerLookup(client) }
            #expect(error?.failedTiles.map(\.key.description).sorted() == interleaving.prunedFromA.sorted())
        }
        let result = try await fixture.cornerLookup(client)

        let answerA = try await Self.answer(of: buildA)
        let answerB = try await Self.answer(of: Self.buildB)
        #expect(Self.prices(answerA) != Self.prices(answerB))
        let expected = interleaving.answersFromB ? answerB : answerA
        #expect(Self.prices(result) == Self.prices(expected))
        #expect(result.stations == expected.stations)
        #expect(result.indexBuiltAt == expected.indexBuiltAt)
        #expect(result.tiles == expected.tiles)

        // The tiles of the answer were requested under the names of the build it comes from.
        let answering = interleaving.answersFromB ? Self.buildB : buildA
        let tileRequests = transport.paths.filter { $0 != Format2Build.rootServerPath }
        for key in TileFixtures.cornerTiles { #expect(tileRequests.contains(answering.serverPath(key)), "\(key)") }
        #expect(
            transport.paths.filter { $0 == Format2Build.rootServerPath }.count == (interleaving.answersFromB ? 2 : 1))
    }
}

extension Format2ConsistencyTests {
    /// A missing tile whose index cannot be read again (the server fails): the lookup fails, and says so, rather
    /// than claim the index was read again.
    @Test func aMissingTileWhileTheIndexCannotBeReadAgainSaysSo() async throws {
        let fixture = try LookupFixture(layout: .v2)
        let client = fixture.client(layout: .v2)
        let build = try #require(fixture.snapshot)
        _ = try await client.loadIndex()
        try await fixture.server.setStatus(404, for: build.serverPath("76_-18"))
        try await fixture.server.setStatus(503, for: Format2Build.rootServerPath)

        let error = await #expect(throws: NearbyError.self) { try await fixture.cornerLookup(client) }
        #expect(error?.code == .tilesUnavailable)
        let reason = error?.failedTiles.first?.reason ?? ""
        #expect(reason.contains("the index could not be read again"), "\(reason)")
        #expect(!reason.contains("was read again"), "\(reason)")
    }
}
