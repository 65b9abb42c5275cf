import Foundation
import FuelFeeds
import FuelFormat
import Testing
import _FuelTestSupport

@Suite struct ATAdapterTests {
    /// Fetch times for the sample responses, one minute apart in file-name order.
    static let fetchTimes: [String: String] = [
        "by-region-PB-501-DIE.json": "2025-09-27T10:00:00Z",
        "by-region-PB-501-GAS.json": "2025-09-27T10:01:00Z",
        "by-region-PB-501-SUP.json": "2025-09-27T10:02:00Z",
        "by-region-PB-601-DIE.json": "2025-09-27T10:03:00Z",
        "by-region-PB-601-GAS.json": "2025-09-27T10:04:00Z",
        "by-region-PB-601-SUP.json": "2025-09-27T10:05:00Z",
    ]

    static func manifest(_ times: [String: String]) -> FeedManifest {
        var files: [String: FeedManifest.FileEntry] = [:]
        for (name, time) in times {
            files["AT/" + name] = FeedManifest.FileEntry(
                url: "https://api.e-control.at/sprit/1.0/search/gas-stations/by-region", fetchedAt: time, status: 200,
                bytes: 0, sha256: "")
        }
        return FeedManifest(files: files, countries: ["AT": .init(status: "ok", fetchedAt: "2025-09-27T10:05:00Z")])
    }

    static func sample() throws -> FeedParseResult {
        let folder = RepositoryPaths.feedFixtures().appendingPathComponent("AT")
        let input = try FeedFixture.input(folder: folder, country: "AT", manifest: manifest(fetchTimes))
        return try ATAdapter().parse(input)
    }

    @Test func mergesResponsesByStation() throws {
        let result = try Self.sample()
        #expect(ParseSummary(result) == ParseSummary(records: 18, stations: 9, referenceTime: "2025-09-27T10:05:00Z"))
        #expect(result.notes.isEmpty)
        let omv = try #require(result.station("AT-700101"))
        #expect(omv.prices.map(\.fuel) == [.diesel, .gasoline95])
        #expect(omv.price(.diesel)?.price == 1.519)
        #expect(omv.price(.diesel).map { UTCTime.format($0.updated) } == "2025-09-27T10:03:00Z")
        #expect(omv.price(.gasoline95)?.price == 1.589)
        #expect(omv.price(.gasoline95).map { UTCTime.format($0.updated) } == "2025-09-27T10:05:00Z")
    }

    @Test func treatsZeroAmountsAndEmptyPricesAsNoPrice() throws {
        let result = try Self.sample()
        // OMV's CNG amount is 0 in the GAS response.
        #expect(result.station("AT-700101")?.price(.cng, unit: .kilogram) == nil)
        #expect(result.counters == [Reason(.noPrice): 1])
        // Listed in the diesel response with empty prices; its only price is CNG, per kilogram.
        let gas = try #require(result.station("AT-700105"))
        #expect(gas.prices.count == 1)
        #expect(gas.price(.cng, unit: .kilogram)?.price == 1.499)
        // Listed for Super 95 without a price.
        #expect(result.station("AT-700203")?.prices.map(\.fuel) == [.diesel])
    }

