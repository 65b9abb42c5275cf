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
        /// Station- and price-level rejects and the repairs that kept a station (swapped coordinates, merged
        /// duplicates, text cut or cleaned), by reason.
        public var reasons: ReasonTally

        /// The rejects: reasons that dropped a station or a price.
        public var rejects: ReasonTally { reasons.rejects }
        /// The repairs.
        public var repairs: ReasonTally { reasons.repairs }
    }

    /// Validates an adapter's stations against the feed's reference time.
    ///
    /// The work happens in the array it is given: pass the adapter's array as its last use and no station or price
    /// list is copied (a scale-20 feed's stations are hundreds of megabytes).
    public func validate(_ stations: consuming [Station], referenceTime: Date) -> Outcome {
        var stations = stations
        var reasons = ReasonTally()
        let oldest = referenceTime.addingTimeInterval(-Double(config.maxPriceAgeDays) * 86_400)
        let tooOld = Reason.priceTooOld(days: config.maxPriceAgeDays)
        // Stations stay in the feed's first-seen order (tiles sort their own), kept ones moved down over the
        // rejected; a repeated id merges into the first, found through each id's position.
        var position: [String: Int] = [:]
        position.reserveCapacity(stations.count)
        var kept = 0
        for read in stations.indices {
            guard let (latitude, longitude, swapped) = placed(stations[read].latitude, stations[read].longitude) else {
                reasons[.coordinatesOutside(country: config.country)] += 1
                continue
            }
            if swapped { reasons[.swappedCoordinates] += 1 }
            TextLimits.apply(to: &stations[read], repairs: &reasons)
            stations[read].latitude = latitude
            stations[read].longitude = longitude
            stations[read].prices.removeAll { price in
                guard price.price.isFinite, price.price > 0 else {
                    reasons[.priceNotPositive] += 1
                    return true
                }
                let rounded = (price.price * 1000).rounded() / 1000
                if Validator.placeholders.contains(rounded) {
                    reasons[.placeholderPrice] += 1
                    return true
                }
                guard Validator.band(for: price).contains(rounded) else {
                    reasons[.priceOutsideBand] += 1
                    return true
                }
                guard price.updated >= oldest else {
                    reasons[tooOld] += 1
                    return true
                }
                return false
            }
            for index in stations[read].prices.indices {
                stations[read].prices[index].price = (stations[read].prices[index].price * 1000).rounded() / 1000
            }
            if let first = position[stations[read].id] {
                reasons[.duplicateIDMerged] += 1
                stations[first] = Validator.merge(stations[first], stations[read])
            } else {
                position[stations[read].id] = kept
                if kept != read { stations.swapAt(kept, read) }
                kept += 1
            }
        }
        stations.removeSubrange(kept...)
        kept = 0
        for read in stations.indices {
            stations[read].prices.sort(by: FuelPrice.canonicalOrder)
            if let unavailable = stations[read].unavailable, !Self.isSortedAndUnique(unavailable) {
                stations[read].unavailable = Array(Set(unavailable)).sorted()
            }
            if let services = stations[read].services, !Self.isSortedAndUnique(services) {
                stations[read].services = Array(Set(services)).sorted()
            }
            guard !stations[read].prices.isEmpty || !(stations[read].unavailable ?? []).isEmpty else {
                reasons[.noCurrentPrice] += 1
                continue
            }
            if kept != read { stations.swapAt(kept, read) }
            kept += 1
        }
        stations.removeSubrange(kept...)
        return Outcome(stations: stations, reasons: reasons)
    }

    /// The point inside a box, trying the swapped pair second; nil when neither fits.
    private func placed(_ latitude: Double, _ longitude: Double) -> (Double, Double, Bool)? {
        guard latitude.isFinite, longitude.isFinite else { return nil }
        let round = { (value: Double) in (value * 1_000_000).rounded() / 1_000_000 }
        if config.contains(latitude: latitude, longitude: longitude) {
            return (round(latitude), round(longitude), false)
        }
        if config.contains(latitude: longitude, longitude: latitude) {
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
        merged.openingHours = second.hours == nil ? first.openingHours : second.openingHours
        merged.automatHours = second.hours == nil ? first.automatHours : second.automatHours
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
