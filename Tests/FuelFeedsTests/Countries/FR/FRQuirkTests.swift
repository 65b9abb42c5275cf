import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelFeeds

/// The FR feed's quirks (docs/feeds.md section 3a), one small ISO-8859-1 document each.
@Suite struct FRQuirkTests {
    static let prolog = #"<?xml version="1.0" encoding="ISO-8859-1" standalone="yes"?>"#

    /// A document with these `<pdv>` elements, as ISO-8859-1 bytes.
    static func document(_ body: String, prolog: String = prolog) -> [UInt8] {
        .latin1(prolog + "\n<pdv_liste>\n" + body + "</pdv_liste>\n")
    }

    /// One station with a Gazole price unless the body brings its own prices.
    static func pdv(
        id: Int = 1_000_001, latitude: String = "4620114", longitude: String = "519791", pop: String = "R",
        _ body: String = #"<prix nom="Gazole" id="1" maj="2024-05-08 12:30:00" valeur="1.739"/>"#
    ) -> String {
        #"<pdv id="\#(id)" latitude="\#(latitude)" longitude="\#(longitude)" cp="01000" pop="\#(pop)">"#
            + "<adresse>1 RUE X</adresse><ville>BOURG</ville>" + body + "</pdv>\n"
    }

    static func parse(_ body: String) throws -> FeedParseResult {
        try FeedRun.files("FR", ["PrixCarburants_instantane.xml": document(body)])
    }

    struct Value: Sendable, CustomTestStringConvertible {
        var valeur: String
        var euros: Double
        var testDescription: String { "valeur=\"\(valeur)\" is \(euros) €" }
    }

