import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelFeeds

/// The IT files' quirks (docs/feeds.md section 4), each on a small registry/price pair. Rows marked "real" are copied
/// from the 2026-08-21 MIMIT cut; the others are made for the case.
@Suite struct ITQuirkTests {
    static let registryHeader =
        "Estrazione del 2026-08-21\n"
        + "idImpianto|Gestore|Bandiera|Tipo Impianto|Nome Impianto|Indirizzo|Comune|Provincia|Latitudine|Longitudine\n"
    static let pricesHeader = "Estrazione del 2026-08-21\nidImpianto|descCarburante|prezzo|isSelf|dtComu\n"
    /// Real row of the 2026 registry.
    static let row3606 =
        "3606|SILLA FABIO E C. - S.N.C.|Agip Eni|Autostradale|CASTELNUOVO SCRIVIA OVEST|Autostrada A7 MILANO-SERRAVALLE,  Km. 60.7, dir. Sud 15053|CASTELNUOVO SCRIVIA|AL|44.933913612012745|8.852185606956482\n"
    /// Real row of the 2026 price file.
    static let price3606 = "3606|Benzina|2.115|1|18/08/2026 19:25:02\n"

    static func parse(registry: String, prices: String) throws -> FeedParseResult {
        try parse(registry: Array(registry.utf8), prices: Array(prices.utf8))
    }

    /// Parses a pair without the truncation guard, which these small pairs and cuts would trip (it has tests of
    /// its own, `ITTruncationTests`).
    static func parse(registry: [UInt8], prices: [UInt8]) throws -> FeedParseResult {
        try FeedRun.files("IT", ["anagrafica_impianti_attivi.csv": registry, "prezzo_alle_8.csv": prices]) {
            $0.own = CountryOwnSettings(ITSourceSettings())
        }
    }

    struct Registry: Sendable, CustomTestStringConvertible {
        var label: String
        var row: String
        var name: String?
        var brand: String?
        var testDescription: String { label }
    }

    @Test(arguments: [
        Registry(
            label: "real: | gestori.prezzibenzina.it in Nome Impianto (11 fields)",
            row:
                "40820|STOIL SIMPLE|Pompe Bianche|Stradale|STOIL SIMPLE | gestori.prezzibenzina.it|STR. PROV.LE 82 SPINETTA SALE  15122|ALESSANDRIA|AL|44.91704718250436|8.70067298412323",
            name: "STOIL SIMPLE", brand: nil),
        Registry(
            label: "in Gestore (11 fields)",
            row:
                "40820|STOIL SIMPLE | gestori.prezzibenzina.it|Esso|Stradale|STOIL|STR. PROV.LE 82 SPINETTA SALE  15122|ALESSANDRIA|AL|44.91704718250436|8.70067298412323",
            name: "STOIL", brand: "Esso"),
        Registry(
            label: "in Gestore and Nome Impianto (12 fields)",
            row:
                "40820|STOIL SIMPLE | gestori.prezzibenzina.it|Q8|Stradale|STOIL SIMPLE | gestori.prezzibenzina.it|STR. PROV.LE 82 SPINETTA SALE  15122|ALESSANDRIA|AL|44.91704718250436|8.70067298412323",
            name: "STOIL SIMPLE", brand: "Q8"),
        Registry(
            label: "a TAB inside Nome Impianto and Indirizzo",
            row:
                "40820|X|Q8|Stradale|STOIL\tSIMPLE|STR. PROV.LE 82 SPINETTA SALE\t  15122|ALESSANDRIA|AL|44.91704718250436|8.70067298412323",
            name: "STOIL SIMPLE", brand: "Q8"),
        Registry(
            label: "unbalanced and balanced quotes are literal",
            row:
                "40820|\"MEGA SERVICE S.A.S.|Api-Ip|Stradale|Stazione di Servizio \"IP\"|STR. PROV.LE 82 SPINETTA SALE  15122|ALESSANDRIA|AL|44.91704718250436|8.70067298412323",
            name: "Stazione di Servizio \"IP\"", brand: "IP"),
    ])
    func fieldsAreAnchoredFromBothEnds(_ registry: Registry) throws {
        let result = try Self.parse(registry: Self.registryHeader + registry.row + "\n", prices: Self.pricesHeader)
        let station = try #require(result.stations.first)
        #expect(station.id == "IT-40820")
        #expect(station.name == registry.name)
        #expect(station.brand == registry.brand)
        #expect(station.address == "STR. PROV.LE 82 SPINETTA SALE 15122")
        #expect(station.city == "ALESSANDRIA")
        #expect(station.latitude == 44.917047)
        #expect(station.longitude == 8.700673)
    }

