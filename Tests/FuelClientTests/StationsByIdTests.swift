import Foundation
import FuelBuild
import FuelClient
import FuelFeeds
import FuelFormat
import Testing
import _FuelTestSupport

/// Rule R13 of `docs/format.md`: stations by id, in both formats, from builds made by the publisher's own code. A
/// watch list that stored its cells reads only their tiles and the index; an id without a cell, or no longer in its
/// cell, is found through its id shard; a moved or closed station is said to be so, never dropped.
@Suite struct StationsByIdTests {
    static let grid = Grid.standard
    static let stations = TileFixtures.lisbonStations

    /// The cell a fixture station is in.
    static func cell(_ id: String, in stations: [Station] = stations) -> TileKey? {
        stations.first { $0.id == id }.map { grid.key(latitude: $0.latitude, longitude: $0.longitude) }
    }

    /// Both formats of one build, as `fuel-publish build` writes them, in a new folder.
    static func publish(_ stations: [Station]) throws -> URL {
        let dataset = CountryDataset(
            config: .testing(country: "PT", boxes: []), stations: stations, referenceTime: TileFixtures.builtAt)
        let assembly = DatasetAssembler.assemble([dataset], grid: grid, builtAt: TileFixtures.builtAt)
        let out = RepositoryPaths.temporaryDirectory("stations-by-id")
        let fuel = out.appendingPathComponent("fuel", isDirectory: true)
        for file in assembly.files + Format2Assembler.files(for: assembly, previous: nil) {
            let url = fuel.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.gzipped).write(to: url)
        }
        return out
    }

    /// The fixture stations with one moved to Porto's cell and one closed.
    static let later: [Station] = stations.compactMap { station in
        if station.id == "PT-1002" { return nil }
        guard station.id == "PT-1001" else { return station }
        var moved = station
        moved.latitude = 41.16
        moved.longitude = -8.62
        return moved
    }

    typealias Watch = NamedCase<(references: [StationReference], statuses: [String], readsShards: Bool)>

    static let watches: [Watch] = [
        Watch(
            "ids with their cells: found, and only their tiles read",
            (
                ["PT-2001", "PT-9001", "PT-3001"].map { StationReference(id: $0, cell: cell($0)) },
                ["found", "found", "found"], false
            )),
        Watch(
            "no cell given: the id table says where",
            (["PT-2002", "PT-4001"].map { StationReference(id: $0) }, ["found", "found"], true)),
        Watch(
            "moved: found in the cell the table names",
            ([StationReference(id: "PT-1001", cell: cell("PT-1001"))], ["moved"], true)),
        Watch(
            "closed, with its old cell and without one",
            (
                [StationReference(id: "PT-1002", cell: cell("PT-1002")), StationReference(id: "PT-1002")],
                ["closed"], true
            )),
        Watch(
            "a mix, in the order asked",
            (
                [
                    StationReference(id: "PT-3002", cell: cell("PT-3002")), StationReference(id: "XX-0"),
                    StationReference(id: "PT-1001", cell: cell("PT-1001")), StationReference(id: "PT-9001"),
                ], ["found", "closed", "moved", "found"], true
            )),
    ]

    @Test(arguments: watches, [ReadFormat.v1, .v2])
    func aWatchListIsAnswered(_ watch: Watch, format: ReadFormat) async throws {
        let out = try Self.publish(Self.later)
        let transport = CountingTransport()
        let client = TileClient(base: out, transport: transport, policy: .unhurried, format: format)
        let result = try await client.stations(ids: watch.references)
        let ids = try #require(result.ids)
        #expect(ids.map(\.status.rawValue) == watch.statuses)
        #expect(result.stations.map(\.station.id) == ids.filter { $0.cell != nil }.map(\.id))
        for entry in ids where entry.cell != nil {
            #expect(entry.cell == Self.cell(entry.id, in: Self.later), "\(entry.id)")
        }
        // Format 2 lists only the shards that hold ids, so a closed id's shard may not need reading at all.
        let readShards = transport.paths.contains { $0.contains("/ids/") }
        #expect(watch.readsShards ? readShards || format == .v2 : !readShards, "\(transport.paths)")
        #expect(result.formatVersion == (format == .v2 ? 2 : 1))
        #expect(!result.isPartial && !result.isStale)
    }

    @Test(arguments: [ReadFormat.v1, .v2])
    func aColdWatchListOfTenReadsTheIndexAndTheirTilesOnly(format: ReadFormat) async throws {
        let out = try Self.publish(Self.stations)
        let transport = CountingTransport()
        let client = TileClient(base: out, transport: transport, policy: .unhurried, format: format)
        let watched = Array(Self.stations.prefix(10))
        let result = try await client.stations(ids: watched.map { StationReference(id: $0.id, cell: Self.cell($0.id)) })
        #expect(result.ids?.allSatisfy { $0.status == .found } == true)
        let cells = Set(watched.compactMap { Self.cell($0.id) })
        // Format 2 reads its root (or, before roots, the root's 404 and the index) and the root's leaves (R15).
        let indexes = transport.paths.filter { $0.hasSuffix("/index.json") || $0.hasSuffix("/root.json") }
        let leaves = transport.paths.filter { $0.contains("/leaves/") }
        #expect(indexes.count == (format == .v2 ? 2 - leaves.count.signum() : 1), "\(transport.paths)")
        #expect(transport.paths.count == indexes.count + leaves.count + cells.count, "\(transport.paths)")
        #expect(transport.paths.filter { $0.contains("/tiles/") }.count == cells.count)
    }

    @Test(arguments: [ReadFormat.v1, .v2])
    func aFuelGivesTheDisplayedPriceAndKeepsStationsWithoutIt(format: ReadFormat) async throws {
        let out = try Self.publish(Self.stations)
        let client = TileClient(base: out, policy: .unhurried, format: format)
        let result = try await client.stations(
            ids: [StationReference(id: "PT-4001"), StationReference(id: "PT-2003")], fuel: .diesel)
        #expect(result.stations.map(\.station.id) == ["PT-4001", "PT-2003"])
        // R4: the self-service price is shown.
        #expect(result.stations[0].displayed?.price.price == 1.619)
        #expect(result.stations[1].displayed == nil)
    }

    @Test func anIndexWithoutAnIdTableAnswersUnknownForWhatItCannotPlace() async throws {
        let out = RepositoryPaths.temporaryDirectory("stations-by-id-old")
        try TileFixtures.write(Self.stations, to: out)
        let client = TileClient(base: out, policy: .unhurried, format: .v1)
        let result = try await client.stations(ids: [
            StationReference(id: "PT-2001", cell: Self.cell("PT-2001")), StationReference(id: "PT-9001"),
        ])
        #expect(result.ids?.map(\.status) == [.found, .unknown])
        #expect(result.stations.map(\.station.id) == ["PT-2001"])
    }

    typealias Refused = NamedCase<[StationReference]>

    static let refused: [Refused] = [
        Refused("no ids", []),
        Refused("an empty id", [StationReference(id: "")]),
        Refused("too many ids", (0...TileClient.maxIds).map { StationReference(id: "PT-\($0)") }),
    ]

    @Test(arguments: refused)
    func aBadWatchListIsRefused(_ references: Refused) async throws {
        let out = try Self.publish(Self.stations)
        let transport = CountingTransport()
        let client = TileClient(base: out, transport: transport, policy: .unhurried)
        let error = await #expect(throws: NearbyError.self) { try await client.stations(ids: references.fields) }
        #expect(error?.code == .invalidQuery)
        #expect(transport.paths.isEmpty)
    }

    typealias Parsed = NamedCase<(text: String, id: String?, cell: String?)>

    static let parsed: [Parsed] = [
        Parsed("an id alone", ("PT-1", "PT-1", nil)),
        Parsed("an id and its cell", ("PT-1@77_-19", "PT-1", "77_-19")),
        Parsed("an id with an @ of its own", ("a@b@77_-19", "a@b", "77_-19")),
        Parsed("a bad cell", ("PT-1@north", nil, nil)),
        Parsed("an empty id", ("@77_-19", nil, nil)),
        Parsed("nothing", ("", nil, nil)),
    ]

    @Test(arguments: parsed)
    func aReferenceIsRead(_ case_: Parsed) {
        let reference = StationReference(parsing: case_.text)
        #expect(reference?.id == case_.id)
        #expect(reference?.cell?.description == case_.cell)
    }

    @Test func theBuildWritesEveryStationInItsShardInBothFormats() throws {
        let out = try Self.publish(Self.stations)
        let fuel = out.appendingPathComponent("fuel", isDirectory: true)
        let index = try JSONDecoder().decode(
            TileIndex.self, from: TileFixtures.gunzip(fuel.appendingPathComponent(TileFormat.indexPath)))
        #expect(index.idShards == IdShard.count)
        let format2 = try JSONDecoder().decode(
            Format2Index.self, from: TileFixtures.gunzip(fuel.appendingPathComponent("v2/index.json")))
        let listed = try #require(format2.ids)
        var seen: [String: String] = [:]
        for (shard, path) in listed {
            let one = try JSONDecoder().decode(
                IdShard.self, from: TileFixtures.gunzip(fuel.appendingPathComponent(IdShard.path(shard))))
            let two = try JSONDecoder().decode(
                IdShard.self, from: TileFixtures.gunzip(fuel.appendingPathComponent("v2/" + path)))
            #expect(one == two && one.shard == shard && !one.stations.isEmpty)
            seen.merge(one.stations) { first, _ in first }
        }
        #expect(seen == Dictionary(uniqueKeysWithValues: Self.stations.map { ($0.id, Self.cell($0.id)!.description) }))
    }
}
