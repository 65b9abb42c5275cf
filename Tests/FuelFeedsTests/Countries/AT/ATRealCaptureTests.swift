import Foundation
import FuelFeeds
import FuelFormat
import Testing
import _FuelTestSupport

/// The AT adapter on real recorded answers (`Fixtures/AT/SOURCES.md`): two E-Control `by-address` answers for
/// central Vienna of 2026-06-11. Expected values were read off the JSON by hand; coordinates rounded to 6 places
/// (`48.1963966` is 48.196397).
@Suite struct ATRealCaptureTests {
    static let fetchedAt = [
        "by-address-wien-DIE.json": "2026-06-11T09:00:00Z", "by-address-wien-SUP.json": "2026-06-11T09:00:01Z",
    ]

    /// The two answers in a fresh `AT` folder, with their fetch times in a manifest as fetching writes it.
    static func austria() throws -> FeedParseResult {
        var files: [String: [UInt8]] = [:]
        for name in fetchedAt.keys { files[name] = try FeedFixture.bytes("AT/econtrol-2026-06-11-vienna/" + name) }
        let input = try FeedFixture.input(country: "AT", files: files, manifest: ATAdapterTests.manifest(fetchedAt))
        return try ATAdapter().parse(input)
    }

    static let austriaCases: [StationCase] = [
        StationCase(
            label: "1494440 TMC Wien: closed Sunday and holiday written 00:00-00:00, no brand in the name",
            expected: Station(
                id: "AT-1494440", country: "AT", name: "TMC Werkstatt & Tankstelle", brand: nil,
                address: "Rechte Wienzeile 43", postcode: "1050", city: "Wien", latitude: 48.196397,
                longitude: 16.358812,
                prices: [
                    FeedRun.price(.diesel, 1.759, "2026-06-11T09:00:00Z"),
                    FeedRun.price(.gasoline95, 1.689, "2026-06-11T09:00:01Z"),
                ],
                hours: "Mo-Sa 07:00-19:00; Su closed; PH closed", openingHours: "Mo-Sa 07:00-19:00; Su off; PH off",
                services: ["Attended service", "Cash", "Credit card", "Debit card"])),
        StationCase(
            label: "4348 eni Floragasse: listed without prices, other payment methods",
            expected: Station(
                id: "AT-4348", country: "AT", name: "eni", brand: "Eni", address: "Floragasse 7a", postcode: "1040",
                city: "Wien", latitude: 48.194386, longitude: 16.368023, prices: [],
                hours: "Mo-Fr 07:00-22:00; Sa 09:00-14:00; Su closed; PH closed",
                openingHours: "Mo-Fr 07:00-22:00; Sa 09:00-14:00; Su off; PH off",
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
