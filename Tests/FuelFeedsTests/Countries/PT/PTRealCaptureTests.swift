import Foundation
import FuelFeeds
import FuelFormat
import Testing
import _FuelTestSupport

/// The PT and AT adapters on real recorded answers (`Fixtures/PT/SOURCES.md`, `Fixtures/AT/SOURCES.md`): a DGEG
/// `PesquisarPostos` slice of 2026-06-10 and two E-Control `by-address` answers for central Vienna of 2026-06-11.
/// Expected values were read off the JSON by hand.
@Suite struct PTATRealCaptureTests {
    // MARK: PT

    static func portugal() throws -> FeedParseResult {
        let folder = RepositoryPaths.feedFixtures().appendingPathComponent("PT/dgeg-2026-06-10")
        return try PortugalAdapter().parse(try FeedFixture.input(folder: folder, country: "PT"))
    }

    static let portugalCases: [StationCase] = [
        StationCase(
            label: "93086 Famões: Intermarché, five fuels at 13:15 Lisbon summer time",
            expected: Station(
                id: "PT-93086", country: "PT", name: "Posto de Abastecimento - Intermarché de Famões",
                brand: "Intermarché", address: "Urb. Quinta do Segulim, Lote EA-01", postcode: "1675-351",
                city: "Famões", latitude: 38.792127, longitude: -9.214949,
                prices: [
                    FeedRun.price(.diesel, 1.819, "2026-06-08T12:15:00Z"),
                    FeedRun.price(.gasoline95, 1.839, "2026-06-08T12:15:00Z"),
                    FeedRun.price(.gasoline95Premium, 1.869, "2026-06-08T12:15:00Z"),
                    FeedRun.price(.gasoline98, 1.959, "2026-06-08T12:15:00Z"),
                    FeedRun.price(.lpg, 0.949, "2026-06-08T12:15:00Z"),
                ])),
        StationCase(
            label: "94406 Pousada de Saramagos: PRIO, midnight local is the day before in UTC",
            expected: Station(
                id: "PT-94406", country: "PT", name: "PRIO Pousada de Saramagos", brand: "Prio",
                address: "Av. Riopele 815", postcode: "4770-405", city: "Pousada de Saramagos", latitude: 41.42762,
                longitude: -8.43019,
                prices: [
                    FeedRun.price(.gasoline95, 1.954, "2026-06-07T23:00:00Z"),
                    FeedRun.price(.gasoline95Premium, 1.889, "2026-06-07T23:00:00Z"),
                    FeedRun.price(.gasoline98, 2.054, "2026-06-07T23:00:00Z"),
                    FeedRun.price(.lpg, 0.949, "2026-06-07T23:00:00Z"),
                ])),
    ]

    @Test(arguments: portugalCases)
    func portugalStation(_ testCase: StationCase) throws {
        let station = try #require(try Self.portugal().station(testCase.expected.id))
        #expect(station == testCase.expected)
    }

    /// 9 rows (of the 9,654 the query matched, as every row's `Quantidade` says) make 2 stations.
    @Test func portugalWholeSlice() throws {
        let result = try Self.portugal()
        #expect(result.records == 9)
        #expect(result.stations.map(\.id) == ["PT-93086", "PT-94406"])
        #expect(result.rejects.isEmpty)
        #expect(result.counters.isEmpty)
        #expect(result.referenceTime == FeedRun.utc("2026-06-08T12:15:00Z"))
    }

    // MARK: AT

    static let fetchedAt = [
        "by-address-wien-DIE.json": "2026-06-11T09:00:00Z", "by-address-wien-SUP.json": "2026-06-11T09:00:01Z",
    ]

    /// The two answers in a fresh `AT` folder, with their fetch times in a manifest as fetching writes it.
    static func austria() throws -> FeedParseResult {
        var files: [String: [UInt8]] = [:]
        for name in fetchedAt.keys { files[name] = try FeedFixture.bytes("AT/econtrol-2026-06-11-vienna/" + name) }
        let input = try FeedFixture.input(country: "AT", files: files, manifest: ATAdapterTests.manifest(fetchedAt))
        return try AustriaAdapter().parse(input)
    }

    static let austriaCases: [StationCase] = [
        StationCase(
            label: "1494440 TMC Wien: closed Sunday and holiday written 00:00-00:00, no brand in the name",
            expected: Station(
                id: "AT-1494440", country: "AT", name: "TMC Werkstatt & Tankstelle", brand: nil,
                address: "Rechte Wienzeile 43", postcode: "1050", city: "Wien", latitude: 48.1963966,
                longitude: 16.358812,
                prices: [
                    FeedRun.price(.diesel, 1.759, "2026-06-11T09:00:00Z"),
                    FeedRun.price(.gasoline95, 1.689, "2026-06-11T09:00:01Z"),
                ],
                hours: "Mo-Sa 07:00-19:00; Su closed; PH closed",
                services: ["Attended service", "Cash", "Credit card", "Debit card"])),
        StationCase(
            label: "4348 eni Floragasse: listed without prices, other payment methods",
            expected: Station(
                id: "AT-4348", country: "AT", name: "eni", brand: "Eni", address: "Floragasse 7a", postcode: "1040",
                city: "Wien", latitude: 48.1943861, longitude: 16.3680232, prices: [],
                hours: "Mo-Fr 07:00-22:00; Sa 09:00-14:00; Su closed; PH closed",
                services: [
                    "Attended service", "Cash", "Credit card", "Debit card",
                    "Other payment: ROUTEX, VISA, Mastercard, Maestro, OMV Card, eni multicard, BP Plus Karte, Diners Club, AMEX",
                ])),
    ]

    @Test(arguments: austriaCases)
    func austriaStation(_ testCase: StationCase) throws {
        let station = try #require(try Self.austria().station(testCase.expected.id))
        #expect(station == testCase.expected)
    }

    /// 10 stations in each answer, the same 10; only the 5 cheapest carry a price, once per fuel.
    @Test func austriaWholeAnswers() throws {
        let result = try Self.austria()
        #expect(result.records == 20)
        #expect(result.stations.count == 10)
        #expect(result.stations.filter { !$0.prices.isEmpty }.count == 5)
        #expect(result.stations.reduce(0) { $0 + $1.prices.count } == 10)
        #expect(result.rejects.isEmpty)
        #expect(result.notes.isEmpty)
        // No day reads as a 00:00-00:00 span.
        #expect(!result.stations.contains { $0.hours?.contains("00:00-00:00") == true })
    }
}
