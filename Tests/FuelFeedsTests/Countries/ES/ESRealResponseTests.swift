import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelFeeds

/// ES rules shown on real MITECO responses (`Fixtures/ES/SOURCES.md`): the one-digit hour of `Fecha`, E85 in
/// `Precio Bioetanol`, and the real answers that carry no stations.
@Suite struct ESRealResponseTests {
    static let barcelona = "estaciones-terrestres-barcelona-2025-09-27-first40.json"
    static let realFecha = #""Fecha":"27\/09\/2025 18:05:47""#

    /// `fecha`: As MITECO writes it, slashes escaped.
    typealias FechaCase = NamedCase<(fecha: String, utc: String)>

    static let fechaCases: [FechaCase] = [
        FechaCase("2:46:36 in summer (UTC+2)", (fecha: #"13\/09\/2025 2:46:36"#, utc: "2025-09-13T00:46:36Z")),
        FechaCase("2:46:36 in winter (UTC+1)", (fecha: #"13\/01\/2026 2:46:36"#, utc: "2026-01-13T01:46:36Z")),
        FechaCase(
            "spring change: 2:46 does not exist, read forward",
            (
                fecha: #"30\/03\/2025 2:46:36"#,
                utc: "2025-03-30T01:46:36Z"
            )),
        FechaCase(
            "autumn change: 2:46 happens twice, the earlier one",
            (
                fecha: #"26\/10\/2025 2:46:36"#,
                utc: "2025-10-26T00:46:36Z"
            )),
        FechaCase(
            "the day after the 2016 autumn change, as the 2016 dumps write it",
            (
                fecha: #"30\/10\/2016 7:00:18"#,
                utc: "2016-10-30T06:00:18Z"
            )),
        FechaCase("unpadded day and month", (fecha: #"3\/6\/2026 3:06:43"#, utc: "2026-06-03T01:06:43Z")),
    ]

    /// The real Barcelona response with its `Fecha` replaced, every other byte as published.
    static func barcelona(replacing old: String, with new: String) throws -> FeedParseResult {
        let text = String(decoding: try FeedRun.fixture("ES", barcelona), as: UTF8.self)
        let changed = text.replacingOccurrences(of: old, with: new)
        try #require(changed != text, "the fixture no longer holds \(old)")
        return try FeedRun.files("ES", ["response.json": Array(changed.utf8)])
    }

    @Test(arguments: fechaCases)
    func oneDigitHoursGiveTheRightUTCTime(_ testCase: FechaCase) throws {
        let result = try Self.barcelona(replacing: Self.realFecha, with: #""Fecha":""# + testCase.fecha + "\"")
        let time = FeedRun.utc(testCase.utc)
        #expect(result.referenceTime == time)
        #expect(result.stations.count == 40)
        #expect(result.stations.allSatisfy { $0.prices.allSatisfy { $0.updated == time } })
    }

    struct BioethanolCase: Sendable, CustomTestStringConvertible {
        var share: String
        var expected: FuelPrice
        var testDescription: String { "% BioEtanol \(share)" }
    }

    static let time = FeedRun.utc("2025-09-27T16:05:47Z")
    static let bioethanolCases: [BioethanolCase] = [
        BioethanolCase(share: "85,0", expected: FuelPrice(fuel: .e85, price: 0.899, updated: time, unit: .litre)),
        BioethanolCase(share: "70,0", expected: FuelPrice(fuel: .e85, price: 0.899, updated: time, unit: .litre)),
        BioethanolCase(
            share: "69,9",
            expected: FuelPrice(fuel: .other, price: 0.899, updated: time, unit: .litre, label: "Bioetanol")),
        BioethanolCase(
            share: "", expected: FuelPrice(fuel: .other, price: 0.899, updated: time, unit: .litre, label: "Bioetanol")),
    ]

    /// Station 1736, the first of the real response, given a bioethanol price and share.
    @Test(arguments: bioethanolCases)
    func bioethanolIsE85FromSeventyPercent(_ testCase: BioethanolCase) throws {
        let text = String(decoding: try FeedRun.fixture("ES", Self.barcelona), as: UTF8.self)
        let first = try #require(text.range(of: #""Precio Bioetanol":"","#))
        var changed = text.replacingCharacters(in: first, with: #""Precio Bioetanol":"0,899","#)
        let share = try #require(changed.range(of: #""% BioEtanol":"0,0""#))
        changed.replaceSubrange(share, with: #""% BioEtanol":""# + testCase.share + "\"")
        let result = try FeedRun.files("ES", ["response.json": Array(changed.utf8)])
        let station = try #require(result.stations.first { $0.id == "ES-1736" })
        #expect(station.prices.contains(testCase.expected))
        #expect(!station.prices.contains { $0.label == "Bioetanol" && testCase.expected.fuel == .e85 })
        // The other 39 stations sell no bioethanol.
        #expect(result.stations.filter { $0.prices.contains { $0.price == 0.899 } }.map(\.id) == ["ES-1736"])
    }

    struct EmptyCase: Sendable, CustomTestStringConvertible {
        var file: String
        var reason: String
        var testDescription: String { file }
    }

    /// Real answers with no stations, from the daily dumps of 2016 to 2018: refused with a reason, never
    /// published as a Spain with no stations.
    @Test(
        arguments: [
            EmptyCase(
                file: "estaciones-terrestres-2016-06-21-empty.json",
                reason: "missing field ResultadoConsulta: not a MITECO EstacionesTerrestres response"),
            EmptyCase(
                file: "estaciones-terrestres-2018-01-02-empty.json",
                reason: "the service answered ResultadoConsulta null instead of \"OK\""),
        ])
    func realEmptyAnswersAreRefused(_ testCase: EmptyCase) throws {
        let bytes = try FeedRun.fixture("ES", "empty-responses/" + testCase.file)
        let error = try #require(throws: FeedError.self) { try FeedRun.files("ES", [testCase.file: bytes]) }
        #expect(error.country == "ES")
        #expect(error.file.hasSuffix(testCase.file))
        #expect(error.reason == testCase.reason)
    }
}
