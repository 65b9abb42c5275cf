/// The price a reader shows for one fuel at one station, and the station's other prices of that fuel.
///
/// The rule, `docs/format.md` "Reading the data" (kit cases `display-*`): of the station's prices of the fuel, take
/// those in the first unit present in the order litre, kilogram, cubic metre; show the lowest of them, the first in
/// the tile's order on a tie. Every other price of the fuel is ``secondary``: an attended (`full`) price beside a
/// cheaper self-service one (IT), a per-m³ price beside a per-kg one (PT CNG).
public struct DisplayedPrice: Sendable, Hashable, Encodable {
    /// The price to show.
    public var price: FuelPrice
    /// The station's other prices of the same fuel, in the tile's order.
    public var secondary: [FuelPrice]

    /// The displayed price among `prices` (all of one fuel, in the tile's order); nil when there are none.
    public init?(choosingFrom prices: [FuelPrice]) {
        guard let unit = PriceUnit.displayOrder.first(where: { unit in prices.contains { $0.unit == unit } }) else {
            return nil
        }
        var chosen: Int?
        for (offset, candidate) in prices.enumerated() where candidate.unit == unit {
            // Strictly lower only, so that the first in the tile's order wins a tie.
            if chosen.map({ candidate.price < prices[$0].price }) ?? true { chosen = offset }
        }
        guard let chosen else { return nil }
        price = prices[chosen]
        secondary = prices.enumerated().filter { $0.offset != chosen }.map(\.element)
    }
}

extension PriceUnit {
    /// The order in which a reader prefers units when it shows one price: litre, kilogram, cubic metre.
    public static let displayOrder: [PriceUnit] = [.litre, .kilogram, .cubicMetre]
}

extension Station {
    /// The price a reader shows for `fuel` (``DisplayedPrice``); nil when the station has no price of it. A fuel the
    /// station lists only under ``unavailable`` has none.
    public func displayedPrice(of fuel: FuelCode) -> DisplayedPrice? {
        DisplayedPrice(choosingFrom: prices.filter { $0.fuel == fuel })
    }
}
