import Foundation
import FuelFormat
import Testing

/// ``TrendFile``: a day's figures (the display rule, the one median and nearest-rank percentile of
/// ``PriceStatistics``) and what a trend must be to be extended.
@Suite struct TrendFileTests {
    static let time = Date(timeIntervalSince1970: 1_796_000_000)

    static func station(_ id: String, _ prices: [(FuelCode, Double, PriceUnit, ServiceKind?)]) -> Station {
        Station(
            id: id, country: "IT", latitude: 45, longitude: 9,
            prices: prices.map { FuelPrice(fuel: $0.0, price: $0.1, updated: time, unit: $0.2, service: $0.3) })
    }

    @Test func eachStationCountsItsDisplayedPriceOnce() throws {
        let day = TrendFile.Day(
            day: "2026-12-03",
            stations: [
                // Self and full: the lower one counts, once.
                Self.station("IT-1", [(.diesel, 1.8, .litre, .selfService), (.diesel, 1.9, .litre, .fullService)]),
                Self.station("IT-2", [(.diesel, 1.7, .litre, .fullService), (.diesel, 1.75, .litre, .selfService)]),
                // Per kg before per m³: the m³ price is secondary and not counted.
                Self.station("IT-3", [(.cng, 1.5, .kilogram, nil), (.cng, 1.1, .cubicMetre, nil)]),
                Self.station("IT-4", [(.cng, 1.2, .cubicMetre, nil), (.other, 0.5, .litre, nil)]),
            ])
        #expect(
            day.fuels.map { "\($0.fuel)/\($0.unit.rawValue)/\($0.stations)" } == ["cng/kg/1", "cng/m3/1", "diesel/l/2"])
        #expect(day.fuels[2].median == 1.75)
        #expect(day.fuels[2].min == 1.7)
    }

    struct FiguresCase: Sendable, CustomTestStringConvertible {
        var label: String
        var prices: [Double]
        /// median, p10, p90, min
        var figures: [Double]
        var testDescription: String { label }
    }

    static let figuresCases = [
        FiguresCase(label: "one price", prices: [1.5], figures: [1.5, 1.5, 1.5, 1.5]),
        FiguresCase(
            label: "an even count's median is the mean of the middle two", prices: [1.2, 1.4],
            figures: [1.3, 1.2, 1.4, 1.2]),
        FiguresCase(
            label: "half a thousandth rounds away from zero", prices: [1.001, 1.002, 0.9, 2.0],
            figures: [1.002, 0.9, 2.0, 0.9]),
        FiguresCase(
            label: "nearest rank: p10 of 11 is the 2nd, p90 the 10th",
            prices: [1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9, 2.0].reversed(),
            figures: [1.5, 1.1, 1.9, 1.0]),
    ]

    @Test(arguments: figuresCases)
    func figuresFollowTheOneDefinition(_ figuresCase: FiguresCase) throws {
        let figures = try #require(TrendFile.Figures(fuel: .diesel, unit: .litre, prices: figuresCase.prices))
        #expect([figures.median, figures.p10, figures.p90, figures.min] == figuresCase.figures)
        #expect(figures.stations == figuresCase.prices.count)
    }

    @Test(arguments: [
        #"{"version":1,"country":"ES","since":"2026-13-01","days":[]}"#,
        #"{"version":1,"country":"ES","since":"2026-11-02","days":[{"day":"2026-11-01","fuels":[]}]}"#,
        #"{"version":1,"country":"ES","since":"2026-11-01","days":[{"day":"2026-11-02","fuels":[]},{"day":"2026-11-02","fuels":[]}]}"#,
    ])
    func aTrendABuildCannotExtendIsRefused(_ json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TrendFile.self, from: Data(json.utf8)) }
    }

    @Test func aNewerVersionIsRefused() {
        let json = #"{"version":2,"country":"ES","since":"2026-11-01","days":[]}"#
        #expect(throws: UnsupportedFormatError.self) { try JSONDecoder().decode(TrendFile.self, from: Data(json.utf8)) }
    }
}
