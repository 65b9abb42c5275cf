import Foundation
import FuelBuild
import FuelClient
import FuelFormat
import FuelPublishing
import Testing
import _FuelTestSupport

/// ``ReadFormat/automatic``: format 2 when the server has `fuel/v2/root.json` or `fuel/v2/index.json` (R15), format 1
/// when both answer 404.
@Suite(.tags(.server), .serverLogsOnFailure) struct AutomaticLayoutTests {
    /// `formatTwoRequests`: The requests of one cold corner lookup, by URL path prefix: `fuel/v2/` or format 1's `fuel/`.
    typealias Served = NamedCase<
        (layout: PublishLayout, formatVersion: Int, formatTwoRequests: Int, formatOneRequests: Int)
    >

    static let served = [
        Served("format 1 alone", (layout: .v1, formatVersion: 1, formatTwoRequests: 2, formatOneRequests: 5)),
        Served("both formats", (layout: .both, formatVersion: 2, formatTwoRequests: 6, formatOneRequests: 0)),
        Served("format 2 alone", (layout: .v2, formatVersion: 2, formatTwoRequests: 6, formatOneRequests: 0)),
    ]

    @Test(arguments: served)
    func readsFormatTwoWhenServedElseFormatOne(_ served: Served) async throws {
        let fixture = try LookupFixture(layout: served.layout)
        let result = try await fixture.cornerLookup(fixture.client(layout: .automatic))
        #expect(result.formatVersion == served.formatVersion)
        #expect(result.stations.map(\.station.id) == Format2LookupTests.cornerIDs)
        #expect(!result.isStale)

        let requests = try await fixture.server.requests()
        let formatTwo = requests.filter { $0.key.hasPrefix("/fuel/v2/") }
        #expect(formatTwo.values.map { $0.values.reduce(0, +) }.reduce(0, +) == served.formatTwoRequests)
        #expect(requests.count - formatTwo.count == served.formatOneRequests, "\(requests)")
        if served.formatVersion == 1 {
            #expect(formatTwo == [Format2Build.rootServerPath: ["404": 1], Format2Build.indexServerPath: ["404": 1]])
        }
    }

    @Test func onFormatOneTheFormatTwoIndexIsAskedForAgainWhenTheIndexIsDue() async throws {
        let fixture = try LookupFixture(layout: .v1)
        let client = fixture.client(layout: .automatic)
        _ = try await fixture.cornerLookup(client)

        // Within format 1's 5 minutes of index trust: no request at all, not even for format 2's index.
        fixture.clock.advance(by: 299)
        try await fixture.server.resetCounts()
        #expect(try await fixture.cornerLookup(client).formatVersion == 1)
        #expect(try await fixture.server.requests().isEmpty)

        // Format 2 is published meanwhile; once format 1's index is due, the client asks for format 2's root and
        // moves: the root, its leaf and four tiles.
        let snapshot = Format2Build(builtAt: TileFixtures.builtAt.addingTimeInterval(3600))
        try snapshot.write(to: fixture.out)
        fixture.clock.advance(by: 2)
        let moved = try await fixture.cornerLookup(client)
        #expect(moved.formatVersion == 2)
        #expect(moved.indexBuiltAt == snapshot.builtAt)
        #expect(moved.stations.map(\.station.id) == Format2LookupTests.cornerIDs)
        let requests = try await fixture.server.requests()
        #expect(requests.keys.allSatisfy { $0.hasPrefix("/fuel/v2/") }, "\(requests)")
        #expect(requests.count == 6)
    }

    @Test func aLaterLaunchOnFormatOneStartsFromTheDiskCacheWithoutARequest() async throws {
        let fixture = try LookupFixture(layout: .v1)
        let first = try await fixture.cornerLookup(fixture.client(layout: .automatic))
        try await fixture.server.resetCounts()
        fixture.clock.advance(by: 60)
        let relaunched = try await fixture.cornerLookup(fixture.client(layout: .automatic))
        #expect(relaunched.stations == first.stations)
        #expect(try await fixture.server.requests().isEmpty)
    }

    @Test func offlineWithOnlyFormatOneCachedAnswersFromFormatOne() async throws {
        let fixture = try LookupFixture(layout: .v1)
        let online = try await fixture.cornerLookup(fixture.client(layout: .automatic))
        fixture.clock.advance(by: 7 * 3600)
        let offline = try await fixture.cornerLookup(
            fixture.client(transport: TileCacheTests.OfflineTransport(), layout: .automatic))
        #expect(offline.formatVersion == 1)
        #expect(offline.stations == online.stations)
        #expect(offline.indexIsStale)
        #expect(offline.staleReasons.map(\.path).last == "index.json")
    }

    @Test func offlineWithNothingCachedNamesTheFormatTwoIndex() async throws {
        let fixture = try LookupFixture(layout: .both)
        let error = await #expect(throws: NearbyError.self) {
            try await fixture.cornerLookup(
                fixture.client(transport: TileCacheTests.OfflineTransport(), layout: .automatic))
        }
        #expect(error?.code == .indexUnavailable)
        #expect(error?.message.contains("/fuel/v2/root.json: no answer") == true, "\(String(describing: error))")
    }

    @Test func aStaleFormatTwoIndexSaysWhichFileIsStale() async throws {
        let fixture = try LookupFixture(layout: .both)
        _ = try await fixture.cornerLookup(fixture.client(layout: .automatic))
        fixture.clock.advance(by: 61)
        try await fixture.server.setStatus(503, for: Format2Build.rootServerPath)
        let result = try await fixture.cornerLookup(fixture.client(layout: .automatic))
        #expect(result.formatVersion == 2)
        #expect(result.staleReasons.map(\.path) == ["v2/root.json"])
        #expect(result.staleReasons.map(\.reason) == ["HTTP 503"])
        #expect(result.stations.map(\.station.id) == Format2LookupTests.cornerIDs)
    }
}
