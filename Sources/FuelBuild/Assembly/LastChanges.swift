import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat

/// The step that gives each price its last change (`was`, `changed`), from the previous build, just before encoding.
///
/// A price is the same price in two builds when its station id, fuel, unit, service and label are equal. When the
/// previous build published it with another value (to the published thousandth), it gains `was`, that value, and
/// `changed`, when this publisher first saw the new one: the country's fetch time (the build's time for a feed with
/// no fetch manifest). When the value is the same, the previous build's `was` and `changed` carry over while
/// `changed` is at most ``window`` old. A price whose station or fuel the previous build did not publish has no last
/// change: a gap breaks the chain. So a build whose prices did not change writes the same bytes.
struct LastChanges: Sendable {
    /// How long a last change is published after it happened.
    static let window: TimeInterval = 30 * 86_400

    /// A price's slot at a station, whatever its value: what makes two prices of one station the same price here
    /// (and, with the same value, in ``FirstSeenTimes``).
    struct Key: Hashable, Sendable {
        var fuel: FuelCode
        var unit: PriceUnit
        var service: ServiceKind?
        var label: String?

        init(_ price: FuelPrice) {
            self.init(fuel: price.fuel, unit: price.unit, service: price.service, label: price.label)
        }

        init(fuel: FuelCode, unit: PriceUnit, service: ServiceKind?, label: String?) {
            self.fuel = fuel
            self.unit = unit
            self.service = service
            self.label = label
        }
    }

    /// A previously published price: its value in thousandths, and its own last change.
    private struct Previous: Sendable {
        var thousandths: Int64
        var was: Double? = nil
        var changed: Date? = nil
    }

    /// Each previously published station's prices, by station id.
    private let previous: [String: [Key: Previous]]

    /// The prices of the previous build's stations of one country.
    init(previous stations: [Station]) {
        previous = stations.pricesByStation(key: Key.init) { price in
            Previous(thousandths: Self.thousandths(price.price), was: price.was, changed: price.changed)
        }
    }

    private init(previous: [String: [Key: Previous]]) { self.previous = previous }

    /// The prices a build kept of one country (``KeptState``): what its tiles hold, without reading them.
    init(kept: [KeptState.Price]) {
        var previous: [String: [Key: Previous]] = [:]
        for price in kept {
            var entry = Previous(thousandths: price.thousandths)
            if let was = price.was, let changed = price.changed {
                entry.was = Double(was) / 1000
                entry.changed = Date(timeIntervalSince1970: TimeInterval(changed))
            }
            previous[price.station, default: [:]][price.slot] = entry
        }
        self.previous = previous
    }

    /// The previous build's prices of `country`, read from its tiles in the country's boxes with the byte-level JSON
    /// parser (a build reads every country's previous prices: Foundation's decoder would cost the build a third of
    /// its time at full size). None when there is no previous build or it lacks the country.
    /// - Throws: ``FeedError`` naming a tile that cannot be read.
    static func load(
        _ country: String, boxes: [CountryConfig.Box], from previous: PreviousBuild?
    ) throws(FeedError) -> LastChanges {
        guard let previous, previous.index.countries[country] != nil else { return LastChanges(previous: [:]) }
        var found: [String: [Key: Previous]] = [:]
        try previous.forEachTile(of: country, within: boxes) { read($0, country: country, into: &found) }
        return LastChanges(previous: found)
    }

