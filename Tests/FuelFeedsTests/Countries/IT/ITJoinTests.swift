import Foundation
import FuelFormat
import Testing

@testable import FuelFeeds

/// The IT registry/price join on a real same-day pair, the IT sample `adapters/IT/samples/` (see
/// `Fixtures/IT/SOURCES.md`):
/// the first 400 lines of the national `prezzo_alle_8.csv` of 2026-08-21, and the registry lines of the same day for
/// exactly the 59 stations those price rows name, bytes unchanged. Expected values were read off the raw lines.
@Suite struct ITJoinTests {
    typealias Case = StationCase

    static func price(
        _ fuel: FuelCode, _ euros: Double, _ service: ServiceKind, _ utc: String, unit: PriceUnit = .litre
    ) -> FuelPrice {
        ITRealStationTests.price(fuel, euros, service, utc, unit: unit)
    }

    static let cases: [Case] = [
        Case(
            label: "3464 Po Est (A13): Api-Ip, self and attended, Metano per kg and GPL",
            expected: Station(
                id: "IT-3464", country: "IT", name: "PO EST", brand: "IP",
                address: "Autostrada A13 BOLOGNA-PADOVA, Km. 43+400, dir. Nord - 44100", city: "FERRARA",
                latitude: 44.880119, longitude: 11.570833,
                prices: [
                    price(.cng, 1.649, .fullService, "2026-08-20T18:30:14Z", unit: .kilogram),
                    price(.diesel, 2.559, .fullService, "2026-08-20T18:30:15Z"),
                    price(.diesel, 2.199, .selfService, "2026-08-20T18:30:13Z"),
                    price(.gasoline95, 2.479, .fullService, "2026-08-20T18:30:14Z"),
                    price(.gasoline95, 2.119, .selfService, "2026-08-20T18:30:12Z"),
                    price(.lpg, 0.849, .fullService, "2026-08-20T18:30:15Z"),
                ],
                motorway: true)),
        Case(
            label: "3493 Prenestina Est (A1): Agip Eni, Blue Diesel and HVOlution in both services",
            expected: Station(
                id: "IT-3493", country: "IT", name: "PRENESTINA EST", brand: "Eni",
                address: "Autostrada A1 MILANO-NAPOLI, Km. 566+100, dir. Nord - 00010", city: "GALLICANO NEL LAZIO",
                latitude: 41.892459, longitude: 12.758021,
                prices: [
                    price(.cng, 1.719, .fullService, "2026-08-19T19:50:21Z", unit: .kilogram),
                    price(.diesel, 2.369, .fullService, "2026-08-18T12:08:05Z"),
                    price(.diesel, 2.169, .selfService, "2026-08-18T12:08:05Z"),
                    price(.dieselPremium, 2.469, .fullService, "2026-08-18T12:08:05Z"),
                    price(.dieselPremium, 2.269, .selfService, "2026-08-18T12:08:05Z"),
                    price(.gasoline95, 2.259, .fullService, "2026-08-18T12:08:05Z"),
                    price(.gasoline95, 2.059, .selfService, "2026-08-18T12:08:05Z"),
                    price(.hvo, 2.369, .fullService, "2026-08-18T12:08:05Z"),
                    price(.hvo, 2.169, .selfService, "2026-08-18T12:08:05Z"),
                    price(.lpg, 0.909, .fullService, "2026-08-20T19:57:09Z"),
                ],
                motorway: true)),
        Case(
            label: "3599 Ponte nelle Alpi (A27): 98-octane and premium diesel from 2024 and 2025, winter time",
            expected: Station(
                id: "IT-3599", country: "IT", name: "PONTE NELLE ALPI", brand: "IP",
                address: "Autostrada A27 MESTRE-BELLUNO, Km. 81+500, dir. Sud - 32014", city: "PONTE NELLE ALPI",
                latitude: 46.201265, longitude: 12.288696,
                prices: [
                    price(.diesel, 2.499, .fullService, "2026-08-20T14:00:08Z"),
                    price(.diesel, 2.149, .selfService, "2026-08-20T14:00:07Z"),
                    price(.dieselPremium, 1.865, .selfService, "2025-03-11T16:30:04Z"),
                    price(.gasoline95, 2.399, .fullService, "2026-08-20T14:00:08Z"),
                    price(.gasoline95, 2.049, .selfService, "2026-08-20T14:00:07Z"),
                    price(.gasoline98, 2.119, .selfService, "2024-05-09T15:30:05Z"),
                ],
                motorway: true)),
    ]

    static func parse() throws -> FeedParseResult { try FeedRun.sample("IT") }

    @Test(arguments: cases)
    func station(_ testCase: Case) throws {
        let station = try #require(try Self.parse().stations.first { $0.id == testCase.expected.id })
        #expect(station == testCase.expected)
    }

    /// 59 registry rows and 398 price rows; every row joins and every fuel name is in `fuels.json`.
    @Test func wholePair() throws {
        let result = try Self.parse()
        #expect(result.records == 59 + 398)
        #expect(result.stations.count == 59)
        #expect(result.stations.allSatisfy { $0.motorway == true && !$0.prices.isEmpty })
        #expect(result.stations.reduce(0) { $0 + $1.prices.count } == 398)
        #expect(result.rejects.isEmpty)
        #expect(!result.counters.codes.keys.contains("unknown-fuel-name"))
        // Estrazione del 2026-08-21, at 08:00 in Rome (summer time).
        #expect(result.referenceTime == FeedRun.utc("2026-08-21T06:00:00Z"))
    }

    /// The cuts in `Fixtures/IT/2026-08-21-cuts/` are the first lines of each national file, so most rows do not
    /// join: 488 of 498 price
    /// rows name no registry station (counted independently). The 298 registry rows are 294 stations, since 4 sites
    /// are listed twice under two ids (its `README.md`), and 292 of them have no price.
    @Test func unmatchedRowsAreCounted() throws {
        let result = try FeedRun.italianCuts()
        #expect(result.records == 298 + 498)
        #expect(result.rejects == [Reason(.priceRowWithoutStation): 488])
        #expect(result.counters[.registryStationWithoutPrice] == 292)
        #expect(result.counters[.registryRowRepaired] == 1)
    }
}
