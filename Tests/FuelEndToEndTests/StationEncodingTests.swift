import Foundation
import FuelBuild
import FuelFormat
import FuelPublishing
import Testing
import _FuelTestSupport

/// `Station`'s `Encodable` (what `FuelClient` and `fuel-nearby --json` hand to apps) writes the same fields as the
/// publisher's `TileEncoder` writes into tiles: nulls where the contract has them, nothing where it has none.
@Suite struct StationEncodingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let stations: [Station]
        var testDescription: String { name }
    }

    static let updated = Date(timeIntervalSince1970: 1_758_989_147)

    static let cases = [
        Case(
            name: "the Lisbon fixture, one station without brand, name or address",
            stations: TileFixtures.lisbonStations),
        Case(
            name: "nothing but the required fields",
            stations: [Station(id: "FR-1", country: "FR", latitude: 48.5, longitude: 2.25)]),
        Case(
            name: "every extra, and empty lists and false flags",
            stations: [
                Station(
                    id: "FR-2", country: "FR", latitude: 48.5, longitude: 2.25,
                    prices: [FuelPrice(fuel: .other, price: 0.999, updated: updated, label: "Bio")],
                    unavailable: [.e85], hours: "24/7 automat; Mo-Fr 07:00-19:00",
                    openingHours: "Mo-Fr 07:00-19:00", automatHours: "24/7", services: ["Boutique"], motorway: true,
                    restricted: true),
                Station(
                    id: "FR-3", country: "FR", latitude: 48.5, longitude: 2.25, unavailable: [], services: [],
                    motorway: false, restricted: false),
            ]),
    ]

    @Test(arguments: cases)
    func encodableWritesWhatThePublisherWrites(_ testCase: Case) throws {
        let tile = Tile(key: TileKey(row: 0, column: 0), stations: testCase.stations)
        let published = try JSONSerialization.jsonObject(with: Data(TileEncoder.encode(tile)))
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(tile))
        let publishedStations = try #require((published as? [String: Any])?["stations"] as? [[String: Any]])
        let encodedStations = try #require((encoded as? [String: Any])?["stations"] as? [[String: Any]])
        #expect(publishedStations.count == testCase.stations.count)
        // Both parsed by the same reader and written back with sorted keys: same keys, same values, nulls alike.
        let canonical = { (station: [String: Any]) throws -> String in
            String(decoding: try JSONSerialization.data(withJSONObject: station, options: [.sortedKeys]), as: UTF8.self)
        }
        for (publisher, client) in zip(publishedStations, encodedStations) {
            #expect(try canonical(client) == canonical(publisher))
        }
    }
}
