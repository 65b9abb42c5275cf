import Foundation
import FuelFeeds
import FuelFormat
import Testing

@testable import FuelReport

/// What the page's change layers, colour scale and outlier list read from the packed data (`ReportData`), decoded
/// here independently: the stations added and removed since the previous build, the prices that moved by more than
/// 5 %, each country's scale and outliers, and each country's coverage.
@Suite struct ReportDataChangesTests {
    static func station(_ id: String, _ price: Double, latitude: Double = 40.1) -> Station {
        Station(
            id: id, country: "ES", name: "Station \(id)", latitude: latitude, longitude: -3.7,
            prices: [ReportDataTests.price(.diesel, price)])
    }

    /// Twenty usual prices 1.400 … 1.590, one at 0.500 and a new station at 3.000; against a build where one of the
    /// usual ones cost 1.000 (moved), another 1.410 (moved less than 5 %), and one more station stood.
    static let now =
        (0..<20).map { station("ES-\($0)", 1.4 + Double($0) / 100) }
        + [station("ES-low", 0.5), station("ES-new", 3)]
    static let before: [Station] = {
        var before = now.filter { $0.id != "ES-new" } + [station("ES-gone", 1.45, latitude: 41.25)]
        before[0].prices[0].price = 1.41
        before[10].prices[0].price = 1
        return before
    }()

    static func page(hasPrevious: Bool, countries: [ReportInput.Country] = []) throws -> PageDataReader {
        var input = ReportInput(
            builtAt: ReportDataTests.day, gridDegrees: 0.5, stations: now, cells: ["80_-8"], cellChanges: [:],
            hasPrevious: hasPrevious, countries: countries, fuel: .diesel, title: "changes")
        if hasPrevious { input.previousStations = before }
        return try PageDataReader(ReportPage.html(input))
    }

    @Test func addedRemovedAndMovedAreAgainstThePreviousBuild() throws {
        let page = try Self.page(hasPrevious: true)
        #expect(try page.column(page.data["added"]) == [21])
        let removed = try #require(page.data["removed"] as? [String: Any])
        #expect(try page.column(removed["latitude"]) == [Double(Float(41.25))])
        #expect(try page.column(removed["longitude"]) == [Double(Float(-3.7))])
        #expect(page.strings["removedIds"] == ["ES-gone"])
        #expect(page.strings["removedNames"] == ["Station ES-gone"])
        #expect(page.strings["removedCountries"] == ["ES"])
        let diesel = try #require((page.data["fuels"] as? [[String: Any]])?.first)
        #expect(try page.column(diesel["moved"]) == [10])
        #expect(try page.column(diesel["was"]) == [1000])

        let alone = try Self.page(hasPrevious: false)
        #expect(try alone.column(alone.data["added"]) == [])
        let first = try #require((alone.data["fuels"] as? [[String: Any]])?.first)
        #expect(try alone.column(first["moved"]) == [])
    }

    @Test func eachCountrysScaleLeavesItsOutliersOut() throws {
        let page = try Self.page(hasPrevious: false)
        let diesel = try #require((page.data["fuels"] as? [[String: Any]])?.first)
        // Median (1.490 + 1.500) / 2 = 1.495: outliers below 0.934 and above 2.392; p5 and p95 of the other 20.
        #expect((diesel["scales"] as? [String: [Int]]) == ["ES": [1400, 1580, 934, 2392]])
        #expect(try page.column(diesel["outliers"]) == [20, 21])
    }

