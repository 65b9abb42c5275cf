import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat

/// The validation step every country's stations pass through, counting each reject by reason.
///
/// - Coordinates must be finite and inside one of the country's boxes; a swapped lat/lon pair that lands inside a box
///   is repaired and counted; anything else is rejected. Coordinates are rounded to 6 decimals.
/// - Prices must be finite, inside a plausible band for their unit and fuel, and not a known placeholder; they are rounded to
///   3 decimals. Prices older than the country's maximum age, measured against the feed's reference time, are dropped.
/// - Stations with the same id are merged. A station left with neither a price nor a shortage is dropped.
/// - The output keeps the order in which the feed first listed each id.
public struct Validator: Sendable {
    /// The plausible EUR prices of a price's unit and fuel, inclusive. Liquids sell for 0.5–3 €/l (motorway attended
    /// service included), CNG and LNG for 1–3 €/kg and hydrogen for 10–20 €/kg; the bands leave room above that but
    /// catch the publishers' outliers, such as IT's 4.999 €/kg Metano.
    public static func band(for price: FuelPrice) -> ClosedRange<Double> {
        switch (price.unit, price.fuel) {
        case (.kilogram, .hydrogen): 3.0...40.0
        case (.kilogram, _), (.cubicMetre, _), (.litre, _): 0.3...4.0
        }
    }

    /// Values publishers use as placeholders rather than prices.
    public static let placeholders: Set<Double> = [0.001, 0.1, 0.111, 1.111, 8.888, 9.999, 99.999, 999.999]

    public var config: CountryConfig

    public init(config: CountryConfig) { self.config = config }

    /// What validation kept and why it dropped the rest.
    public struct Outcome: Sendable {
        public var stations: [Station]
        /// Station- and price-level rejects by reason.
        public var rejects: [String: Int]
        /// Repairs that kept a record (swapped coordinates, merged duplicates).
        public var repairs: [String: Int]
    }

    /// Validates an adapter's stations against the feed's reference time.
    public func validate(_ stations: [Station], referenceTime: Date) -> Outcome {
        var rejects: [String: Int] = [:]
        var repairs: [String: Int] = [:]
        let oldest = referenceTime.addingTimeInterval(-Double(config.maxPriceAgeDays) * 86_400)
        // Stations in first-seen order, with each id's position: the output keeps the feed's order in linear time
        // (tiles sort their own stations), and a repeated id merges in place. Stations stay in the array and the
        // map holds positions, so each station is hashed once and never copied through a dictionary.
        var merged: [Station] = []
        merged.reserveCapacity(stations.count)
        var position: [String: Int] = [:]
        position.reserveCapacity(stations.count)
        for var station in stations {
            guard let (latitude, longitude, swapped) = placed(station.latitude, station.longitude) else {
                rejects["coordinates outside \(config.country)", default: 0] += 1
                continue
            }
            if swapped { repairs["swapped lat/lon repaired", default: 0] += 1 }
            TextLimits.apply(to: &station, repairs: &repairs)
            station.latitude = latitude
            station.longitude = longitude
            station.prices = station.prices.compactMap { price in
                guard price.price.isFinite, price.price > 0 else {
                    rejects["price not positive", default: 0] += 1
                    return nil
                }
                var price = price
                price.price = (price.price * 1000).rounded() / 1000
                if Validator.placeholders.contains(price.price) {
                    rejects["placeholder price", default: 0] += 1
                    return nil
                }
                guard Validator.band(for: price).contains(price.price) else {
                    rejects["price outside plausible band", default: 0] += 1
                    return nil
                }
                guard price.updated >= oldest else {
                    rejects["price older than \(config.maxPriceAgeDays) days", default: 0] += 1
                    return nil
                }
                return price
            }
            if let index = position[station.id] {
                repairs["duplicate id merged", default: 0] += 1
                merged[index] = Validator.merge(merged[index], station)
            } else {
                position[station.id] = merged.count
                merged.append(station)
            }
        }
        var kept: [Station] = []
        kept.reserveCapacity(merged.count)
        for var station in merged {
            station.prices.sort(by: FuelPrice.canonicalOrder)
            if let unavailable = station.unavailable, !Self.isSortedAndUnique(unavailable) {
                station.unavailable = Array(Set(unavailable)).sorted()
            }
            if let services = station.services, !Self.isSortedAndUnique(services) {
                station.services = Array(Set(services)).sorted()
            }
            guard !station.prices.isEmpty || !(station.unavailable ?? []).isEmpty else {
                rejects["no current price", default: 0] += 1
                continue
            }
            kept.append(station)
        }
        return Outcome(stations: kept, rejects: rejects, repairs: repairs)
    }

    /// The point inside a box, trying the swapped pair second; nil when neither fits.
    private func placed(_ latitude: Double, _ longitude: Double) -> (Double, Double, Bool)? {
        guard latitude.isFinite, longitude.isFinite else { return nil }
        let round = { (value: Double) in (value * 1_000_000).rounded() / 1_000_000 }
        if config.boxes.contains(where: { $0.contains(latitude: latitude, longitude: longitude) }) {
            return (round(latitude), round(longitude), false)
        }
        if config.boxes.contains(where: { $0.contains(latitude: longitude, longitude: latitude) }) {
            return (round(longitude), round(latitude), true)
        }
        return nil
    }

    /// True when every element is below the next: already what `Array(Set(…)).sorted()` would give.
    static func isSortedAndUnique<Element: Comparable>(_ elements: [Element]) -> Bool {
        zip(elements, elements.dropFirst()).allSatisfy { $0 < $1 }
    }

    /// Two records with one id: the later record's fields win where present; prices are united by (fuel, service,
    /// unit, label), keeping the newer price of each.
    static func merge(_ first: Station, _ second: Station) -> Station {
        var merged = second
        merged.name = second.name ?? first.name
        merged.brand = second.brand ?? first.brand
        merged.address = second.address ?? first.address
        merged.postcode = second.postcode ?? first.postcode
        merged.city = second.city ?? first.city
        merged.hours = second.hours ?? first.hours
        merged.motorway = second.motorway ?? first.motorway
        merged.restricted = second.restricted ?? first.restricted
        if first.unavailable != nil || second.unavailable != nil {
            merged.unavailable = (first.unavailable ?? []) + (second.unavailable ?? [])
        }
        if first.services != nil || second.services != nil {
            merged.services = (first.services ?? []) + (second.services ?? [])
        }
        struct PriceKey: Hashable {
            var fuel: FuelCode
            var service: ServiceKind?
            var unit: PriceUnit
            var label: String?
        }
        var prices: [PriceKey: FuelPrice] = [:]
        for price in first.prices + second.prices {
            let key = PriceKey(fuel: price.fuel, service: price.service, unit: price.unit, label: price.label)
            if let existing = prices[key], existing.updated > price.updated { continue }
            if let existing = prices[key], existing.updated == price.updated, existing.price <= price.price {
                continue  // same time, two values: keep the lower one, whatever order the files came in
            }
            prices[key] = price
        }
        merged.prices = Array(prices.values)
        return merged
    }
}
