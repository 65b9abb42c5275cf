import Foundation
import FuelFormat
import Testing

@testable import FuelFeeds

/// The FR adapter over whole national instantané ZIPs, exactly as the publisher served them (ISO-8859-1 XML
/// inside; provenance in `Fixtures/FR/SOURCES.md`). Expected values were read off the XML by hand, and the counts
/// by an independent Python count of the same file.
@Suite struct FRNationalFileTests {
    static let file2022 = "PrixCarburants_instantane-2022-05-03.zip"
    static let file2026 = "PrixCarburants_instantane-2026-02-12.zip"

    static let cases: [StationCase] = [
        StationCase(
            label: "59780003 Camphin-en-Pévèle: closed all week with 01.00-01.00 and current prices, automat",
            expected: Station(
                id: "FR-59780003", country: "FR", address: "RD 93 GRANDE RUE", postcode: "59780",
                city: "Camphin-en-Pévèle", latitude: 50.594775, longitude: 3.257818,
                prices: [
                    FeedRun.price(.diesel, 1.956, "2022-05-03T05:26:29Z"),
                    FeedRun.price(.e85, 0.729, "2022-04-08T09:42:16Z"),
                    FeedRun.price(.gasoline95E10, 1.832, "2022-05-03T05:26:29Z"),
                    FeedRun.price(.gasoline98, 1.903, "2022-05-03T05:26:30Z"),
                ],
                hours: "24/7 automat", automatHours: "24/7",
                services: ["Automate CB 24/24", "Lavage automatique", "Laverie", "Station de gonflage"])),
        StationCase(
            label: "34920001 Le Crès: closed all week with current prices, no automat: hours unknown",
            expected: Station(
                id: "FR-34920001", country: "FR", address: "Route de Jacou", postcode: "34920", city: "LE CRèS",
                latitude: 43.659613, longitude: 3.93617,
                prices: [
                    FeedRun.price(.diesel, 1.9, "2022-05-02T05:21:21Z"),
                    FeedRun.price(.e85, 0.676, "2022-05-02T05:21:21Z"),
                    FeedRun.price(.gasoline95, 1.83, "2022-05-02T05:21:21Z"),
                    FeedRun.price(.gasoline98, 1.842, "2022-05-02T05:21:22Z"),
                ],
                hours: nil,
                services: [
                    "Boutique alimentaire", "DAB (Distributeur automatique de billets)", "Lavage automatique",
                    "Location de véhicule", "Piste poids lourds", "Restauration à emporter", "Station de gonflage",
                    "Vente de gaz domestique (Butane, Propane)",
                ])),
        StationCase(
            label: "20220006 Algajola (Corsica): automat, days that say nothing",
            expected: Station(
                id: "FR-20220006", country: "FR", address: "RN 197", postcode: "20220", city: "ALGAJOLA",
                latitude: 42.609, longitude: 8.875,
                prices: [
                    FeedRun.price(.diesel, 1.88, "2022-04-17T06:30:00Z"),
                    FeedRun.price(.gasoline95, 1.85, "2022-04-17T06:30:00Z"),
                ],
                hours: "24/7 automat", automatHours: "24/7",
                services: [
                    "Automate CB 24/24", "Boutique alimentaire", "Boutique non alimentaire", "Carburant additivé",
                    "DAB (Distributeur automatique de billets)", "Lavage automatique", "Lavage manuel",
                    "Piste poids lourds", "Restauration sur place", "Restauration à emporter", "Station de gonflage",
                    "Vente d'additifs carburants", "Vente de fioul domestique",
                    "Vente de gaz domestique (Butane, Propane)",
                ])),
        StationCase(
            label: "69190001 Saint-Fons: the same hours every day, empty services",
            expected: Station(
                id: "FR-69190001", country: "FR", address: "2 place des 4 chemins", postcode: "69190",
                city: "SAINT-FONS", latitude: 45.708, longitude: 4.855,
                prices: [
                    FeedRun.price(.diesel, 1.908, "2022-04-29T16:38:58Z"),
                    FeedRun.price(.gasoline95E10, 1.76, "2022-04-29T16:38:58Z"),
                    FeedRun.price(.gasoline98, 1.85, "2022-04-29T16:38:59Z"),
                ],
                hours: "Mo-Su 05:00-22:00", openingHours: "Mo-Su 05:00-22:00")),
    ]

    static func parse(_ name: String) throws -> FeedParseResult {
        try FeedRun.files("FR", [name: try FeedRun.fixture("FR", name)])
    }

    @Test(arguments: cases)
    func station(_ testCase: StationCase) throws {
        let result = try Self.parse(Self.file2022)
        let station = try #require(result.stations.first { $0.id == testCase.expected.id })
        #expect(station == testCase.expected)
    }

    /// 9,949 `<pdv>`, all with coordinates; 670 mark all seven days closed, 650 of them with a price within 30 days
    /// of the newest `maj` (2022-05-03 09:39:57 Paris).
    @Test func wholeFile2022() throws {
        let result = try Self.parse(Self.file2022)
        #expect(result.records == 9_949)
        #expect(result.stations.count == 9_949)
        #expect(result.rejects.isEmpty)
        #expect(result.counters[.closedWeekWithCurrentPrices] == 650)
        // The other 20 have no price within 30 days: closed may be true there, and the build drops their prices.
        #expect(result.stations.filter { $0.hours?.contains("Mo-Su closed") == true }.count == 20)
        #expect(result.referenceTime == FeedRun.utc("2022-05-03T07:39:57Z"))
        #expect(result.stations.reduce(0) { $0 + $1.prices.count } == 33_190)
        #expect(result.stations.filter { $0.motorway == true }.count == 456)
    }

    /// `automatHours` `24/7` exactly where the feed says `automate-24-24="1"`: 3,762 stations in 2022 and 5,367 in
    /// 2026 (counted by Python's `re` over the XML), no other value; `hours` says `24/7 automat` for each of them but
    /// those whose week is itself `24/7`.
    @Test(arguments: [(file2022, 3_762), (file2026, 5_367)])
    func automatHoursWhereTheFeedSaysSo(_ file: String, _ count: Int) throws {
        let stations = try Self.parse(file).stations
        let automats = stations.filter { $0.automatHours != nil }
        #expect(automats.count == count)
        #expect(automats.allSatisfy { $0.automatHours == "24/7" })
        #expect(automats.allSatisfy { $0.hours?.hasPrefix("24/7 automat") == true || $0.openingHours == "24/7" })
        #expect(stations.filter { $0.hours?.hasPrefix("24/7 automat") == true }.allSatisfy { $0.automatHours != nil })
    }

    /// The newest capture: 9,931 stations; 1,084 closed all week, 1,042 of them with current prices.
    @Test func wholeFile2026() throws {
        let result = try Self.parse(Self.file2026)
        #expect(result.records == 9_931)
        #expect(result.stations.count == 9_931)
        #expect(result.rejects.isEmpty)
        #expect(result.referenceTime == FeedRun.utc("2026-02-12T13:17:46Z"))
        #expect(result.counters[.closedWeekWithCurrentPrices] == 1_042)
        #expect(result.stations.reduce(0) { $0 + $1.prices.count } == 33_971)
    }
}
