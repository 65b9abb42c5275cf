import Foundation
import FuelFormat

/// One `<pdv>` as read, before shortages are resolved against the feed's reference time.
struct FRStationDraft {
    /// One `<prix>`.
    struct Price {
        var name: String
        var euros: Double
        var updated: Int64
    }

    /// One `<rupture>`.
    struct Shortage {
        var name: String
        /// `temporaire`, `definitive`, or nil in older files.
        var type: String?
        /// When it ends; nil when `fin` is empty (ongoing).
        var end: Int64?
    }

    var id: Int
    /// Where the record starts, for messages: `entry X, line N`.
    var location: String
    /// What every feed's draft holds: the coordinates (nil where the feed left one empty), the postcode, address
    /// and city, and each service once, in the feed's order. Its prices stay empty: ``prices`` holds this feed's
    /// own, by fuel name, until ``station(reference:maxPriceAge:fuels:counters:)`` resolves them.
    var common = StationDraft()
    var motorway: Bool?
    /// The newest price of each fuel name.
    var prices: [String: Price] = [:]
    var shortages: [Shortage] = []
    var hours: FRHours?

    /// The newest price time of the station, for choosing between duplicates.
    var newestUpdate: Int64 { prices.values.map(\.updated).max() ?? Int64.min }

    /// Keeps the newer price when a fuel appears more than once (archives list every change).
    mutating func add(_ price: Price) {
        if let existing = prices[price.name], existing.updated > price.updated { return }
        prices[price.name] = price
    }

    /// The station, with shortages resolved against `reference` (seconds since 1970).
    ///
    /// A `definitive` shortage means the station no longer sells the fuel: its price, if any, is dropped and the
    /// fuel is not listed as unavailable. A `temporaire` shortage, or one without a type (older files), lists the
    /// fuel as unavailable unless its `fin` lies before the reference time (the shortage is over). The price of a
    /// temporarily unavailable fuel is kept: it is the last price the station set.
    ///
    /// A week whose seven days are all `ferme="1"` while the station has a price updated within `maxPriceAge`
    /// seconds of the reference time contradicts itself (a real national file has 670 such stations, 570 of them
    /// with a dummy `01.00-01.00` interval): its hours are left unknown (nil), never "closed", and it is counted.
    /// A card automat open around the clock still says so (`24/7 automat`), and is published for machines as
    /// `automatHours` `24/7` whatever the week says.
    func station(
        reference: Int64, maxPriceAge: Int64, fuels: inout FRFuelResolver, counters: inout ReasonTally
    ) -> Station? {
        guard common.latitude != nil, common.longitude != nil else { return nil }
        var discontinued: Set<String> = []
        var unavailable: Set<FuelCode> = []
        for shortage in shortages {
            if shortage.type == "definitive" {
                discontinued.insert(shortage.name)
                continue
            }
            if let end = shortage.end, end < reference {
                counters[.shortageAlreadyOver] += 1
                continue
            }
            guard let entry = fuels.resolve(shortage.name), entry.fuel != .other else {
                counters[.shortageOfUnknownFuel(name: shortage.name)] += 1
                continue
            }
            unavailable.insert(entry.fuel)
        }
        var result: [FuelPrice] = []
        for price in prices.values {
            if discontinued.contains(price.name) {
                counters[.discontinuedFuelPrice] += 1
                continue
            }
            let entry = fuels.resolve(price.name)
            let fuel = entry?.fuel ?? .other
            if entry == nil { counters[.unknownFuel(name: price.name)] += 1 }
            result.append(
                FuelPrice(
                    fuel: fuel, price: price.euros,
                    updated: Date(timeIntervalSince1970: TimeInterval(price.updated)), unit: entry?.unit ?? .litre,
                    label: fuel == .other ? price.name : nil))
        }
        var hoursText = hours?.text
        var openingHours = hours?.openingHours
        let currentSince = Date(timeIntervalSince1970: TimeInterval(reference - maxPriceAge))
        if let hours, hours.isClosedAllWeek, result.contains(where: { $0.updated >= currentSince }) {
            counters[.closedWeekWithCurrentPrices] += 1
            hoursText = hours.automat ? FRHours(automat: true).text : nil
            openingHours = nil
        }
        var draft = common
        draft.prices = result
        guard
            var station = draft.station(
                id: "FR-\(id)", country: "FR", brand: nil, hours: hoursText, openingHours: openingHours)
        else { return nil }
        station.unavailable = unavailable.isEmpty ? nil : unavailable.sorted()
        station.automatHours = hours?.automat == true ? "24/7" : nil
        station.motorway = motorway
        return station
    }
}

/// Looks FR fuel names up in `fuels.json` once per distinct name.
struct FRFuelResolver {
    let table: FuelTable
    private var cache: [String: FuelTable.Entry?] = [:]

    init(table: FuelTable) { self.table = table }

    mutating func resolve(_ name: String) -> FuelTable.Entry? {
        if let cached = cache[name] { return cached }
        let entry = table.lookup(name)
        cache[name] = entry
        return entry
    }
}
