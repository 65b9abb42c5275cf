import Foundation
import FuelClient
import FuelFormat
import Testing
import _FuelTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.serverLogsOnFailure) struct NearbyLookupTests {
    @Test(.tags(.server)) func lisbonLookupReturnsStationsInDistanceOrderWithCorrectDistances() async throws {
        let fixture = try LookupFixture()
        let result = try await fixture.cornerLookup(fixture.client())

        // Expected independently: every fixture station within 10 km by the chord formula, nearest first, ties by id.
        let (lat, lon) = TileFixtures.corner
        let expected = TileFixtures.lisbonStations
            .map { ($0.id, chordDistanceKm(lat, lon, $0.latitude, $0.longitude)) }
            .filter { $0.1 <= 10 }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        #expect(expected.count == 10)
        #expect(result.stations.map(\.station.id) == expected.map(\.0))
        #expect(
            result.stations.map(\.station.id) == [
                "PT-1001", "PT-3002", "PT-2003", "PT-4002", "PT-4003", "PT-3001", "PT-2002", "PT-4001", "PT-2001",
                "PT-1002",
            ])
        for (station, (_, distance)) in zip(result.stations, expected) {
            #expect(abs(station.distanceKm - distance) < 1e-6, "\(station.station.id)")
        }
        #expect(result.stations.first.map { abs($0.distanceKm - 3.045) < 0.001 } == true)
        // PT-1003 is in a fetched tile but 17 km away; PT-9001 is in a tile the circle does not touch.
        #expect(!result.stations.contains { $0.station.id == "PT-1003" || $0.station.id == "PT-9001" })
        #expect(result.tiles.keys.map(\.description).sorted() == TileFixtures.cornerTiles.sorted())
        #expect(result.tiles.values.allSatisfy { $0 == .ok })
        #expect(!result.isStale)
        #expect(result.indexBuiltAt == TileFixtures.builtAt)
    }

    struct FilterCase: Sendable, CustomTestStringConvertible {
        let name: String
        let fuel: FuelCode?
        let brand: String?
        var includeBrands: [String] = []
        let limit: Int?
        let expected: [String]
        var testDescription: String { name }
    }

    static let filterCases: [FilterCase] = [
        FilterCase(
            name: "diesel drops the petrol-only station", fuel: .diesel, brand: nil, limit: nil,
            expected: [
                "PT-1001", "PT-3002", "PT-4002", "PT-4003", "PT-3001", "PT-2002", "PT-4001", "PT-2001", "PT-1002",
            ]
        ),
        FilterCase(name: "lpg keeps only Prio Palmela", fuel: .lpg, brand: nil, limit: nil, expected: ["PT-2001"]),
        FilterCase(
            name: "brand galp matches Galp and GALP", fuel: nil, brand: "galp", limit: nil,
            expected: ["PT-1001", "PT-3002", "PT-2002"]),
        FilterCase(
            name: "brand and fuel together", fuel: .gasoline95, brand: "GALP", limit: nil,
            expected: ["PT-1001", "PT-2002"]),
        FilterCase(
            name: "brand with accent, other case", fuel: nil, brand: "intermarché", limit: nil, expected: ["PT-2003"]),
        FilterCase(
            name: "brand and an include list together: both included", fuel: nil, brand: "galp",
            includeBrands: ["Intermarché"], limit: nil, expected: ["PT-1001", "PT-3002", "PT-2003", "PT-2002"]),
        FilterCase(name: "unknown brand finds nothing", fuel: nil, brand: "Shell", limit: nil, expected: []),
        FilterCase(
            name: "limit keeps the nearest", fuel: nil, brand: nil, limit: 3,
            expected: ["PT-1001", "PT-3002", "PT-2003"]),
    ]

    @Test(.tags(.server), arguments: filterCases)
    func filters(_ filterCase: FilterCase) async throws {
        let fixture = try LookupFixture()
        let result = try await fixture.cornerLookup(
            fixture.client(), fuel: filterCase.fuel, brand: filterCase.brand, includeBrands: filterCase.includeBrands,
            limit: filterCase.limit)
        #expect(result.stations.map(\.station.id) == filterCase.expected)
    }

    @Test(.tags(.server)) func indexOnAnotherGridIsRejected() async throws {
        let fixture = try LookupFixture(gridDegrees: 0.25)
        let error = await #expect(throws: NearbyError.self) { try await fixture.cornerLookup(fixture.client()) }
        #expect(error?.code == .incompatibleGrid)
        #expect(error?.message.contains("built on a 0.25° grid but this client reads 0.5° tiles") == true)
        // No tile was requested on the strength of that index.
        #expect(try await fixture.server.requests().keys.sorted() == [LookupFixture.indexPath])
    }

    @Test(.tags(.server)) func indexOfANewerFormatIsRejected() async throws {
        let fixture = try LookupFixture { fuel in
            let index = fuel.appendingPathComponent("index.json")
            let newer = #"{"version":2,"gridDegrees":0.5,"builtAt":"2025-09-27T18:00:00Z","tiles":[],"countries":{}}"#
            try Data(newer.utf8).write(to: index)
            try TileFixtures.gzipInPlace([index])
        }
        let error = await #expect(throws: NearbyError.self) { try await fixture.cornerLookup(fixture.client()) }
        #expect(error?.code == .unsupportedIndexVersion)
        #expect(error?.message.contains("format version 2") == true)
    }

    @Test(.tags(.server)) func missingIndexFailsWithATypedError() async throws {
        let fixture = try LookupFixture { fuel in
            try FileManager.default.removeItem(at: fuel.appendingPathComponent("index.json"))
        }
        let error = await #expect(throws: NearbyError.self) { try await fixture.cornerLookup(fixture.client()) }
        #expect(error?.code == .indexUnavailable)
        #expect(error?.message.contains("/fuel/index.json: HTTP 404") == true, "\(String(describing: error))")
    }

    @Test(.tags(.server)) func localDirectoryBaseGivesTheSameAnswer() async throws {
        let fixture = try LookupFixture()
        let overHTTP = try await fixture.cornerLookup(fixture.client(persistent: false))
        let local = TileClient(base: fixture.out, policy: .unhurried, format: .v1, clock: fixture.clock.closure)
        let fromDisk = try await fixture.cornerLookup(local)
        #expect(fromDisk.stations == overHTTP.stations)
        #expect(fromDisk.tiles == overHTTP.tiles)
    }

    @Test(.tags(.server)) func cellsTheIndexDoesNotListAreNotRequested() async throws {
        // Only the two northern cells have stations; the southern ones are absent from the index.
        let north = TileFixtures.lisbonStations.filter { $0.latitude >= 38.5 }
        let fixture = try LookupFixture(stations: north)
        let result = try await fixture.cornerLookup(fixture.client())
        #expect(result.tiles[TileKey("76_-19")!] == .notListed)
        #expect(result.tiles[TileKey("76_-18")!] == .notListed)
        #expect(result.tiles[TileKey("77_-19")!] == .ok)
        #expect(try await fixture.server.count(LookupFixture.tilePath("76_-19")) == 0)
        #expect(result.stations.map(\.station.id) == ["PT-1001", "PT-2003", "PT-2002", "PT-2001", "PT-1002"])
    }

    @Test(.tags(.server)) func urlSessionDecodesContentEncodingGzip() async throws {
        let fixture = try LookupFixture()
        let response = try await URLSessionTransport().send(
            TileRequest(url: fixture.server.baseURL.appendingPathComponent("fuel/tiles/77_-19.json")))
        #expect(response.status == 200)
        // The file on disk is gzipped; what arrives through URLSession is the JSON itself.
        let onDisk = try Data(contentsOf: fixture.out.appendingPathComponent("fuel/tiles/77_-19.json"))
        #expect(GzipReader.isGzip(onDisk))
        #expect(response.body.first == UInt8(ascii: "{"))
        #expect(response.body == Data(try GzipReader.decompress([UInt8](onDisk))))
    }

    @Test(arguments: [
        (latitude: 91.0, longitude: 0.0, radius: 10.0), (latitude: 0.0, longitude: 181.0, radius: 10.0),
        (latitude: 38.5, longitude: -9.0, radius: 0.0), (latitude: 38.5, longitude: -9.0, radius: .nan),
    ])
    func invalidQueriesAreRefusedBeforeAnyRequest(query: (latitude: Double, longitude: Double, radius: Double))
        async throws
    {
        let client = TileClient(base: URL(string: "http://127.0.0.1:9")!)
        let error = await #expect(throws: NearbyError.self) {
            try await client.stationsAround(
                latitude: query.latitude, longitude: query.longitude, radiusKm: query.radius)
        }
        #expect(error?.code == .invalidQuery, "\(String(describing: error))")
    }
}
