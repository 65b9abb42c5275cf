import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

/// `Station` and `FuelPrice` encode to the JSON the contract describes (`docs/format.md`, `docs/schema/tile.schema.json`):
/// the five text fields always, `null` when unknown; extras and price options only when they say something.
@Suite struct StationCodingTests {
    /// `expected`: The contract's JSON for the station, keys sorted.
    typealias Case = NamedCase<(station: Station, expected: String)>

    static let updated = Date(timeIntervalSince1970: 1_758_989_147)  // 2025-09-27T16:05:47Z

    static let cases = [
        Case(
            "nothing but the required fields: the five text fields are null",
            (
                station: Station(id: "FR-1", country: "FR", latitude: 48.5, longitude: 2.25),
                expected: #"{"address":null,"brand":null,"city":null,"country":"FR","id":"FR-1","lat":48.5,"lon":2.25,"#
                    + #""name":null,"postcode":null,"prices":[]}"#
            )),
        Case(
            "some text known, one price per litre: unit, service and label are not written",
            (
                station: Station(
                    id: "PT-7", country: "PT", brand: "Galp", city: "Lisboa", latitude: 38.5, longitude: -9.25,
                    prices: [FuelPrice(fuel: .diesel, price: 1.649, updated: updated)]),
                expected: #"{"address":null,"brand":"Galp","city":"Lisboa","country":"PT","id":"PT-7","lat":38.5,"#
                    + #""lon":-9.25,"name":null,"postcode":null,"prices":[{"fuel":"diesel","price":1.649,"#
                    + #""updated":"2025-09-27T16:05:47Z"}]}"#
            )),
        Case(
            "every extra and price option present",
            (
                station: Station(
                    id: "IT-9", country: "IT", name: "Q8 Nord", brand: "Q8", address: "A1 km 12", postcode: "20100",
                    city: "Milano", latitude: 45.5, longitude: 9.125,
                    prices: [
                        FuelPrice(fuel: .cng, price: 1.459, updated: updated, unit: .kilogram, service: .selfService),
                        FuelPrice(fuel: .other, price: 0.999, updated: updated, label: "Metanol"),
                    ],
                    unavailable: [.gasoline98], hours: "24/7", services: ["Bar", "Lavaggio"], motorway: true,
                    restricted: true),
                expected: #"{"address":"A1 km 12","brand":"Q8","city":"Milano","country":"IT","hours":"24/7","#
                    + #""id":"IT-9","lat":45.5,"lon":9.125,"motorway":true,"name":"Q8 Nord","postcode":"20100","#
                    + #""prices":[{"fuel":"cng","price":1.459,"service":"self","unit":"kg","#
                    + #""updated":"2025-09-27T16:05:47Z"},{"fuel":"other","label":"Metanol","price":0.999,"#
                    + #""updated":"2025-09-27T16:05:47Z"}],"restricted":true,"services":["Bar","Lavaggio"],"#
                    + #""unavailable":["gasoline_98"]}"#
            )),
        Case(
            "empty lists and false flags are left out, as the publisher leaves them out",
            (
                station: Station(
                    id: "ES-3", country: "ES", latitude: 40.5, longitude: -3.5, unavailable: [], services: [],
                    motorway: false, restricted: false),
                expected: #"{"address":null,"brand":null,"city":null,"country":"ES","id":"ES-3","lat":40.5,"lon":-3.5,"#
                    + #""name":null,"postcode":null,"prices":[]}"#
            )),
    ]

    static func encoded(_ station: Station) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(station), as: UTF8.self)
    }

    @Test(arguments: cases)
    func encodesTheContractFields(_ testCase: Case) throws {
        #expect(try Self.encoded(testCase.station) == testCase.expected)
    }

    @Test(arguments: cases)
    func decodesTheContractJSON(_ testCase: Case) throws {
        let decoded = try JSONDecoder().decode(Station.self, from: Data(testCase.expected.utf8))
        // What was written is what is read back; an empty list or a false flag reads back as absent.
        #expect(try Self.encoded(decoded) == testCase.expected)
        #expect(decoded.name == testCase.station.name)
        #expect(decoded.prices == testCase.station.prices)
    }

    @Test func roundTripsAStationAsThePublisherHasIt() throws {
        let station = try #require(Self.cases.first { $0.station.id == "IT-9" }).station
        let data = try JSONEncoder().encode(station)
        #expect(try JSONDecoder().decode(Station.self, from: data) == station)
    }

    @Test func nullTextFieldsAreWrittenNotDropped() throws {
        let object = try #require(
            try JSONSerialization.jsonObject(
                with: JSONEncoder().encode(Station(id: "FR-1", country: "FR", latitude: 0, longitude: 0)))
                as? [String: Any])
        for key in ["name", "brand", "address", "postcode", "city"] {
            #expect(object[key] is NSNull, "\(key) should be null, found \(String(describing: object[key]))")
        }
    }
}
