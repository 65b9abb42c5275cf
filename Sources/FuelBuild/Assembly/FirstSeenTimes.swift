import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat

/// The step for a country whose feed publishes no price times (``PriceTimes/firstSeen``, AT): a price the previous
/// build published unchanged keeps that build's `updated`, so `updated` is when this publisher first saw the station
/// at that price, and an unchanged response leaves the country's tiles byte-identical.
///
/// Unchanged means the same station id, fuel, unit, service, label and value (to the published thousandth). A new
/// station, a new fuel or a new value keeps the time the adapter gave it, its fetch time. The step runs on the
/// validated stations, just before encoding: validation judges the fetch times, since every fetch confirms that a
/// price still holds; the kept time only says since when.
struct FirstSeenTimes: Sendable {
    /// What makes two prices of one station the same price: the same slot and value (to the published thousandth).
    struct Key: Hashable, Sendable {
        var slot: LastChanges.Key
        /// The price in thousandths, as published.
        var thousandths: Int64

        init(_ price: FuelPrice) {
            slot = LastChanges.Key(price)
            thousandths = Int64((price.price * 1000).rounded())
        }

        init(slot: LastChanges.Key, thousandths: Int64) {
            self.slot = slot
            self.thousandths = thousandths
        }
    }

    /// Each previously published station's prices, by station id.
    private let times: [String: [Key: Date]]

    /// The times of the previous build's stations.
    init(previous stations: [Station]) {
        times = stations.pricesByStation(key: Key.init) { $0.updated }
    }

    /// The times a build kept of one country (``KeptState``): what its tiles hold, without reading them.
    init(kept: [KeptState.Price]) {
        var times: [String: [Key: Date]] = [:]
        for price in kept {
            let key = Key(slot: price.slot, thousandths: price.thousandths)
            times[price.station, default: [:]][key] = Date(timeIntervalSince1970: TimeInterval(price.updated))
        }
        self.times = times
    }

    /// The previous build's stations of `country`, read from its tiles in the country's boxes; none, with a note for
    /// the report, when its tiles cannot be read: every price then keeps the time its adapter gave it.
    static func previousStations(
        _ country: String, boxes: [CountryConfig.Box], from previous: PreviousBuild?
    ) -> (stations: [Station], note: String?) {
        guard let previous, previous.index.countries[country] != nil else { return ([], nil) }
        do {
            return (try previous.stations(of: country, within: boxes), nil)
        } catch {
            return (
                [],
                "\(country): the previous build's prices could not be read (\(ErrorText.describe(error))), so every price "
                    + "is dated by this fetch"
            )
        }
    }

    /// Gives each price of `stations` that the previous build published unchanged the earlier of its two times.
    /// - Returns: how many prices kept an earlier time.
    @discardableResult
    func apply(to stations: inout [Station]) -> Int {
        guard !times.isEmpty else { return 0 }
        var kept = 0
        for index in stations.indices {
            guard let previous = times[stations[index].id] else { continue }
            for price in stations[index].prices.indices {
                let current = stations[index].prices[price]
                guard let seen = previous[Key(current)], seen < current.updated else { continue }
                stations[index].prices[price].updated = seen
                kept += 1
            }
        }
        return kept
    }
}
