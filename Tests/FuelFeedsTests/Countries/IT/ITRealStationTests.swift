import Foundation
import FuelFormat
import Testing

@testable import FuelFeeds

/// Real IT stations, with every expected value read by hand from the raw bytes of the committed MIMIT cuts:
/// the 2026-08-21 cuts in `Fixtures/IT/2026-08-21-cuts/` and the 2018-04-16 `;` registry in `Fixtures/IT/`.
///
/// The two 2026 cuts are the first lines of each national file; only stations 3535 and 3606 are in both, so only
/// they have prices here. The other cases check registry fields of real rows (coordinates, brand, name, address).
/// `ITJoinTests` checks the join on a real same-day pair.
@Suite struct ITRealStationTests {
    /// `source`: `sample` (the 2026-08-21 cuts) or `2018`.
    typealias Case = StationCase

    /// An IT price: the feed gives a service kind for every row.
    static func price(
        _ fuel: FuelCode, _ euros: Double, _ service: ServiceKind, _ utc: String, unit: PriceUnit = .litre
    ) -> FuelPrice {
        FeedRun.price(fuel, euros, utc, unit: unit, service: service)
    }

    static let cases: [Case] = [
        Case(
            label: "3535 Stura Est (A26): Api-Ip motorway station, self and attended prices, GPL days older",
            source: "sample",
            expected: Station(
                id: "IT-3535", country: "IT", name: "STURA EST", brand: "IP",
                address: "Autostrada A26 (GE) VOLTRI-GRAVELLONA T., Km. 25+500, dir. Nord - 15070",
                city: "BELFORTE MONFERRATO", latitude: 44.59237, longitude: 8.666142,
                prices: [
                    price(.diesel, 2.514, .fullService, "2026-08-21T04:30:14Z"),
                    price(.diesel, 2.159, .selfService, "2026-08-21T04:30:13Z"),
                    price(.gasoline95, 2.384, .fullService, "2026-08-21T04:30:13Z"),
                    price(.gasoline95, 2.029, .selfService, "2026-08-21T04:30:12Z"),
                    price(.lpg, 0.849, .fullService, "2026-08-16T05:00:15Z"),
                ],
                motorway: true)),
        Case(
            label: "3606 Castelnuovo Scrivia Ovest (A7): Agip Eni, premium and HVO fuels, double space in address",
            source: "sample",
            expected: Station(
                id: "IT-3606", country: "IT", name: "CASTELNUOVO SCRIVIA OVEST", brand: "Eni",
                address: "Autostrada A7 MILANO-SERRAVALLE, Km. 60.7, dir. Sud 15053", city: "CASTELNUOVO SCRIVIA",
                latitude: 44.933914, longitude: 8.852186,
                prices: [
                    price(.diesel, 2.238, .selfService, "2026-08-18T17:25:02Z"),
                    price(.dieselPremium, 2.338, .selfService, "2026-08-18T17:25:02Z"),
                    price(.gasoline95, 2.115, .selfService, "2026-08-18T17:25:02Z"),
                    price(.gasoline95Premium, 2.265, .selfService, "2026-08-18T17:25:02Z"),
                    price(.hvo, 2.158, .selfService, "2026-08-18T17:25:02Z"),
                ],
                motorway: true)),
        Case(
            label: "59183 Agrigento: first registry row, trailing spaces in the address",
            source: "sample",
            expected: Station(
                id: "IT-59183", country: "IT", name: "19829 AGRIGENTO", brand: "Eni",
                address: "SS.189 KM. 64+649 - C.DA SAN MICHELE S.N.C", city: "AGRIGENTO", latitude: 37.333935,
                longitude: 13.595533)),
        Case(
            label: "63381 Montallegro: a TAB inside Nome Impianto",
            source: "sample",
            expected: Station(
                id: "IT-63381", country: "IT", name: "19834 MONTALLEGRO", brand: "Eni",
                address: "SS.115 KM.158+302 S.N.", city: "AGRIGENTO", latitude: 37.38895, longitude: 13.351206)),
        Case(
            label: "40820 Stoil Simple: | gestori.prezzibenzina.it inside Nome Impianto, Pompe Bianche is no brand",
            source: "sample",
            expected: Station(
                id: "IT-40820", country: "IT", name: "STOIL SIMPLE", brand: nil,
                address: "STR. PROV.LE 82 SPINETTA SALE 15122", city: "ALESSANDRIA", latitude: 44.917047,
                longitude: 8.700673)),
        Case(
            label: "46593 Campobello di Licata: unbalanced quote in Gestore",
            source: "sample",
            expected: Station(
                id: "IT-46593", country: "IT", name: "MEGA SERVICE SAS DI TERMINI MICHELE & C.", brand: "Q8",
                address: "123 KM.15+500 - 92023", city: "CAMPOBELLO DI LICATA", latitude: 37.250159,
                longitude: 13.914226)),
        Case(
            label: "59690 Canicattì: multi-byte UTF-8 in Comune",
            source: "sample",
            expected: Station(
                id: "IT-59690", country: "IT", name: "9822 CANICATTI", brand: "Eni",
                address: "VIALE DELLA VITTORIA S.N.C", city: "CANICATTÌ", latitude: 37.35285, longitude: 13.84435)),
        Case(
            label: "23778 Agrigento (2018, ; separator): Esso, Tipo Impianto Altro",
            source: "2018",
            expected: Station(
                id: "IT-23778", country: "IT", name: "A. Di Benedetto srl Via Imera Ag", brand: "Esso",
                address: "VIA IMERA 10 92100", city: "AGRIGENTO", latitude: 37.312391, longitude: 13.585913)),
        Case(
            label: "21524 Agrigento (2018): è in Nome Impianto",
            source: "2018",
            expected: Station(
                id: "IT-21524", country: "IT", name: "ENI - Vill. Mosè", brand: "Eni",
                address: "VIA LEONARDO SCIASCIA SN 92100", city: "AGRIGENTO", latitude: 37.27118,
                longitude: 13.626722)),
    ]

