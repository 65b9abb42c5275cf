import Foundation
import FuelCodecs
import FuelFormat
import FuelPublishing
import Testing

@testable import FuelBuild

/// ``PublishedStations`` reads a tile's stations of one country as `Station`'s `Decodable` does, every field
/// included, and refuses a station that is not one as tiles write them.
@Suite struct PublishedStationsTests {
    static let time = Date(timeIntervalSince1970: 1_764_489_600)

    /// Every field a station and a price can carry, and a bare station of another country in the same tile.
    static let tile = Tile(
        key: TileKey(row: 83, column: 3),
        stations: [
            Station(
                id: "ES-1", country: "ES", name: "Estación \"Sur\"", brand: "Repsol", address: "Calle 1",
                postcode: "08001", city: "Barcelona", latitude: 41.387423, longitude: 2.168568,
                prices: [
                    FuelPrice(fuel: .diesel, price: 1.339, updated: time, was: 1.349, changed: time),
                    FuelPrice(
                        fuel: .cng, price: 1.2, updated: time, unit: .kilogram, service: .selfService, label: "GNC"),
                ],
                unavailable: [.lpg], hours: "L-D: 24H", openingHours: "24/7", services: ["shop", "wash"],
                motorway: true, restricted: true),
            Station(
                id: "FR-2", country: "FR", latitude: 41.5, longitude: 2.9, prices: [], hours: "24/7 automat",
                automatHours: "24/7"),
            Station(
                id: "ES-3", country: "ES", latitude: 41.1, longitude: 2.1,
                prices: [FuelPrice(fuel: FuelCode(rawValue: "adblue"), price: 0.899, updated: time)]),
        ])

    @Test(arguments: ["ES", "FR", "PT"]) func aCountrysStationsAreWhatTheDecoderReads(_ country: String) throws {
        let bytes = TileEncoder.encode(Self.tile)
        let decoded = try JSONDecoder().decode(Tile.self, from: Data(bytes)).stations.filter { $0.country == country }
        let read = try PublishedStations(try JSONDocument(parsing: bytes)).stations(of: country)
        #expect(read == decoded)
        #expect(read.count == Self.tile.stations.count { $0.country == country })
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        var name: String
        var json: String
        var says: String
        var testDescription: String { name }
    }

    static let broken = [
        Broken(name: "no id", json: #"{"country":"ES","lat":1,"lon":2,"prices":[]}"#, says: "without an id"),
        Broken(name: "no lon", json: #"{"id":"ES-1","country":"ES","lat":1,"prices":[]}"#, says: "ES-1: no lat or lon"),
        Broken(name: "no prices", json: #"{"id":"ES-1","country":"ES","lat":1,"lon":2}"#, says: "ES-1: no prices"),
        Broken(
            name: "a time of another form",
            json: #"{"id":"ES-1","country":"ES","lat":1,"lon":2,"prices":[{"fuel":"diesel","price":1.3,"#
                + #""updated":"2025-11-30 08:00"}]}"#, says: "ES-1: a price without fuel"),
        Broken(
            name: "a unit nobody writes",
            json: #"{"id":"ES-1","country":"ES","lat":1,"lon":2,"prices":[{"fuel":"diesel","price":1.3,"#
                + #""updated":"2025-11-30T08:00:00Z","unit":"gal"}]}"#, says: "is not one of l, kg, m3"),
        Broken(
            name: "a number for a name", json: #"{"id":"ES-1","country":"ES","name":7,"lat":1,"lon":2,"prices":[]}"#,
            says: "ES-1: name is not text"),
    ]

    @Test(arguments: broken) func aStationNotAsTilesWriteThemIsRefused(_ example: Broken) throws {
        let document = try JSONDocument(
            parsing: Array(#"{"version":1,"key":"83_3","stations":["#.utf8) + Array(example.json.utf8)
                + Array("]}".utf8))
        #expect {
            _ = try PublishedStations(document).stations(of: "ES")
        } throws: { error in
            "\(error)".contains(example.says)
        }
    }
}