    @Test func readsStationDetails() throws {
        let omv = try #require(try Self.sample().station("AT-700101"))
        #expect(omv.name == "OMV Graz Wiener Straße")
        #expect(omv.brand == "OMV")
        #expect(omv.address == "Wiener Straße 212")
        #expect(omv.postcode == "8051")
        #expect(omv.city == "Graz")
        #expect(omv.latitude == 47.0936)
        #expect(omv.longitude == 15.414)
        #expect(omv.hours == "Mo-Fr 06:00-22:00; Sa 07:00-22:00; Su 08:00-21:00; PH 08:00-21:00")
        #expect(
            omv.services == [
                "Attended service", "Cash", "Club card", "Credit card", "Debit card",
                "Other payment: OMV Card, DKV, UTA", "Self-service",
            ])
    }

    struct BrandCase: Sendable, CustomTestStringConvertible {
        var id: String
        var brand: String?
        var testDescription: String { "\(id) → \(brand ?? "no brand")" }
    }

    static let brandCases: [BrandCase] = [
        BrandCase(id: "AT-700102", brand: "BP"),
        BrandCase(id: "AT-700103", brand: "Turmöl"),
        BrandCase(id: "AT-700104", brand: "Eni"),
        BrandCase(id: "AT-700105", brand: nil),
        BrandCase(id: "AT-700204", brand: "Genol"),
    ]

    @Test(arguments: brandCases)
    func recognisesBrandsOnlyFromTheAliasTable(_ testCase: BrandCase) throws {
        #expect(try Self.sample().station(testCase.id)?.brand == testCase.brand)
    }

    @Test func fallsBackToFileTimesWithANote() throws {
        let response =
            #"[{"id":1,"name":"JET Wien","location":{"address":"Straße 1","postalCode":"1100","city":"Wien","#
            + #""latitude":48.17,"longitude":16.38},"prices":[{"fuelType":"DIE","amount":1.499,"label":"Diesel"}]}]"#
        let input = try FeedFixture.input(
            country: "AT", texts: ["by-region-PB-910-DIE.json": response, "by-region-PB-910-SUP.json": "[]"],
            manifest: Self.manifest(["by-region-PB-910-SUP.json": "2025-09-27T10:00:00Z"]))
        let modified = Date(timeIntervalSince1970: 1_758_967_200)  // 2025-09-27T10:00:00Z
        try FileManager.default.setAttributes(
            [.modificationDate: modified.addingTimeInterval(-3600)],
            ofItemAtPath: input.folder.appendingPathComponent("by-region-PB-910-DIE.json").path)
        let result = try ATAdapter().parse(input)
        let price = try #require(result.station("AT-1")?.price(.diesel))
        #expect(UTCTime.format(price.updated) == "2025-09-27T09:00:00Z")
        #expect(UTCTime.format(result.referenceTime) == "2025-09-27T10:00:00Z")
        #expect(result.notes.count == 1)
        #expect(result.notes.first?.contains("1 of 2 response files have no fetch time") == true)
    }

    @Test func failsOnAManifestTimeItCannotRead() throws {
        let input = try FeedFixture.input(
            country: "AT", texts: ["by-region-PB-910-DIE.json": "[]"],
            manifest: Self.manifest(["by-region-PB-910-DIE.json": "27.09.2025 10:00"]))
        let error = #expect(throws: FeedError.self) { try ATAdapter().parse(input) }
        #expect(error?.description.contains("fetchedAt \"27.09.2025 10:00\"") == true)
    }

    struct HoursCase: Sendable, CustomTestStringConvertible {
        var name: String
        var entries: [[String]]
        var expected: String?
        var testDescription: String { name }
    }

    static let hoursCases: [HoursCase] = [
        HoursCase(
            name: "weekdays, Saturday and holidays",
            entries: [
                ["MO", "06:00", "22:00"], ["DI", "06:00", "22:00"], ["MI", "06:00", "22:00"], ["DO", "06:00", "22:00"],
                ["FR", "06:00", "22:00"], ["SA", "07:00", "20:00"], ["FE", "08:00", "18:00"],
            ], expected: "Mo-Fr 06:00-22:00; Sa 07:00-20:00; PH 08:00-18:00"),
        HoursCase(
            name: "split day",
            entries: [["MO", "14:00", "20:00"], ["MO", "06:00", "12:00"], ["DI", "06:00", "12:00"]],
            expected: "Mo 06:00-12:00,14:00-20:00; Tu 06:00-12:00"),
        HoursCase(
            name: "gap in the week", entries: [["MO", "06:00", "22:00"], ["MI", "06:00", "22:00"]],
            expected: "Mo 06:00-22:00; We 06:00-22:00"),
        HoursCase(
            name: "same hours apart",
            entries: [["FR", "06:00", "22:00"], ["SA", "07:00", "20:00"], ["SO", "06:00", "22:00"]],
            expected: "Fr 06:00-22:00; Sa 07:00-20:00; Su 06:00-22:00"),
        HoursCase(name: "holiday only", entries: [["FE", "00:00", "24:00"]], expected: "PH 00:00-24:00"),
        HoursCase(
            name: "always open, holidays too",
            entries: ["MO", "DI", "MI", "DO", "FR", "SA", "SO", "FE"].map { [$0, "00:00", "24:00"] }, expected: "24/7"),
        HoursCase(
            name: "always open, no holiday entry, 23:59 as the end",
            entries: ["MO", "DI", "MI", "DO", "FR", "SA", "SO"].map { [$0, "00:00", "23:59"] }, expected: "24/7"),
        HoursCase(
            name: "always open but shorter on holidays",
            entries: ["MO", "DI", "MI", "DO", "FR", "SA", "SO"].map { [$0, "00:00", "24:00"] } + [
                ["FE", "08:00", "18:00"]
            ], expected: "Mo-Su 00:00-24:00; PH 08:00-18:00"),
        HoursCase(
            name: "all day on six days only",
            entries: ["MO", "DI", "MI", "DO", "FR", "SA"].map { [$0, "00:00", "24:00"] },
            expected: "Mo-Sa 00:00-24:00"),
        HoursCase(
            name: "unknown day and empty times", entries: [["XX", "06:00", "22:00"], ["MO", "", "22:00"]], expected: nil
        ),
        HoursCase(name: "nothing", entries: [], expected: nil),
    ]

    @Test(arguments: hoursCases)
    func formatsOpeningHours(_ testCase: HoursCase) throws {
        let items = testCase.entries.map { #"{"day":"\#($0[0])","from":"\#($0[1])","to":"\#($0[2])"}"# }
        let response =
            #"[{"id":5,"name":"X","location":{"latitude":47.0,"longitude":15.0},"openingHours":["#
            + items.joined(separator: ",") + "]}]"
        let input = try FeedFixture.input(
            country: "AT", texts: ["r.json": response], manifest: Self.manifest(["r.json": "2025-09-27T10:00:00Z"]))
        let result = try ATAdapter().parse(input)
        #expect(result.station("AT-5")?.hours == testCase.expected)
    }

    // MARK: Rules of docs/feeds.md that no other test showed, one small case each

    @Test func atAnEmptyNameIsNoName() throws {
        let response =
            #"[{"id":9,"name":"","location":{"address":"Straße 1","postalCode":"1100","city":"Wien","#
            + #""latitude":48.17,"longitude":16.38},"prices":[{"fuelType":"DIE","amount":1.499,"label":"Diesel"}]}]"#
        let input = try FeedFixture.input(
            country: "AT", texts: ["by-region-PB-910-DIE.json": response],
            manifest: ATAdapterTests.manifest(["by-region-PB-910-DIE.json": "2025-09-27T10:00:00Z"]))
        let station = try #require(try ATAdapter().parse(input).station("AT-9"))
        #expect(station.name == nil)
        #expect(station.city == "Wien")
    }
}
