import FuelFormat

/// A fuel the map can colour by: one per fuel code present in the data, or one per code and unit where a fuel is
/// priced in two units (a price per kilogram and one per cubic metre cannot share a colour scale).
struct FuelChoice: Hashable, Comparable {
    let fuel: FuelCode
    let unit: PriceUnit
    /// The selector's value: the fuel code, or `cng/m3` where the code has more than one unit.
    let value: String

    /// The choices present in `stations`, canonical fuels first in the order of `docs/format.md`, then the others.
    static func present(in stations: [Station]) -> [FuelChoice] {
        var units: [FuelCode: Set<PriceUnit>] = [:]
        for station in stations {
            for price in station.prices { units[price.fuel, default: []].insert(price.unit) }
        }
        return units.flatMap { fuel, units in
            units.map {
                FuelChoice(fuel: fuel, unit: $0, value: units.count > 1 ? "\(fuel)/\($0.rawValue)" : "\(fuel)")
            }
        }.sorted()
    }

    /// The choice the map opens with: the wanted fuel (in its most priced unit), else the first one.
    static func initial(_ wanted: FuelCode, among choices: [FuelChoice], stations: [Station]) -> FuelChoice? {
        let matching = choices.filter { $0.fuel == wanted }
        guard matching.count > 1 else { return matching.first ?? choices.first }
        return matching.max { lhs, rhs in
            stations.count { $0.prices.contains { $0.fuel == lhs.fuel && $0.unit == lhs.unit } }
                < stations.count { $0.prices.contains { $0.fuel == rhs.fuel && $0.unit == rhs.unit } }
        }
    }

    /// The legend's unit: `€/l`, `€/kg`, `€/m³`.
    var unitText: String {
        switch unit {
        case .litre: "€/l"
        case .kilogram: "€/kg"
        case .cubicMetre: "€/m³"
        }
    }

    /// The station's price of this fuel in this unit that a reader would show (``DisplayedPrice``: the lowest, the
    /// first on a tie), so the map colours a station by the price an app displays.
    func price(at station: Station) -> FuelPrice? {
        DisplayedPrice(choosingFrom: station.prices.filter { $0.fuel == fuel && $0.unit == unit })?.price
    }

    /// Canonical fuels in table order, then other codes by name, then units.
    static func < (lhs: FuelChoice, rhs: FuelChoice) -> Bool {
        let left = FuelCode.all.firstIndex(of: lhs.fuel) ?? FuelCode.all.count
        let right = FuelCode.all.firstIndex(of: rhs.fuel) ?? FuelCode.all.count
        if left != right { return left < right }
        if lhs.fuel != rhs.fuel { return lhs.fuel < rhs.fuel }
        return lhs.unit < rhs.unit
    }
}
