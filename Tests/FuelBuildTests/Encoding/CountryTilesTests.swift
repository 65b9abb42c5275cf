import Foundation
import FuelFeeds
import FuelFormat
import FuelPublishing
import Testing
import _FuelTestSupport

@testable import FuelBuild

/// ``CountryTiles`` and ``TileEncoder/joinTile(key:cells:into:)``: a tile joined from countries encoded apart is the
/// tile encoded from all its stations at once, whatever the order of their ids.
@Suite struct CountryTilesTests {
    static let time = Date(timeIntervalSince1970: 1_758_989_147)

    /// Stations of several countries that all fall in one cell, and what makes the case.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var countries: [(code: String, ids: [String])]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "ids prefixed by their country follow country by country",
            countries: [
                ("ES", ["ES-9", "ES-10", "ES-1"]), ("PT", ["PT-2", "PT-1"]),
            ]),
        Case(
            name: "ids that interleave across countries are merged by id",
            countries: [
                ("ES", ["b", "d", "f"]), ("PT", ["a", "c", "e", "g"]),
            ]),
        Case(name: "one country alone", countries: [("FR", ["FR-3", "FR-1", "FR-2"])]),
        Case(
            name: "ids compared as UTF-8 bytes, not as Unicode text",
            countries: [
                ("ES", ["ES-é", "ES-z"]), ("IT", ["ES-e\u{301}", "ES-Z"]),
            ]),
    ]

    static func station(_ id: String, _ country: String, _ position: Int) -> Station {
        Station(
            id: id, country: country, name: "Station \(id)", latitude: 38.71 + Double(position) * 0.001,
            longitude: -9.14, prices: [FuelPrice(fuel: .diesel, price: 1.5 + Double(position) / 100, updated: time)])
    }

    @Test(arguments: cases) func aJoinedTileIsTheTileOfAllItsStations(_ testCase: Case) throws {
        var all: [Station] = []
        var encoded: [CountryTiles] = []
        for (code, ids) in testCase.countries {
            let stations = ids.map { Self.station($0, code, all.count + ids.firstIndex(of: $0)!) }
            all += stations
            encoded.append(
                CountryTiles(
                    CountryDataset(
                        config: .testing(country: code, boxes: []), stations: stations, referenceTime: Self.time)))
        }
        let key = TileKey(row: 77, column: -19)
        let cells = try encoded.map { try #require($0.cells[key]) }
        #expect(encoded.allSatisfy { $0.cells.count == 1 })
        var writer = JSONWriter()
        writer.string("left over from the previous tile")
        TileEncoder.joinTile(key: key.description, cells: cells, into: &writer)
        let expected = TileEncoder.encode(
            Tile(key: key, stations: all.sorted { DatasetAssembler.idPrecedes($0.id, $1.id) }))
        #expect(String(decoding: writer.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        // Each country's size is its station objects without the commas between them.
        for (country, stations) in zip(encoded, testCase.countries) {
            let own = all.filter { $0.country == stations.code }
            #expect(country.stationBytes == own.reduce(0) { $0 + TileEncoder.encode($1).count })
            #expect(country.stationCount == own.count)
        }
    }

    @Test func stationsFallInTheirCellsAndBrandsAreCounted() throws {
        let stations = [
            Station(id: "PT-1", country: "PT", brand: "Galp", latitude: 38.71, longitude: -9.13),
            Station(id: "PT-2", country: "PT", brand: "Galp", latitude: 41.15, longitude: -8.61),
            Station(id: "PT-3", country: "PT", latitude: 41.16, longitude: -8.62),
        ]
        let tiles = CountryTiles(
            CountryDataset(config: .testing(country: "PT", boxes: []), stations: stations, referenceTime: Self.time))
        #expect(tiles.cells.keys.sorted().map(\.description) == ["77_-19", "82_-18"])
        let porto = try #require(tiles.cells[TileKey(row: 82, column: -18)])
        #expect(porto.ids == ["PT-2", "PT-3"])
        #expect(
            String(decoding: porto.station(1), as: UTF8.self)
                == String(decoding: TileEncoder.encode(stations[2]), as: UTF8.self))
        #expect(tiles.brandCounts == ["Galp": 2, nil: 1])
    }
}
