import Foundation
import FuelFormat
import Testing

@testable import FuelFeeds

/// The display rule (docs/format.md "Reading the data", ``DisplayedPrice``) on real IT captures, where a station has a
/// self-service and an attended price of one fuel and either can be the cheaper: a reader shows the lowest, whatever
/// the tile's order (`full` sorts first), and keeps the other as secondary.
@Suite struct ITDisplayedPriceTests {
    /// A real 2026-08-21 capture: `folder` below `Fixtures/IT/`.
    struct Capture: CustomTestStringConvertible, Sendable {
        var folder: String
        /// A station and fuel whose displayed price is read by hand from the capture's raw rows.
        var station: String
        var fuel: FuelCode
        var displayed: (price: Double, service: ServiceKind)
        var secondary: (price: Double, service: ServiceKind)
        var testDescription: String { "\(folder): \(station) \(fuel)" }
    }

    static let captures = [
        // prezzo_alle_8.csv: 3535|Gasolio|2.159|1|… and 3535|Gasolio|2.514|0|…: self is cheaper.
        Capture(
            folder: "2026-08-21-cuts", station: "IT-3535", fuel: .diesel, displayed: (2.159, .selfService),
            secondary: (2.514, .fullService)),
        // The kit's five whole stations: 54231 sells attended petrol (Benzina 2.058|0) below its self-service price.
        Capture(
            folder: "2026-08-21-kit", station: "IT-54231", fuel: .gasoline95, displayed: (2.058, .fullService),
            secondary: (2.085, .selfService)),
    ]

    @Test(arguments: captures)
    func theLowestPriceIsShownWhicheverServiceItIs(_ capture: Capture) throws {
        let parsed = try FeedRun.fixtureFolder("IT", capture.folder) { $0.own = CountryOwnSettings(ITSourceSettings()) }
        let station = try #require(parsed.stations.first { $0.id == capture.station })
        let shown = try #require(station.displayedPrice(of: capture.fuel))
        #expect(shown.price.price == capture.displayed.price)
        #expect(shown.price.service == capture.displayed.service)
        #expect(shown.secondary.map(\.price) == [capture.secondary.price])
        #expect(shown.secondary.map(\.service) == [capture.secondary.service])
        #expect(station.price(of: capture.fuel) == shown.price)
    }

    /// Over every station and fuel of both captures: the displayed price is the lowest of its unit, and every other
    /// price of the fuel is secondary.
    @Test(arguments: ["2026-08-21-cuts", "2026-08-21-kit"])
    func everyDisplayedPriceIsTheLowest(_ folder: String) throws {
        let parsed = try FeedRun.fixtureFolder("IT", folder) { $0.own = CountryOwnSettings(ITSourceSettings()) }
        var pairs = 0
        for station in parsed.stations {
            for fuel in Set(station.prices.map(\.fuel)) {
                let prices = station.prices.filter { $0.fuel == fuel }
                let shown = try #require(station.displayedPrice(of: fuel))
                #expect(shown.price.price == prices.filter { $0.unit == shown.price.unit }.map(\.price).min())
                #expect(shown.secondary.count == prices.count - 1)
                if prices.count > 1 { pairs += 1 }
            }
        }
        #expect(pairs > 0, "the capture has stations with two prices of one fuel")
    }
}