    @Test func aSeparatorInsideTheFuelNameStaysInTheLabel() throws {
        let result = try Self.parse(
            registry: Self.registryHeader + Self.row3606,
            prices: Self.pricesHeader + "3606|Gasolio | Extra|1.889|1|18/08/2026 19:25:02\n")
        let price = try #require(result.stations.first?.prices.first)
        #expect(price.fuel == .other)
        #expect(price.label == "Gasolio | Extra")
        #expect(price.price == 1.889)
        #expect(result.counters[.unknownFuelName(name: "Gasolio | Extra")] == 1)
    }

    @Test(arguments: ["|", "44.9|"])
    func emptyCoordinatesAreRejectedAndCounted(_ coordinates: String) throws {
        // Like the real ids 60502, 60116 and 57660.
        let result = try Self.parse(
            registry: Self.registryHeader + "60502|G|Esso|Stradale|N|VIA X|ROMA|RM|\(coordinates)\n" + Self.row3606,
            prices: Self.pricesHeader + "60502|Benzina|1.9|1|18/08/2026 19:25:02\n" + Self.price3606)
        #expect(result.stations.map(\.id) == ["IT-3606"])
        #expect(result.rejects == [Reason(.emptyCoordinates): 1, Reason(.priceRowWithoutStation): 1])
    }

