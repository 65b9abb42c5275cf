import Foundation
import FuelClient
import FuelFormat
import Testing
import _FuelTestSupport

@Suite(.tags(.server), .serverLogsOnFailure) struct TileCacheTests {
    static let failingKey = "76_-18"

    @Test func oneFailedTileWithNoCacheFailsTheWholeLookup() async throws {
        let fixture = try LookupFixture(statuses: [LookupFixture.tilePath(Self.failingKey): 500])
        let error = await #expect(throws: NearbyError.self) { try await fixture.cornerLookup(fixture.client()) }
        #expect(error?.code == .tilesUnavailable)
        let failures = error?.failedTiles ?? []
        #expect(failures.map(\.key.description) == [Self.failingKey])
        #expect(failures.first?.reason == "HTTP 500")
        #expect(error?.description.contains("tile 76_-18") == true)
        // The other three tiles were fetched: the failure is not a shortcut around the concurrent fetch.
        for key in TileFixtures.cornerTiles where key != Self.failingKey {
            #expect(try await fixture.server.count(LookupFixture.tilePath(key), status: 200) == 1)
        }
    }

    @Test func aStaleCachedCopyStandsInForAFailedTile() async throws {
        let fixture = try LookupFixture()
        let first = try await fixture.cornerLookup(fixture.client())

        // A later launch, 7 hours on: every tile needs revalidation and one of them fails.
        fixture.clock.advance(by: 7 * 3600)
        try await fixture.server.setStatus(500, for: LookupFixture.tilePath(Self.failingKey))
        let result = try await fixture.cornerLookup(fixture.client())

        #expect(result.isStale)
        #expect(result.staleTiles.map(\.description) == [Self.failingKey])
        #expect(result.staleReasons.map(\.path) == ["tiles/\(Self.failingKey).json"])
        #expect(result.staleReasons.map(\.reason) == ["HTTP 500"])
        #expect(!result.indexIsStale)
        #expect(result.stations == first.stations)
        #expect(try await fixture.server.count(LookupFixture.tilePath(Self.failingKey), status: 500) == 1)
        for key in TileFixtures.cornerTiles where key != Self.failingKey {
            #expect(try await fixture.server.count(LookupFixture.tilePath(key), status: 304) == 1)
        }
    }

    @Test func aFailedIndexRefreshUsesTheCachedIndexAndSaysSo() async throws {
        let fixture = try LookupFixture()
        _ = try await fixture.cornerLookup(fixture.client())
        fixture.clock.advance(by: 600)
        try await fixture.server.setStatus(503, for: LookupFixture.indexPath)
        let result = try await fixture.cornerLookup(fixture.client())
        #expect(result.indexIsStale)
        #expect(result.indexStaleReason == "HTTP 503")
        #expect(result.staleReasons.map(\.path) == ["index.json"])
        #expect(result.isStale)
        #expect(result.stations.count == 10)
    }

    @Test func a404ForAListedCellIsAMissingTileRememberedForFiveMinutes() async throws {
        // The client's index lists the cell, but the cell was pruned since: its file is gone.
        let fixture = try LookupFixture { fuel in
            try FileManager.default.removeItem(at: fuel.appendingPathComponent("tiles/\(Self.failingKey).json"))
        }
        let client = fixture.client()
        let path = LookupFixture.tilePath(Self.failingKey)

        let first = try await fixture.cornerLookup(client)
        #expect(first.tiles[TileKey(Self.failingKey)!] == .missing)
        #expect(!first.isStale)
        #expect(!first.stations.contains { $0.station.id.hasPrefix("PT-4") })
        #expect(first.stations.count == 7)
        #expect(try await fixture.server.count(path) == 1)

        fixture.clock.advance(by: 4 * 60)
        let second = try await fixture.cornerLookup(client)
        #expect(second.tiles[TileKey(Self.failingKey)!] == .missing)
        #expect(try await fixture.server.count(path) == 1)

        // A later launch within the five minutes remembers it too (it is persisted).
        #expect(try await fixture.cornerLookup(fixture.client()).tiles[TileKey(Self.failingKey)!] == .missing)
        #expect(try await fixture.server.count(path) == 1)

        fixture.clock.advance(by: 61)
        _ = try await fixture.cornerLookup(client)
        #expect(try await fixture.server.count(path, status: 404) == 2)
    }

    @Test func a404ForAListedTileNeverDiscardsAGoodCachedCopy() async throws {
        let fixture = try LookupFixture()
        let first = try await fixture.cornerLookup(fixture.client())
        #expect(first.stations.count == 10)
        // Seven hours on, the listed tile answers 404 (pruned while this index was current).
        fixture.clock.advance(by: 7 * 3600)
        try await fixture.server.setStatus(404, for: LookupFixture.tilePath(Self.failingKey))
        let client = fixture.client()
        let result = try await fixture.cornerLookup(client)
        #expect(result.stations == first.stations)
        #expect(result.tiles[TileKey(Self.failingKey)!] == .stale)
        #expect(result.missingTiles.isEmpty)
        #expect(!result.isPartial)
        #expect(result.staleReasons.map(\.reason) == ["HTTP 404 for a tile the index lists; an older copy is shown"])
        // The copy is still there for the next lookup.
        let again = try await fixture.cornerLookup(client)
        #expect(again.stations == first.stations)
    }

    @Test func a404WithoutACopyMakesAPartialAnswerThatNamesTheCell() async throws {
        let fixture = try LookupFixture { fuel in
            try FileManager.default.removeItem(at: fuel.appendingPathComponent("tiles/\(Self.failingKey).json"))
        }
        let result = try await fixture.cornerLookup(fixture.client())
        #expect(result.missingTiles.map(\.description) == [Self.failingKey])
        #expect(result.isPartial)
        #expect(!result.isStale)
        #expect(result.stations.count == 7)

        // The answer says so in its encoded form too, which `fuel-nearby --json` prints.
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as? [String: Any])
        #expect(object["partial"] as? Bool == true)
        #expect(object["missingTiles"] as? [String] == [Self.failingKey])
        #expect(object["stale"] as? Bool == false)
        #expect((object["tiles"] as? [String: String])?[Self.failingKey] == "missing")
    }

    @Test func aCompleteAnswerIsNotPartial() async throws {
        let fixture = try LookupFixture()
        let result = try await fixture.cornerLookup(fixture.client())
        #expect(!result.isPartial)
        #expect(result.missingTiles.isEmpty)
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as? [String: Any])
        #expect(object["partial"] as? Bool == false)
        #expect(object["missingTiles"] as? [String] == [])
    }

    @Test func twoConcurrentLookupsShareOneRequestPerFile() async throws {
        let fixture = try LookupFixture()
        let client = fixture.client(persistent: false)
        async let first = fixture.cornerLookup(client)
        async let second = fixture.cornerLookup(client, fuel: .diesel)
        let (a, b) = try await (first, second)
        #expect(a.stations.count == 10)
        #expect(b.stations.count == 9)
        let requests = try await fixture.server.requests()
        #expect(requests[LookupFixture.indexPath] == ["200": 1])
        for key in TileFixtures.cornerTiles {
            #expect(requests[LookupFixture.tilePath(key)] == ["200": 1], "\(key)")
        }
        #expect(requests.count == 5)
    }

    @Test(arguments: [false, true])
    func afterSixHoursTheClientRevalidatesAndGetsA304(weakETags: Bool) async throws {
        let fixture = try LookupFixture(weakETags: weakETags)
        let client = fixture.client()
        let first = try await fixture.cornerLookup(client)

        // Within six hours: no tile request at all (the index is revalidated after its 5 minutes).
        fixture.clock.advance(by: 6 * 3600 - 60)
        _ = try await fixture.cornerLookup(client)
        for key in TileFixtures.cornerTiles {
            #expect(try await fixture.server.count(LookupFixture.tilePath(key)) == 1)
        }

        fixture.clock.advance(by: 120)
        let later = try await fixture.cornerLookup(client)
        #expect(!later.isStale)
        #expect(later.stations == first.stations)
        for key in TileFixtures.cornerTiles {
            let path = LookupFixture.tilePath(key)
            #expect(try await fixture.server.requests()[path] == ["200": 1, "304": 1], "\(key)")
        }

        // The 304 refreshed the entries: no request in the next hour.
        fixture.clock.advance(by: 3600)
        _ = try await fixture.cornerLookup(client)
        for key in TileFixtures.cornerTiles {
            #expect(try await fixture.server.count(LookupFixture.tilePath(key)) == 2)
        }
    }

    @Test func aLaterLaunchStartsFromTheDiskCache() async throws {
        let fixture = try LookupFixture()
        let first = try await fixture.cornerLookup(fixture.client())
        try await fixture.server.resetCounts()

        fixture.clock.advance(by: 60)
        let relaunched = try await fixture.cornerLookup(fixture.client())
        #expect(relaunched.stations == first.stations)
        #expect(try await fixture.server.requests().isEmpty)
    }

    @Test func aRebuiltIndexMakesTheClientRevalidateItsTilesEarly() async throws {
        let fixture = try LookupFixture()
        let client = fixture.client()
        _ = try await fixture.cornerLookup(client)

        // A new build an hour later changes one price in tile 77_-18.
        var stations = TileFixtures.lisbonStations
        let changed = try #require(stations.firstIndex { $0.id == "PT-2001" })
        stations[changed].prices[0].price = 1.399
        try FileManager.default.removeItem(at: fixture.out.appendingPathComponent("fuel"))
        try TileFixtures.write(stations, to: fixture.out, builtAt: TileFixtures.builtAt.addingTimeInterval(3600))

        fixture.clock.advance(by: 301)
        let result = try await fixture.cornerLookup(client)
        let prio = try #require(result.stations.first { $0.station.id == "PT-2001" })
        #expect(prio.station.price(of: .diesel)?.price == 1.399)
        #expect(try await fixture.server.requests()[LookupFixture.tilePath("77_-18")] == ["200": 2])
        #expect(try await fixture.server.requests()[LookupFixture.tilePath("77_-19")] == ["200": 1, "304": 1])
    }

    /// A transport with no network at all, as on a phone in flight mode.
    struct OfflineTransport: TileTransport {
        func send(_ request: TileRequest) async throws -> TileResponse { throw URLError(.notConnectedToInternet) }
    }

    @Test func offlineAfterTheTrustPeriodServesEverythingStale() async throws {
        let fixture = try LookupFixture()
        let online = try await fixture.cornerLookup(fixture.client())
        fixture.clock.advance(by: 7 * 3600)
        let offline = try await fixture.cornerLookup(fixture.client(transport: OfflineTransport()))
        #expect(offline.stations == online.stations)
        #expect(offline.indexIsStale)
        #expect(offline.staleTiles.map(\.description) == TileFixtures.cornerTiles)
    }

    @Test func offlineWithNothingCachedFailsOnTheIndex() async throws {
        let fixture = try LookupFixture()
        let error = await #expect(throws: NearbyError.self) {
            try await fixture.cornerLookup(fixture.client(transport: OfflineTransport()))
        }
        #expect(error?.code == .indexUnavailable)
        #expect(error?.message.contains("index.json: no answer") == true, "\(String(describing: error))")
        #expect(error?.failedTiles == [])
    }

    @Test(arguments: [false, true])
    func filesDroppedFromMemoryAreReadAgain(persistent: Bool) async throws {
        let fixture = try LookupFixture()
        let client = fixture.client(
            persistent: persistent, policy: TileCachePolicy(filesInMemory: 3, lookupDeadline: 600))
        let first = try await fixture.cornerLookup(client)
        // Index plus four tiles do not fit in three slots: the second lookup must find two tiles again,
        // from the cache directory when there is one, otherwise from the server.
        let second = try await fixture.cornerLookup(client)
        #expect(second.stations == first.stations)
        var requests = 0
        for key in TileFixtures.cornerTiles { requests += try await fixture.server.count(LookupFixture.tilePath(key)) }
        #expect(requests == (persistent ? 4 : 6))
    }
}