    /// The 2018 registry has no price file beside it: pair it with a `;` price file that has no rows.
    /// The 2026-08-21 cuts: the first lines of each national file.
    static func cuts() throws -> FeedParseResult { try FeedRun.italianCuts() }

    static func parse2018() throws -> FeedParseResult {
        try FeedRun.files(
            "IT",
            [
                "anagrafica_impianti_attivi.csv": try FeedRun.fixture(
                    "IT", "anagrafica_impianti_attivi-2018-04-16-first200-semicolon.csv"),
                "prezzo_alle_8.csv": Array(
                    "Estrazione del 2018-04-16\nidImpianto;descCarburante;prezzo;isSelf;dtComu\n".utf8),
            ])
    }

    @Test(arguments: cases)
    func station(_ testCase: Case) throws {
        let result = testCase.source == "sample" ? try Self.cuts() : try Self.parse2018()
        let station = try #require(result.stations.first { $0.id == testCase.expected.id })
        #expect(station == testCase.expected)
    }

    @Test func sampleAsAWhole() throws {
        let result = try Self.cuts()
        // 298 registry rows and 498 price rows below the two header lines.
        #expect(result.records == 298 + 498)
        // Four sites are listed twice (54160/54161, 39620/39621, 50628/62716, 43454/62767): 294 stations.
        #expect(result.stations.count == 294)
        #expect(result.counters[.identicalRegistryRowMerged] == 4)
        #expect(!result.stations.contains { ["IT-54160", "IT-39620", "IT-50628", "IT-43454"].contains($0.id) })
        // Only 3535 (5 rows) and 3606 (5 rows) of the first 500 price rows have their station in the first 300
        // registry rows.
        #expect(result.rejects == [Reason(.priceRowWithoutStation): 488])
        #expect(result.counters[.registryStationWithoutPrice] == 292)
        #expect(result.counters[.registryRowRepaired] == 1)
        // Estrazione del 2026-08-21, at 08:00 in Rome (summer time).
        #expect(result.referenceTime == FeedRun.utc("2026-08-21T06:00:00Z"))
        #expect(result.stations.map(\.id) == result.stations.map(\.id).sorted())
        // 15 motorway rows, two of them repeats of a site (the Sarni pairs).
        #expect(result.stations.filter { $0.motorway == true }.count == 13)
        #expect(result.stations.allSatisfy { $0.motorway != false })
        let config = try FeedRun.config("IT")
        for station in result.stations {
            #expect(
                config.contains(latitude: station.latitude, longitude: station.longitude),
                "\(station.id) at \(station.latitude), \(station.longitude) is outside every IT box")
            // A swapped pair must fall outside every box.
            #expect(!config.contains(latitude: station.longitude, longitude: station.latitude))
        }
    }

    @Test func semicolonRegistryAsAWhole() throws {
        let result = try Self.parse2018()
        // 39620/39621 and 6879/7017 are one site each.
        #expect(
            ParseSummary(result) == ParseSummary(records: 198, stations: 196, referenceTime: "2018-04-16T06:00:00Z"))
    }
}
