import Foundation
import FuelFormat
import Testing

/// The display rule of docs/format.md "Reading the data" (rule 6), on hand-made price lists in the tile's order.
@Suite struct DisplayedPriceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// `(price, unit, service)` in the tile's order.
        var prices: [(Double, PriceUnit, ServiceKind?)]
        /// The index in `prices` of the one shown; nil when none is.
        var shown: Int?
        var testDescription: String { name }
    }

    static let cases = [
        Case(
            name: "self cheaper than full", prices: [(2.514, .litre, .fullService), (2.159, .litre, .selfService)],
            shown: 1),
        Case(
            name: "full cheaper than self", prices: [(2.058, .litre, .fullService), (2.085, .litre, .selfService)],
            shown: 0),
        Case(
            name: "a tie: the first in the tile",
            prices: [(2.178, .litre, .fullService), (2.178, .litre, .selfService)], shown: 0),
        Case(name: "litre before a cheaper kg", prices: [(1.2, .kilogram, nil), (1.9, .litre, nil)], shown: 1),
        Case(name: "kg before a cheaper m3", prices: [(1.1, .cubicMetre, nil), (1.5, .kilogram, nil)], shown: 1),
        Case(name: "only m3", prices: [(1.1, .cubicMetre, nil)], shown: 0),
        Case(name: "no price", prices: [], shown: nil),
    ]

    @Test(arguments: cases)
    func theLowestPriceOfTheFirstUnitIsShown(_ testCase: Case) {
        let prices = testCase.prices.map { price, unit, service in
            FuelPrice(fuel: .cng, price: price, updated: Date(timeIntervalSince1970: 0), unit: unit, service: service)
        }
        let shown = DisplayedPrice(choosingFrom: prices)
        #expect(shown?.price == testCase.shown.map { prices[$0] })
        #expect(
            shown?.secondary == testCase.shown.map { index in prices.indices.filter { $0 != index }.map { prices[$0] } }
        )
    }
}
