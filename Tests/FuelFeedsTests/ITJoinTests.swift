import Foundation
import FuelGrid
import Testing

@testable import FuelFeeds

/// The IT registry/price join on three priced stations of the reconstructed pair in
/// `Fixtures/IT/reconstructed-join/` (see its README: real format and quirks, made-up stations).
///
/// The real cuts give only two priced stations, 3535 and 3606, which `ITRealStationTests` checks.
@Suite struct ITJoinTests {
    typealias Case = StationCase

    static let cases: [Case] = [
        Case(
            label: "990001 Roma: Q8, self and attended petrol, GPL reported in summer time",
            expected: Station(
                id: "IT-990001", country: "IT", name: "TIBURTINA 2", brand: "Q8", address: "VIA TIBURTINA 1234 00131",
                city: "ROMA", latitude: 41.912346, longitude: 12.543211,
                prices: [
                    ITRealStationTests.price(.diesel, 1.689, .selfService, "2026-11-27T06:45:11Z"),
                    ITRealStationTests.price(.gasoline95, 1.949, .fullService, "2026-11-27T06:45:10Z"),
                    ITRealStationTests.price(.gasoline95, 1.789, .selfService, "2026-11-27T06:45:10Z"),
                    ITRealStationTests.price(.lpg, 0.719, .fullService, "2026-10-24T17:05:00Z"),
                ])),
        Case(
            label: "990002 Torino: Pompe Bianche is no brand, Metano per kg, quirks in Gestore and Nome Impianto",
            expected: Station(
                id: "IT-990002", country: "IT", name: "DISTRIBUTORE BIANCO", brand: nil,
                address: "CORSO REGINA MARGHERITA 99 10152", city: "TORINO", latitude: 45.0701, longitude: 7.6868,
                prices: [
                    ITRealStationTests.price(.cng, 1.459, .selfService, "2026-11-26T17:30:00Z", unit: .kilogram),
                    ITRealStationTests.price(.gasoline95, 1.769, .selfService, "2026-11-26T17:30:00Z"),
                ])),
        Case(
            label: "990003 A1 Arda Est: Agip Eni motorway station, premium diesel and HVO, TAB in Indirizzo",
            expected: Station(
                id: "IT-990003", country: "IT", name: "ARDA EST", brand: "Eni",
                address: "Autostrada A1 MILANO-NAPOLI, Km. 70, dir. Sud 29017", city: "FIORENZUOLA D'ARDA",
                latitude: 44.930112, longitude: 9.901234,
                prices: [
                    ITRealStationTests.price(.diesel, 2.099, .fullService, "2026-11-27T05:10:44Z"),
                    ITRealStationTests.price(.diesel, 1.899, .selfService, "2026-11-27T05:10:44Z"),
                    ITRealStationTests.price(.dieselPremium, 2.119, .selfService, "2026-11-27T05:10:44Z"),
                    ITRealStationTests.price(.hvo, 2.019, .selfService, "2026-11-27T05:10:44Z"),
                ],
                motorway: true)),
    ]

    static func parse() throws -> FeedParseResult {
        try FeedRun.files(
            "IT",
            [
                "anagrafica_impianti_attivi.csv": try FeedRun.fixture(
                    "IT", "reconstructed-join/anagrafica_impianti_attivi.csv"),
                "prezzo_alle_8.csv": try FeedRun.fixture("IT", "reconstructed-join/prezzo_alle_8.csv"),
            ])
    }

    @Test(arguments: cases)
    func station(_ testCase: Case) throws {
        let station = try #require(try Self.parse().stations.first { $0.id == testCase.expected.id })
        #expect(station == testCase.expected)
    }

    @Test func unmatchedRowsAreCounted() throws {
        let result = try Self.parse()
        #expect(result.records == 4 + 11)
        #expect(result.stations.map(\.id) == ["IT-990001", "IT-990002", "IT-990003", "IT-990004"])
        #expect(result.stations.last?.prices == [])
        #expect(result.rejects == ["price row without a registry station": 1])
        #expect(result.counters["registry station without any price"] == 1)
        #expect(result.counters["registry row with a separator inside a field, repaired"] == 1)
        // Estrazione del 2026-11-27, at 08:00 in Rome (winter time).
        #expect(result.referenceTime == FeedRun.utc("2026-11-27T07:00:00Z"))
    }
}