    /// The prices of `country`'s stations in one tile's document, keys resolved once per document (a build reads
    /// every price of the previous build).
    private static func read(_ document: JSONDocument, country: String, into found: inout [String: [Key: Previous]]) {
        let id = document.keyID("id")
        let countryKey = document.keyID("country")
        let pricesKey = document.keyID("prices")
        let (fuelKey, priceKey, unitKey) = (document.keyID("fuel"), document.keyID("price"), document.keyID("unit"))
        let (serviceKey, labelKey) = (document.keyID("service"), document.keyID("label"))
        let (wasKey, changedKey) = (document.keyID("was"), document.keyID("changed"))
        let wanted = Array(country.utf8)
        guard let stations = document.root.member(document.keyID("stations")) else { return }
        for station in stations.elements {
            guard station.member(countryKey)?.withStringBytes({ $0.elementsEqual(wanted) }) == true,
                let stationID = station.member(id)?.string
            else { continue }
            var prices: [Key: Previous] = [:]
            for price in station.member(pricesKey).map({ Array($0.elements) }) ?? [] {
                guard let fuel = price.member(fuelKey)?.string, let value = price.member(priceKey)?.double else {
                    continue
                }
                let key = Key(
                    fuel: FuelCode(rawValue: fuel),
                    unit: price.member(unitKey)?.string.flatMap(PriceUnit.init(rawValue:)) ?? .litre,
                    service: price.member(serviceKey)?.string.flatMap(ServiceKind.init(rawValue:)),
                    label: price.member(labelKey)?.string)
                var previous = Previous(thousandths: thousandths(value))
                if let was = price.member(wasKey)?.double, let changed = price.member(changedKey)?.string {
                    previous.was = was
                    previous.changed = UTCTime.parse(changed).map { Date(timeIntervalSince1970: TimeInterval($0)) }
                }
                prices[key] = previous
            }
            found[stationID] = prices
        }
    }

    private static func thousandths(_ price: Double) -> Int64 { Int64((price * 1000).rounded()) }

    /// Whether a last change at `changed` is still published by a build at `builtAt`.
    static func isCurrent(_ changed: Date, builtAt: Date) -> Bool {
        builtAt.timeIntervalSince(changed) <= window
    }

    /// Clears the last changes of `stations` that are older than ``window`` at `builtAt`: what ``apply(to:seenAt:builtAt:)``
    /// does to stations whose values did not change since the previous build.
    static func dropExpired(in stations: inout [Station], builtAt: Date) {
        for index in stations.indices {
            for price in stations[index].prices.indices {
                guard let changed = stations[index].prices[price].changed, !isCurrent(changed, builtAt: builtAt)
                else { continue }
                stations[index].prices[price].was = nil
                stations[index].prices[price].changed = nil
            }
        }
    }

    /// Sets or clears the last change of every price of `stations`.
    /// - Parameters:
    ///   - seenAt: when this publisher first saw a price that changed now: the country's fetch time.
    ///   - builtAt: the build's time, against which a carried last change's age is measured.
    /// - Returns: how many prices changed since the previous build.
    @discardableResult
    func apply(to stations: inout [Station], seenAt: Date, builtAt: Date) -> Int {
        var changes = 0
        for index in stations.indices {
            let before = previous[stations[index].id]
            for price in stations[index].prices.indices {
                let current = stations[index].prices[price]
                var was: Double?
                var changed: Date?
                if let old = before?[Key(current)] {
                    if old.thousandths != Self.thousandths(current.price) {
                        (was, changed) = (Double(old.thousandths) / 1000, seenAt)
                        changes += 1
                    } else if let oldWas = old.was, let oldChanged = old.changed,
                        Self.isCurrent(oldChanged, builtAt: builtAt)
                    {
                        (was, changed) = (oldWas, oldChanged)
                    }
                }
                stations[index].prices[price].was = was
                stations[index].prices[price].changed = changed
            }
        }
        return changes
    }
}

extension [Station] {
    /// What a step remembers of the previous build's stations (``LastChanges``, ``FirstSeenTimes``): each station's
    /// prices by `key`, as `value` gives them, by station id.
    func pricesByStation<Key: Hashable, Value>(
        key: (FuelPrice) -> Key, value: (FuelPrice) -> Value
    ) -> [String: [Key: Value]] {
        var byStation: [String: [Key: Value]] = [:]
        byStation.reserveCapacity(count)
        for station in self {
            var prices: [Key: Value] = [:]
            for price in station.prices { prices[key(price)] = value(price) }
            byStation[station.id] = prices
        }
        return byStation
    }
}
