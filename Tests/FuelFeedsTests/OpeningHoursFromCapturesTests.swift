import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelFeeds

/// `openingHours` as the FR, AT and ES adapters write it from their real captures: in the published subset, and,
/// checked by an independent parser (PyPI `opening-hours-py`, `scripts/check-opening-hours`), valid OpenStreetMap
/// `opening_hours`.
@Suite struct OpeningHoursFromCapturesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        var openingHours: String?
        var why: String
        var testDescription: String { "\(id): \(why)" }
    }

    static let cases: [Case] = [
        Case(
            id: "AT-1494440", openingHours: "Mo-Sa 07:00-19:00; Su off; PH off",
            why: "Sunday and holiday written 00:00-00:00 are off"),
        Case(
            id: "AT-4348", openingHours: "Mo-Fr 07:00-22:00; Sa 09:00-14:00; Su off; PH off",
            why: "a shorter Saturday"),
        Case(id: "FR-59780003", openingHours: nil, why: "closed all week while its prices are current: unknown"),
        Case(id: "FR-20220006", openingHours: nil, why: "automat, days that say nothing: unknown"),
        Case(
            id: "ES-1736", openingHours: "Mo-Fr 07:00-22:00; Sa 08:00-22:00; Su 10:00-22:00",
            why: "L-V: 07:00-22:00; S: 08:00-22:00; D: 10:00-22:00"),
        Case(id: "ES-13318", openingHours: "24/7", why: "L-D: 24H"),
        Case(id: "ES-15097", openingHours: "Mo 00:00-24:00", why: "L: 24H: the other days are not named, so closed"),
        Case(id: "ES-10363", openingHours: "Mo-Su 07:00-21:00", why: "L-D: 7:00-21:00 gains its zero"),
    ]

    @Test(arguments: cases)
    func aRealStationHasTheseHours(_ testCase: Case) throws {
        let station = try #require(try RealCaptures.stations().first { $0.station.id == testCase.id }?.station)
        #expect(station.openingHours == testCase.openingHours)
    }

    /// Every value is in the subset, spelled as ``OpeningHours/text`` spells it; and each country writes some.
    @Test func everyValueIsInTheSubset() throws {
        let stations = try RealCaptures.stations().map(\.station)
        for station in stations {
            guard let value = station.openingHours else { continue }
            #expect(OpeningHours(parsing: value)?.text == value, "\(station.id): \(value)")
        }
        for country in ["AT", "ES", "FR"] {
            #expect(stations.contains { $0.country == country && $0.openingHours != nil }, "\(country) writes none")
        }
    }

    struct Share: Sendable, CustomTestStringConvertible {
        var source: String
        /// Stations of the capture, those with hours as text (`hours`), and those whose hours convert.
        var stations: Int
        var withHours: Int
        var converted: Int
        var testDescription: String { source }
    }

    /// What share of each real capture's stations gets machine-readable hours (docs/feeds.md gives these figures).
    static let shares = [
        Share(
            source: "FR/PrixCarburants_instantane-2022-05-03.zip", stations: 9_949, withHours: 4_622, converted: 2_548),
        Share(
            source: "FR/PrixCarburants_instantane-2026-02-12.zip", stations: 9_931, withHours: 6_218, converted: 2_990),
        Share(source: "AT/econtrol-2026-06-11-vienna", stations: 10, withHours: 10, converted: 10),
    ]

    @Test(arguments: shares) func theShareOfEachCapturesStationsWithMachineHours(_ share: Share) throws {
        let stations = try RealCaptures.stations().filter { $0.source == share.source }.map(\.station)
        #expect(stations.count == share.stations)
        #expect(stations.count { $0.hours != nil } == share.withHours)
        #expect(stations.count { $0.openingHours != nil } == share.converted)
    }

    @Test(.tags(.python)) func everyValueParsesWithOpeningHoursPy() throws {
        let values = Set(try RealCaptures.stations().compactMap(\.station.openingHours)).sorted()
        let folder = RepositoryPaths.temporaryDirectory("opening-hours")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("values.txt")
        try Data(values.joined(separator: "\n").utf8).write(to: file)
        let script = RepositoryPaths.root().appendingPathComponent("scripts/check-opening-hours").path
        let result = try CapturedRun.run("python3", [script, file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(values.count > 100)
    }
}
