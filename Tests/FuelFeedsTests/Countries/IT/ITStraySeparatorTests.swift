import Foundation
import FuelFormat
import Testing

@testable import FuelFeeds

/// Registry rows with a `|` inside a text field that is not the known web-form tail: the station is kept, its
/// coordinates, town and address anchored from the right, its text fields placed by the road type
/// (``ITRegistry/middleFields(_:)``), and the repair counted. Also where the real registry's coordinates are rounded
/// on their text.
@Suite struct ITStraySeparatorTests {
    static let counter = Reason.Kind.registryRowGuessed

    /// The real rows of 2026-03-28 in `Fixtures/IT/2026-03-28-stray-separators/`: two of 12 fields (` | BENZINA.IT`
    /// in `Gestore`, the web-form tail in `Nome Impianto`), and two whose coordinates rounding the double got wrong.
    static func realCut() throws -> FeedParseResult {
        try FeedRun.fixtureFolder("IT", "2026-03-28-stray-separators")
    }

    static func price(_ fuel: FuelCode, _ euros: Double, _ service: ServiceKind, _ utc: String) -> FuelPrice {
        FeedRun.price(fuel, euros, utc, service: service)
    }

    static let realCases: [StationCase] = [
        StationCase(
            label: "24344 Fombio: 12 fields, unbranded, the web-form tail dropped from the name",
            expected: Station(
                id: "IT-24344", country: "IT", name: "START SERVICE - FOMBIO", brand: nil,
                address: "VIA BOCCASERIO 1 26861", city: "FOMBIO", latitude: 45.148979, longitude: 9.697519,
                prices: [
                    price(.diesel, 2.069, .selfService, "2026-03-26T13:24:59Z"),
                    price(.gasoline95, 1.729, .selfService, "2026-03-26T13:24:59Z"),
                    price(.lpg, 0.699, .fullService, "2026-03-26T13:24:59Z"),
                ])),
        StationCase(
            label: "48837 Codogno: 12 fields, Esso",
            expected: Station(
                id: "IT-48837", country: "IT", name: "ESSO - CODOGNO", brand: "Esso",
                address: "VIALE MARCONI 20 26845", city: "CODOGNO", latitude: 45.161017, longitude: 9.711855,
                prices: [
                    price(.diesel, 2.069, .selfService, "2026-03-24T07:22:54Z"),
                    price(.gasoline95, 1.729, .selfService, "2026-03-24T07:22:54Z"),
                ])),
        StationCase(
            label: "41762 Roma: Latitudine 41.858087499999996 is 41.858087, not 41.858088",
            expected: Station(
                id: "IT-41762", country: "IT", name: "STAZIONE LUDOIL", brand: "Q8",
                address: "via di vermicino 88 00133", city: "ROMA", latitude: 41.858087, longitude: 12.673918,
                prices: [
                    price(.diesel, 2.019, .fullService, "2026-03-27T12:14:03Z"),
                    price(.diesel, 2.019, .selfService, "2026-03-27T12:14:03Z"),
                    price(.gasoline95, 1.719, .fullService, "2026-03-27T12:14:03Z"),
                    price(.gasoline95, 1.719, .selfService, "2026-03-27T12:14:03Z"),
                ])),
    ]

    @Test(arguments: realCases)
    func realStation(_ testCase: StationCase) throws {
        let station = try #require(try Self.realCut().stations.first { $0.id == testCase.expected.id })
        #expect(station == testCase.expected)
    }

    @Test func realCutAsAWhole() throws {
        let result = try Self.realCut()
        #expect(result.records == 4 + 17)
        #expect(result.stations.map(\.id) == ["IT-24344", "IT-41762", "IT-48837", "IT-57586"])
        #expect(result.rejects.isEmpty, "every price row has its station now")
        #expect(result.counters[Self.counter] == 2)
        #expect(result.counters[.registryRowRepaired] == 0)
        // 57586 Alba: Longitudine 8.0219525, a tie, goes away from zero (the double gave 8.021952).
        let alba = try #require(result.stations.first { $0.id == "IT-57586" })
        #expect(alba.latitude == 44.713068)
        #expect(alba.longitude == 8.021953)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var label: String
        /// `Gestore` to `Nome Impianto`, as written.
        var middle: String
        var name: String?
        var brand: String?
        var motorway: Bool?
        var counter: Reason.Kind?
        var testDescription: String { label }
    }

    @Test(arguments: [
        Row(
            label: "a separator in Gestore only (11 fields)", middle: "ROSSI | FIGLI|Esso|Stradale|ROSSI",
            name: "ROSSI", brand: "Esso", counter: counter),
        Row(
            label: "a separator in the name only (11 fields)", middle: "A|Esso|Stradale|NAME|EXTRA",
            name: "NAME|EXTRA", brand: "Esso", counter: counter),
        Row(
            label: "two in Gestore and one in the name, a motorway (14 fields)",
            middle: "A | B | C|Q8|Autostradale|AREA | NORD", name: "AREA | NORD", brand: "Q8", motorway: true,
            counter: counter),
        Row(
            label: "the 2018 road type Strada Statale, in any case", middle: "A | B|Q8|STRADA STATALE|NAME",
            name: "NAME", brand: "Q8", counter: counter),
        Row(
            label: "no known road type: Gestore, Bandiera, Tipo first, the rest is the name",
            middle: "A|Esso|Superstrada|NAME|EXTRA", name: "NAME|EXTRA", brand: "Esso", counter: counter),
        Row(
            label: "two pieces that are only the web-form text: placed as written",
            middle: "A|gestori.prezzibenzina.it|Esso|Stradale|gestori.prezzibenzina.it", name: nil, brand: "Esso",
            counter: counter),
        Row(
            label: "the web-form tail alone is the known repair",
            middle: "A | gestori.prezzibenzina.it|Esso|Stradale|N",
            name: "N", brand: "Esso", counter: .registryRowRepaired),
        Row(label: "ten fields need nothing", middle: "A|Esso|Stradale|N", name: "N", brand: "Esso"),
    ])
    func rowIsKept(_ row: Row) throws {
        let result = try ITQuirkTests.parse(
            registry: ITQuirkTests.registryHeader + "1|\(row.middle)|VIA X|ROMA|RM|41.858087499999996|12.5\n",
            prices: ITQuirkTests.pricesHeader + "1|Benzina|1.9|1|18/08/2026 19:25:02\n")
        let station = try #require(result.stations.first)
        #expect(result.stations.count == 1)
        #expect(result.rejects.isEmpty)
        #expect(station.id == "IT-1")
        #expect(station.name == row.name)
        #expect(station.brand == row.brand)
        #expect(station.motorway == row.motorway)
        #expect(station.address == "VIA X")
        #expect(station.city == "ROMA")
        #expect(station.latitude == 41.858087)
        #expect(station.longitude == 12.5)
        #expect(station.prices.map(\.price) == [1.9])
        let repairs: [Reason.Kind] = [Self.counter, .registryRowRepaired]
        #expect(
            result.counters.counts.filter { repairs.contains($0.key.kind) }
                == (row.counter.map { [Reason($0): 1] } ?? [:]))
    }
}
