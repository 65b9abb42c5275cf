import Foundation
import FuelFormat
import Testing

@testable import FuelReport

/// What the country table's trend charts read: each country's days and, per map fuel, the median, p10 and p90 of
/// each day in thousandths, `null` on a day without the fuel; and the table's cell for a country without a trend.
@Suite struct ReportDataTrendsTests {
    static func figures(_ fuel: FuelCode, _ median: Double) -> TrendFile.Figures? {
        TrendFile.Figures(fuel: fuel, unit: .litre, prices: [median - 0.05, median, median + 0.05])
    }

    /// Three days of Spain: diesel each day, E5 only on the first and last; Portugal has no trend.
    static let spain = TrendFile(
        country: "ES", since: "2026-11-20",
        days: [
            .init(day: "2026-11-28", fuels: [figures(.diesel, 1.459), figures(.gasoline95, 1.559)].compactMap { $0 }),
            .init(day: "2026-11-29", fuels: [figures(.diesel, 1.449)].compactMap { $0 }),
            .init(day: "2026-11-30", fuels: [figures(.diesel, 1.432), figures(.gasoline95, 1.549)].compactMap { $0 }),
        ])

    static func input(problem: String? = nil) -> ReportInput {
        let stations = [
            Station(
                id: "ES-1", country: "ES", latitude: 40.1, longitude: -3.7,
                prices: [ReportDataTests.price(.diesel, 1.43), ReportDataTests.price(.gasoline95, 1.55)])
        ]
        func country(_ code: String) -> ReportInput.Country {
            ReportInput.Country(
                country: code, stations: 1, previousStations: nil, rejected: [:], feedTime: ReportDataTests.day,
                feedAgeHours: 1, carriedSince: nil, tiles: 1, bytes: 1)
        }
        var spain = country("ES")
        spain.trend = Self.spain
        var portugal = country("PT")
        portugal.trendProblem = problem
        return ReportInput(
            builtAt: ReportDataTests.day, gridDegrees: 0.5, stations: stations, cells: ["80_-8"], cellChanges: [:],
            hasPrevious: false, countries: [spain, portugal], fuel: .diesel, title: "trends")
    }

    @Test func eachFuelsFiguresPerDayAreInTheHeader() throws {
        let page = try PageDataReader(ReportPage.html(Self.input()))
        let trends = try #require(page.data["trends"] as? [String: [String: Any]])
        #expect(trends.keys.sorted() == ["ES"])
        let spain = try #require(trends["ES"])
        #expect(spain["since"] as? String == "2026-11-20")
        #expect(spain["days"] as? [String] == ["2026-11-28", "2026-11-29", "2026-11-30"])
        let fuels = try #require(spain["fuels"] as? [String: [Any]])
        #expect(fuels["diesel"] as? [[Int]] == [[1459, 1409, 1509], [1449, 1399, 1499], [1432, 1382, 1482]])
        let e5 = try #require(fuels["gasoline_95"])
        #expect(e5.count == 3 && e5[1] is NSNull)
        #expect(e5[2] as? [Int] == [1549, 1499, 1599])
    }

    struct CellCase: Sendable, CustomTestStringConvertible {
        var name: String
        var problem: String?
        var cell: String
        var testDescription: String { name }
    }

    static let cellCases = [
        CellCase(name: "none listed", problem: nil, cell: #"<td class="trend">—</td>"#),
        CellCase(
            name: "unreadable", problem: "PT.json: <not gzip>",
            cell: #"<td class="trend" title="unreadable trend: PT.json: &lt;not gzip&gt;">—</td>"#),
    ]

    @Test(arguments: cellCases) func aCountryWithoutATrendShowsADash(_ example: CellCase) {
        let html = ReportPage.html(Self.input(problem: example.problem))
        #expect(html.contains(example.cell))
        #expect(html.contains(#"<td class="trend" data-trend="ES" title="3 days since 2026-11-20">"#))
    }
}