    @Test func coverageAndTheCarriedTimeAreInTheHeader() throws {
        var spain = ReportInput.Country(
            country: "ES", stations: 22, previousStations: nil, rejected: [:], feedTime: ReportDataTests.day,
            feedAgeHours: 1, carriedSince: ReportDataTests.day, tiles: 1, bytes: 1)
        spain.coverage = [CountryConfig.Box(name: "mainland", south: 35.9, west: -9.5, north: 43.9, east: 3.5)]
        let page = try Self.page(hasPrevious: false, countries: [spain])
        let coverage = try #require(page.data["coverage"] as? [[String: Any]])
        #expect(coverage.count == 1)
        #expect(coverage.first?["country"] as? String == "ES")
        #expect(coverage.first?["carriedSince"] as? String == "2025-11-30T00:00:00Z")
        #expect(coverage.first?["boxes"] as? [[Double]] == [[35.9, -9.5, 43.9, 3.5]])
    }

    struct LastChangeCase: Sendable, CustomTestStringConvertible {
        var name: String
        /// Hours before the build of each station's last change, nil for none.
        var hoursAgo: [Double?]
        /// The stations on the layer.
        var marked: [UInt32]
        var testDescription: String { name }
    }

    static let lastChangeCases = [
        LastChangeCase(name: "none changed", hoursAgo: [nil, nil, nil], marked: []),
        LastChangeCase(name: "an hour and the whole day", hoursAgo: [1, nil, 24], marked: [0, 2]),
        LastChangeCase(name: "a day and a second is too old", hoursAgo: [24 + 1 / 3600, 30, 0.5], marked: [2]),
    ]

    /// The "last change" layer marks the stations whose displayed price changed in the 24 hours before the build,
    /// from the tiles' own `was` and `changed`, with or without a previous build.
    @Test(arguments: lastChangeCases) func theLastChangeLayerHoldsTheDaysChanges(_ example: LastChangeCase) throws {
        var stations = example.hoursAgo.indices.map { Self.station("ES-\($0)", 1.5 + Double($0) / 100) }
        for (index, hours) in example.hoursAgo.enumerated() {
            guard let hours else { continue }
            stations[index].prices[0].was = 1.4
            stations[index].prices[0].changed = ReportDataTests.day.addingTimeInterval(-hours * 3600)
        }
        let input = ReportInput(
            builtAt: ReportDataTests.day, gridDegrees: 0.5, stations: stations, cells: ["80_-8"], cellChanges: [:],
            hasPrevious: false, countries: [], fuel: .diesel, title: "last change")
        let page = try PageDataReader(ReportPage.html(input))
        let diesel = try #require((page.data["fuels"] as? [[String: Any]])?.first)
        #expect(try page.column(diesel["lastChanged"]) == example.marked.map(Double.init))
        #expect(try page.column(diesel["lastWas"]) == example.marked.map { _ in 1400 })
        let ago = example.marked.map { (example.hoursAgo[Int($0)] ?? 0) * 3600 }
        #expect(try page.column(diesel["lastAgo"]) == ago.map { $0.rounded() })
    }

    struct ScaleCase: Sendable, CustomTestStringConvertible {
        var name: String
        var prices: [Double]
        var p5: Double
        var p95: Double
        var testDescription: String { name }
    }

    static let scaleCases = [
        ScaleCase(name: "one price", prices: [1.5], p5: 1.5, p95: 1.5),
        ScaleCase(name: "nearest rank of 1 to 20", prices: (1...20).map { 1 + Double($0) / 100 }, p5: 1.01, p95: 1.19),
        ScaleCase(name: "nearest rank of 1 to 21", prices: (1...21).map { 1 + Double($0) / 100 }, p5: 1.02, p95: 1.20),
        ScaleCase(name: "an outlier left out", prices: [0.2] + Array(repeating: 1.5, count: 9), p5: 1.5, p95: 1.5),
    ]

    @Test(arguments: scaleCases) func theScaleIsTheNearestRankP5AndP95(_ example: ScaleCase) throws {
        let scale = try #require(PriceScale(example.prices.shuffled(), outlierFactor: 1.6))
        #expect(abs(scale.p5 - example.p5) < 1e-9 && abs(scale.p95 - example.p95) < 1e-9, "\(scale)")
    }
}