    @Test func semicolonFormat() throws {
        let registry =
            "Estrazione del 2018-04-16\n"
            + "idImpianto;Gestore;Bandiera;Tipo Impianto;Nome Impianto;Indirizzo;Comune;Provincia;Latitudine;Longitudine\n"
            // Real 2018 row.
            + "23778;ALFONSO DI BENEDETTO CARBURANTI LUBRIFICANTI SRL;Esso;Altro;A. Di Benedetto srl Via Imera Ag;VIA IMERA 10 92100;AGRIGENTO;AG;37.312390927445705;13.58591309570079\n"
        let prices =
            "Estrazione del 2018-04-16\nidImpianto;descCarburante;prezzo;isSelf;dtComu\n"
            + "23778;Benzina;1.589;1;15/04/2018 18:00:00\n23778;Gasolio;1.459;0;16/04/2018 07:00:00\n"
        let station = try #require(try Self.parse(registry: registry, prices: prices).stations.first)
        #expect(station.brand == "Esso")
        #expect(station.latitude == 37.312391)
        #expect(
            station.prices == [
                FuelPrice(
                    fuel: .diesel, price: 1.459, updated: FeedRun.utc("2018-04-16T05:00:00Z"), service: .fullService),
                FuelPrice(
                    fuel: .gasoline95, price: 1.589, updated: FeedRun.utc("2018-04-15T16:00:00Z"), service: .selfService
                ),
            ])
    }

    @Test func aSemicolonHeaderOverPipeRowsAsInTheSwitchOf2026() throws {
        // A public client's fixture from February 2026: `;` header, a csv_aggiornato line, `|` rows.
        let registry =
            "Estrazione del 2026-02-11\n"
            + "idImpianto;Gestore;Bandiera;Tipo Impianto;Nome Impianto;Indirizzo;Comune;Provincia;Latitudine;Longitudine\n"
            + "csv_aggiornato_al_11_02_2026\n" + Self.row3606
        let prices =
            "Estrazione del 2026-02-11\nidImpianto;descCarburante;prezzo;isSelf;dtComu\n"
            + "3606|Benzina|1.815|1|11/02/2026 07:25:02\n"
        let result = try Self.parse(registry: registry, prices: prices)
        let station = try #require(result.stations.first)
        #expect(station.id == "IT-3606")
        #expect(station.city == "CASTELNUOVO SCRIVIA")
        #expect(station.prices.map(\.price) == [1.815])
        #expect(result.notes.filter { $0.contains("different separators; rows were split on |") }.count == 2)
    }

    @Test func missingFinalNewlineAsInTheReal2026Files() throws {
        let sample = RepositoryPaths.samplesIT
        var registry = [UInt8](try Data(contentsOf: sample.appendingPathComponent("anagrafica_impianti_attivi.csv")))
        var prices = [UInt8](try Data(contentsOf: sample.appendingPathComponent("prezzo_alle_8.csv")))
        let withNewline = try Self.parse(registry: registry, prices: prices)
        #expect(registry.last == 0x0A && prices.last == 0x0A)
        registry.removeLast()
        prices.removeLast()
        let without = try Self.parse(registry: registry, prices: prices)
        #expect(without.records == withNewline.records)
        #expect(without.stations == withNewline.stations)
        // The last registry row of the cut, 59715 at Ovada, is still there.
        #expect(without.stations.contains { $0.id == "IT-59715" })
    }

    @Test func crlfLineEndings() throws {
        let text = (Self.registryHeader + Self.row3606).replacingOccurrences(of: "\n", with: "\r\n")
        let prices = (Self.pricesHeader + Self.price3606).replacingOccurrences(of: "\n", with: "\r\n")
        let station = try #require(try Self.parse(registry: text, prices: prices).stations.first)
        #expect(station.longitude == 8.852186)
        #expect(station.prices.first?.updated == FeedRun.utc("2026-08-18T17:25:02Z"))
    }

    @Test func latin1FallbackForARowThatIsNotUTF8() throws {
        // Real row 59690 with CANICATTÌ written in ISO-8859-1 (0xCC) instead of UTF-8 (0xC3 0x8C).
        let row: [UInt8] =
            Array("59690|ENIMOOV S.P.A.|Agip Eni|Stradale|9822  CANICATTI|VIALE DELLA VITTORIA  S.N.C  |CANICATT".utf8)
            + [0xCC] + Array("|AG|37.35285|13.84435\n".utf8)
        let result = try Self.parse(
            registry: Array(Self.registryHeader.utf8) + row + Array(Self.row3606.utf8),
            prices: Array(Self.pricesHeader.utf8))
        #expect(result.stations.first { $0.id == "IT-59690" }?.city == "CANICATTÌ")
        #expect(result.stations.first { $0.id == "IT-3606" }?.city == "CASTELNUOVO SCRIVIA")
        #expect(result.counters[.registryRowLatin1] == 1)
    }

    struct Layout: Sendable, CustomTestStringConvertible {
        var label: String
        var head: String
        var testDescription: String { label }
    }

    @Test(arguments: [
        Layout(
            label: "an extra line above the header",
            head:
                "csv_aggiornato_al_11_02_2026\nEstrazione del 2026-08-21\nidImpianto|descCarburante|prezzo|isSelf|dtComu\n"
        ),
        Layout(
            label: "Estrazione below the header",
            head: "idImpianto|descCarburante|prezzo|isSelf|dtComu\nEstrazione del 2026-08-21\n"),
        Layout(
            label: "a UTF-8 BOM and blank lines",
            head: "\u{FEFF}Estrazione del 2026-08-21\n\nidImpianto|descCarburante|prezzo|isSelf|dtComu\n\n"),
    ])
    func theHeaderIsFoundByItsName(_ layout: Layout) throws {
        let result = try Self.parse(registry: Self.registryHeader + Self.row3606, prices: layout.head + Self.price3606)
        #expect(result.stations.first?.prices.count == 1)
        #expect(result.referenceTime == FeedRun.utc("2026-08-21T06:00:00Z"))
    }

    @Test func withoutAnEstrazioneLineTheNewestDtComuIsTheReferenceTime() throws {
        let result = try Self.parse(
            registry: Self.registryHeader + Self.row3606,
            prices: "idImpianto|descCarburante|prezzo|isSelf|dtComu\n" + Self.price3606
                + "3606|Gasolio|2.238|1|19/08/2026 07:00:00\n")
        #expect(result.referenceTime == FeedRun.utc("2026-08-19T05:00:00Z"))
    }

    @Test(arguments: [
        FeedTimeCase(text: "02/07/2026 19:30:06", utc: "2026-07-02T17:30:06Z"),
        FeedTimeCase(text: "27/12/2013 08:00:00", utc: "2013-12-27T07:00:00Z"),
        FeedTimeCase(text: "27/12/2013 08:00", utc: "2013-12-27T07:00:00Z"),
    ])
    func dtComuIsRomeWallClock(_ time: FeedTimeCase) throws {
        let result = try Self.parse(
            registry: Self.registryHeader + Self.row3606,
            prices: Self.pricesHeader + "3606|Gasolio|2.238|0|\(time.text)\n")
        #expect(result.stations.first?.prices.first?.updated == FeedRun.utc(time.utc))
    }

    @Test func everyFuelNameOf2026IsMapped() throws {
        let names = [
            "Benzina", "Gasolio", "Blue Diesel", "GPL", "HVOlution", "Supreme Diesel", "Metano", "Blue Super", "HVO",
            "Hi-Q Diesel", "Gasolio speciale", "HiQ Perform+", "Gasolio Premium", "Benzina speciale", "Benzina WR 100",
            "GNL", "Diesel Shell V Power", "DieselMax", "L-GNC", "HVO100", "S-Diesel", "Gasolio artico",
            "Benzina Shell V Power", "Excellium Diesel", "Gasolio Oro Diesel", "F101", "REHVO", "Gasolio Energy D",
            "E-DIESEL", "Diesel HVO", "Gasolio Ecoplus", "GP DIESEL", "Benzina Energy 98 ottani", "Gasolio Artico",
            "BCHVO", "Benzina Plus 98", "Gasolio Bio HVO", "Gasolio HVO", "Gasolio Gelo", "Gasolio Alpino", "V-Power",
            "Excellium diesel", "HVO eco diesel", "HVO Future", "Blu Diesel Alpino", "Gasolio Prestazionale",
            "Gasolio Plus", "Diesel HVO Energy", "Benzina Speciale 98 Ottani", "Verde speciale",
            "HiQ Perform B100 Ottani", "HVO Energy Diesel", "HVOvolution", "F-101", "Gasolio Artico Igloo",
            "Benzina 100 ottani", "V-Power Diesel", "Benzina 102 Ottani", "GASOLIO HVO",
        ]
        #expect(names.count == 59)
        let table = try FeedRun.config("IT").fuels
        for name in names {
            let entry = table.lookup(name)
            #expect(entry != nil && entry?.fuel != .other, "\(name) is not mapped")
        }
        #expect(table.lookup("Metano") == FuelTable.Entry(fuel: .cng, unit: .kilogram))
        #expect(table.lookup("L-GNC") == FuelTable.Entry(fuel: .cng, unit: .kilogram))
        #expect(table.lookup("GNL") == FuelTable.Entry(fuel: .lng, unit: .kilogram))
        #expect(table.lookup("gasolio SPECIALE")?.fuel == .dieselPremium)
    }

    @Test func metanoIsPricedPerKilogram() throws {
        let result = try Self.parse(
            registry: Self.registryHeader + Self.row3606,
            prices: Self.pricesHeader + "3606|Metano|1.579|1|18/08/2026 19:25:02\n")
        let price = try #require(result.stations.first?.prices.first)
        #expect(price.fuel == .cng)
        #expect(price.unit == .kilogram)
    }

    @Test func unknownFuelNamesAreKeptAsOtherAndCounted() throws {
        let result = try Self.parse(
            registry: Self.registryHeader + Self.row3606,
            prices: Self.pricesHeader + "3606|R100|1.9|1|18/08/2026 19:25:02\n3606|R100|2.1|0|18/08/2026 19:25:02\n")
        #expect(result.stations.first?.prices.map(\.label) == ["R100", "R100"])
        #expect(result.stations.first?.prices.map(\.service) == [.fullService, .selfService])
        #expect(result.counters[.unknownFuelName(name: "R100")] == 2)
    }

    @Test func twoNamesForOneFuelAndServiceKeepTheNewer() throws {
        let result = try Self.parse(
            registry: Self.registryHeader + Self.row3606,
            prices: Self.pricesHeader + "3606|Gasolio|1.8|1|18/08/2026 19:25:02\n"
                + "3606|Gasolio artico|1.9|1|19/08/2026 07:00:00\n" + "3606|Gasolio|2.0|0|18/08/2026 19:25:02\n")
        #expect(result.stations.first?.prices.map(\.price) == [2.0, 1.9])
        #expect(result.counters[.sameFuelAndServiceTwice] == 1)
    }
}

extension RepositoryPaths {
    /// `Fixtures/IT/2026-08-21-cuts`: the first lines of the real national files of 2026-08-21.
    static var samplesIT: URL { feedFixtures().appendingPathComponent("IT/2026-08-21-cuts") }
}