    @Test(arguments: [
        Value(valeur: "1274", euros: 1.274),
        Value(valeur: "999", euros: 0.999),
        Value(valeur: "1815", euros: 1.815),
        Value(valeur: "1.739", euros: 1.739),
        Value(valeur: "0.999", euros: 0.999),
        Value(valeur: "1.7", euros: 1.7),
        Value(valeur: "2", euros: 2),
    ])
    func thousandthsBefore2022EurosSince(_ value: Value) throws {
        let result = try Self.parse(
            Self.pdv(#"<prix nom="Gazole" id="1" maj="2021-01-08T10:20:52" valeur="\#(value.valeur)"/>"#))
        #expect(result.stations.first?.prices.map(\.price) == [value.euros])
    }

    struct Coordinates: Sendable, CustomTestStringConvertible {
        var latitude: String
        var longitude: String
        var expected: (Double, Double)
        var testDescription: String { "\(latitude), \(longitude)" }
    }

    @Test(arguments: [
        Coordinates(latitude: "4620114", longitude: "519791", expected: (46.20114, 5.19791)),
        Coordinates(latitude: "4620093.59235", longitude: "519791", expected: (46.200936, 5.19791)),
        Coordinates(latitude: "4424024.1001506", longitude: "203283.20468272", expected: (44.240241, 2.032832)),
        Coordinates(latitude: "4870300", longitude: "-279400", expected: (48.703, -2.794)),
        Coordinates(latitude: " 4870300 ", longitude: "-279400.5", expected: (48.703, -2.794005)),
    ])
    func coordinatesAreScaledAndMayHaveDecimals(_ value: Coordinates) throws {
        let station = try #require(
            try Self.parse(Self.pdv(latitude: value.latitude, longitude: value.longitude)).stations.first)
        #expect(station.latitude == value.expected.0)
        #expect(station.longitude == value.expected.1)
    }

    @Test func emptyCoordinatesAreRejectedAndCounted() throws {
        let result = try Self.parse(Self.pdv(id: 1, latitude: "", longitude: "") + Self.pdv(id: 2))
        #expect(result.stations.map(\.id) == ["FR-2"])
        #expect(result.rejects == [Reason(.emptyCoordinates): 1])
        #expect(result.records == 2)
    }

    @Test func accentsAreISO88591Bytes() throws {
        let bytes = Self.document(
            #"<pdv id="1" latitude="4790000" longitude="190000" cp="45000" pop="R"><adresse>Rue de la Fôret &amp; 2 bis</adresse>"#
                + #"<ville>Orléans</ville><services><service>Carburant additivé</service></services>"#
                + #"<prix nom="Gazole" id="1" maj="2024-05-08 12:30:00" valeur="1.739"/></pdv>"#)
        // The é is the single byte 0xE9, as in the real feed.
        #expect(bytes.contains(0xE9))
        #expect(!bytes.contains(0xC3))
        let result = try FeedRun.files("FR", ["feed.xml": bytes])
        let station = try #require(result.stations.first)
        #expect(station.city == "Orléans")
        #expect(station.address == "Rue de la Fôret & 2 bis")
        #expect(station.services == ["Carburant additivé"])
    }

    @Test func windows1252BytesBecomeTheirCharacters() throws {
        // 0x92 ’, 0x9C œ, 0x96 –, 0x80 € as a Windows-1252 writer puts them; 0x81 is undefined there.
        let bytes = Self.document(
            #"<pdv id="1" latitude="4790000" longitude="190000" cp="45000" pop="R">"#
                + "<adresse>Rue de l\u{92}\u{9C}uvre \u{96} ZA\u{81}</adresse><ville>Orl\u{E9}ans</ville>"
                + "<services><service>Lavage 5 \u{80}</service></services>"
                + #"<prix nom="Gazole" id="1" maj="2024-05-08 12:30:00" valeur="1.739"/></pdv>"#)
        #expect(bytes.contains(0x92))
        let station = try #require(try FeedRun.files("FR", ["feed.xml": bytes]).stations.first)
        #expect(station.address == "Rue de l’œuvre – ZA")
        #expect(station.city == "Orléans")
        #expect(station.services == ["Lavage 5 €"])
    }

    @Test func emptyPrixIsSkipped() throws {
        let result = try Self.parse(
            Self.pdv(#"<prix/><prix nom="SP98" id="6" maj="2024-05-08 12:30:00" valeur="1.999"/><prix/>"#))
        #expect(result.stations.first?.prices.map(\.fuel) == [.gasoline98])
        #expect(result.counters[.emptyPrix] == 2)
    }

    @Test func stationWithOnlyEmptyPrixIsKeptWithoutPrices() throws {
        let result = try Self.parse(Self.pdv(id: 1, "<prix/>") + Self.pdv(id: 2))
        #expect(result.stations.map(\.id) == ["FR-1", "FR-2"])
        #expect(result.stations.first?.prices == [])
    }

    struct Shortage: Sendable, CustomTestStringConvertible {
        var label: String
        var rupture: String
        var unavailable: [FuelCode]?
        /// Fuels that keep a price (the station also has an E10 price).
        var priced: [FuelCode]
        var testDescription: String { label }
    }

    // The reference time is the newest maj: 2024-05-11 13:15:00 Paris.
    static let shortages: [Shortage] = [
        Shortage(
            label: "temporaire, ongoing: unavailable, last price kept",
            rupture: #"<rupture nom="E10" id="5" debut="2024-05-10 16:16:02" fin="" type="temporaire"/>"#,
            unavailable: [.gasoline95E10], priced: [.diesel, .gasoline95E10]),
        Shortage(
            label: "definitive: not sold any more, price dropped, not listed",
            rupture: #"<rupture nom="E10" id="5" debut="2024-05-10 16:16:02" fin="" type="definitive"/>"#,
            unavailable: nil, priced: [.diesel]),
        Shortage(
            label: "no type (older files), fin empty: unavailable",
            rupture: #"<rupture id="5" nom="E10" debut="2018-12-13T09:49:49" fin=""/>"#,
            unavailable: [.gasoline95E10], priced: [.diesel, .gasoline95E10]),
        Shortage(
            label: "no type, fin before the reference time: over",
            rupture: #"<rupture id="5" nom="E10" debut="2024-05-01T09:00:00" fin="2024-05-11T13:14:59"/>"#,
            unavailable: nil, priced: [.diesel, .gasoline95E10]),
        Shortage(
            label: "no type, fin after the reference time: unavailable",
            rupture: #"<rupture id="5" nom="E10" debut="2024-05-01T09:00:00" fin="2024-05-11T13:15:01"/>"#,
            unavailable: [.gasoline95E10], priced: [.diesel, .gasoline95E10]),
        Shortage(
            label: "temporaire with fin in the past: over",
            rupture:
                #"<rupture nom="E10" id="5" debut="2024-05-01 09:00:00" fin="2024-05-02 09:00:00" type="temporaire"/>"#,
            unavailable: nil, priced: [.diesel, .gasoline95E10]),
        Shortage(
            label: "temporaire for a fuel without a price",
            rupture: #"<rupture nom="GPLc" id="4" debut="2024-05-10 16:16:02" fin="" type="temporaire"/>"#,
            unavailable: [.lpg], priced: [.diesel, .gasoline95E10]),
    ]

    @Test(arguments: shortages)
    func shortagesAgainstTheReferenceTime(_ shortage: Shortage) throws {
        let body =
            #"<prix nom="Gazole" id="1" maj="2024-05-11 13:15:00" valeur="1.739"/>"#
            + #"<prix nom="E10" id="5" maj="2024-05-09 08:00:00" valeur="1.889"/>"# + shortage.rupture
        let result = try Self.parse(Self.pdv(body))
        let station = try #require(result.stations.first)
        #expect(result.referenceTime == FeedRun.utc("2024-05-11T11:15:00Z"))
        #expect(station.unavailable == shortage.unavailable)
        #expect(station.prices.map(\.fuel) == shortage.priced)
    }

    @Test(arguments: [
        FeedTimeCase(text: "2024-05-08 12:30:00", utc: "2024-05-08T10:30:00Z"),
        FeedTimeCase(text: "2021-01-08T10:20:52", utc: "2021-01-08T09:20:52Z"),
        FeedTimeCase(text: "2013-09-23 09:19:53.795804", utc: "2013-09-23T07:19:53Z"),
        FeedTimeCase(text: "2025-10-25 12:00:00", utc: "2025-10-25T10:00:00Z"),
        FeedTimeCase(text: "2025-10-26 03:30:00", utc: "2025-10-26T02:30:00Z"),
    ])
    func majIsParisWallClock(_ time: FeedTimeCase) throws {
        let result = try Self.parse(Self.pdv(#"<prix nom="Gazole" id="1" maj="\#(time.text)" valeur="1.739"/>"#))
        #expect(result.stations.first?.prices.first?.updated == FeedRun.utc(time.utc))
    }

    @Test func archivesKeepTheNewestPriceOfEachFuel() throws {
        let result = try Self.parse(
            Self.pdv(
                #"<prix nom="Gazole" id="1" maj="2021-01-04T08:00:00" valeur="1259"/>"#
                    + #"<prix nom="Gazole" id="1" maj="2021-01-08T10:20:52" valeur="1274"/>"#
                    + #"<prix nom="Gazole" id="1" maj="2021-01-06T08:00:00" valeur="1266"/>"#))
        #expect(result.stations.first?.prices.map(\.price) == [1.274])
    }

    @Test func unknownFuelNamesBecomeOtherWithTheirLabel() throws {
        let result = try Self.parse(Self.pdv(#"<prix nom="GNV" id="7" maj="2024-05-08 12:30:00" valeur="1.2"/>"#))
        let price = try #require(result.stations.first?.prices.first)
        #expect(price.fuel == .other)
        #expect(price.label == "GNV")
        #expect(result.counters[.unknownFuel(name: "GNV")] == 1)
    }

    @Test func aStationInTwoFilesKeepsTheNewerRecord() throws {
        let older = Self.document(
            Self.pdv(id: 7, #"<prix nom="Gazole" id="1" maj="2024-05-08 12:30:00" valeur="1.7"/>"#))
        let newer = Self.document(
            Self.pdv(id: 7, #"<prix nom="Gazole" id="1" maj="2024-05-09 12:30:00" valeur="1.8"/>"#))
        let result = try FeedRun.files("FR", ["a.xml": newer, "b.xml": older])
        #expect(result.stations.count == 1)
        #expect(result.stations.first?.prices.map(\.price) == [1.8])
        #expect(result.counters[.stationListedTwice] == 1)
    }

    @Test func externalEntitiesAreNeverRead() throws {
        let secret = "SECRET-\(UUID().uuidString)"
        let folder = RepositoryPaths.temporaryDirectory("xxe")
        let secretFile = folder.appendingPathComponent("secret.txt")
        try Data(secret.utf8).write(to: secretFile)
        let prolog =
            #"<?xml version="1.0" encoding="ISO-8859-1"?>"#
            + #"<!DOCTYPE pdv_liste [<!ENTITY xxe SYSTEM "\#(secretFile.absoluteString)">]>"#
        let body =
            #"<pdv id="1" latitude="4620114" longitude="519791" cp="01000" pop="R"><adresse>&xxe;</adresse>"#
            + #"<prix nom="Gazole" id="1" maj="2024-05-08 12:30:00" valeur="1.739"/></pdv>"#
        do {
            let result = try FeedRun.files("FR", ["feed.xml": Self.document(body, prolog: prolog)])
            #expect(result.stations.allSatisfy { !($0.address ?? "").contains(secret) })
        } catch let error as FeedError {
            #expect(!error.description.contains(secret))
            #expect(error.reason.contains("xxe"), "\(error)")
        }
    }

    struct Hours: Sendable, CustomTestStringConvertible {
        var label: String
        var horaires: String
        var expected: String?
        var testDescription: String { label }
    }

    @Test(arguments: [
        Hours(
            label: "weekdays alike, two intervals on Saturday, Sunday closed",
            horaires: #"<horaires automate-24-24="">"#
                + (1...5).map {
                    #"<jour id="\#($0)" nom="" ferme=""><horaire ouverture="07.30" fermeture="21.00"/></jour>"#
                }
                .joined()
                + #"<jour id="6" nom="Samedi" ferme=""><horaire ouverture="07.30" fermeture="12.30"/>"#
                + #"<horaire ouverture="13.30" fermeture="19.00"/></jour><jour id="7" nom="Dimanche" ferme="1"/>"#
                + "</horaires>",
            expected: "Mo-Fr 07:30-21:00; Sa 07:30-12:30,13:30-19:00; Su closed"),
        Hours(
            label: "automat only, no days",
            horaires: #"<horaires automate-24-24="1"></horaires>"#, expected: "24/7 automat"),
        Hours(
            label: "a day neither closed nor with times says nothing",
            horaires: #"<horaires automate-24-24=""><jour id="1" nom="Lundi" ferme=""/>"#
                + #"<jour id="3" nom="Mercredi" ferme=""><horaire ouverture="6.00" fermeture="22.00"/></jour></horaires>"#,
            expected: "We 06:00-22:00"),
        Hours(
            label: "non-adjacent days with the same hours stay apart",
            horaires: #"<horaires automate-24-24="">"#
                + #"<jour id="1" nom="Lundi" ferme=""><horaire ouverture="08.00" fermeture="12.00"/></jour>"#
                + #"<jour id="3" nom="Mercredi" ferme=""><horaire ouverture="08.00" fermeture="12.00"/></jour>"#
                + "</horaires>",
            expected: "Mo 08:00-12:00; We 08:00-12:00"),
        Hours(
            label: "every day open all day is 24/7",
            horaires: #"<horaires automate-24-24="">"#
                + (1...7).map {
                    #"<jour id="\#($0)" nom="" ferme=""><horaire ouverture="00.00" fermeture="00.00"/></jour>"#
                }
                .joined() + "</horaires>",
            expected: "24/7"),
        Hours(
            label: "six days open all day and Sunday closed",
            horaires: #"<horaires automate-24-24="1">"#
                + (1...6).map {
                    #"<jour id="\#($0)" nom="" ferme=""><horaire ouverture="00.00" fermeture="23.59"/></jour>"#
                }
                .joined() + #"<jour id="7" nom="Dimanche" ferme="1"/></horaires>"#,
            expected: "24/7 automat; Mo-Sa 00:00-24:00; Su closed"),
        Hours(
            label: "nothing at all",
            horaires: #"<horaires automate-24-24=""></horaires>"#, expected: nil),
        Hours(
            label: "a malformed time is left out",
            horaires: #"<horaires automate-24-24="1"><jour id="2" nom="Mardi" ferme="">"#
                + #"<horaire ouverture="8h" fermeture="12.00"/></jour></horaires>"#,
            expected: "24/7 automat"),
    ])
    func openingHours(_ hours: Hours) throws {
        let result = try Self.parse(
            Self.pdv(hours.horaires + #"<prix nom="Gazole" id="1" maj="2024-05-08 12:30:00" valeur="1.739"/>"#))
        #expect(result.stations.first?.hours == hours.expected)
    }

    // MARK: Rules of docs/feeds.md that no other test showed, one small case each

    @Test func frAStationWithOnlyAShortageIsKeptWithoutPrices() throws {
        let body = #"<rupture id="1" nom="Gazole" debut="2024-05-07T08:00:00" fin="" type="temporaire"/>"#
        // A second, priced station: a feed with no price at all is refused as not the real feed.
        let result = try FRQuirkTests.parse(FRQuirkTests.pdv(id: 2, body) + FRQuirkTests.pdv(id: 3))
        let station = try #require(result.station("FR-2"))
        #expect(station.prices.isEmpty)
        #expect(station.unavailable == [.diesel])
    }

    @Test func frAnEmptyPostcodeIsNoPostcode() throws {
        let pdv = FRQuirkTests.pdv().replacingOccurrences(of: #"cp="01000""#, with: #"cp="""#)
        let station = try #require(try FRQuirkTests.parse(pdv).stations.first)
        #expect(station.postcode == nil)
        #expect(station.city == "BOURG")
    }
}
