import Foundation
import FuelFormat

/// What a lookup keeps of the stations it has placed, in which order and how many: the criteria a lookup around a
/// point (``NearbyFilter``) and one along a route (``AlongFilter``) share. Rules R4 (order), R5 (brands), R6 (the
/// displayed price) and R11 (hours) of `docs/format.md`.
public struct StationCriteria: Sendable, Hashable {
    /// Keep only stations with a price for this fuel (not those that list it only as unavailable), each with its
    /// ``NearbyStation/displayed`` price.
    public var fuel: FuelCode?
    /// Keep only stations of one of these brands, compared trimmed and lower-cased; a station without a brand never
    /// matches. Empty keeps every brand.
    public var includeBrands: [String]
    /// Leave out stations of these brands, compared trimmed and lower-cased, after ``includeBrands``: a brand in both
    /// lists is left out. A station without a brand is never left out by it.
    public var excludeBrands: [String]
    /// The order of the answer: nearest first (``NearbySort/distance``; along a route, along it first to last, then
    /// nearest the route) or cheapest first by the displayed price of ``fuel`` (``NearbySort/price``, which needs a
    /// fuel; without one, stations keep the distance order).
    public var sort: NearbySort
    /// Keep at most this many stations, the first in ``sort``'s order; nil for all.
    public var limit: Int?
    /// Keep only stations that are not closed at this instant (open, automat or unknown,
    /// ``Station/openState(at:clock:)``), each with its ``NearbyStation/open`` answer; nil keeps them all and
    /// answers nothing about hours.
    public var openAt: Date?
    /// Each country's clock (its time zone, areas and public holidays from `sources.json`), by country code; a
    /// station of a country without one answers `unknown`. ``TileClient`` sets it from the sources document.
    public var clocks: [String: CountryClock]

    /// Criteria; with no fuel, brand or limit they keep every station placed, nearest first.
    public init(
        fuel: FuelCode? = nil,
        includeBrands: [String] = [],
        excludeBrands: [String] = [],
        sort: NearbySort = .standard,
        limit: Int? = nil,
        openAt: Date? = nil,
        clocks: [String: CountryClock] = [:]
    ) {
        self.fuel = fuel
        self.includeBrands = includeBrands
        self.excludeBrands = excludeBrands
        self.sort = sort
        self.limit = limit
        self.openAt = openAt
        self.clocks = clocks
    }

    /// R7's checks every lookup shares: the limit at least 1, and a fuel for a price sort.
    func checkLimitAndSort() throws(NearbyError) {
        if let limit, limit < 1 { throw .invalidQuery("the limit must be at least 1, got \(limit)") }
        if sort == .price, fuel == nil {
            throw .invalidQuery("sorting by price needs a fuel, whose displayed price orders the stations")
        }
    }

    /// The stations `place` puts in the answer (with their distance, and along a route their distance along it),
    /// filtered by fuel, brands and hours, in ``sort``'s order (R4, R12: along a route by the distance along it, then
    /// from it), limited.
    func select(_ stations: [Station], place: (Station) -> (distanceKm: Double, alongKm: Double?)?) -> [NearbyStation] {
        let included = Set(includeBrands.map(Self.fold))
        let excluded = Set(excludeBrands.map(Self.fold))
        var kept: [NearbyStation] = []
        for station in stations {
            // A fuel search keeps a station with a price of the fuel: one that lists it only as unavailable has none.
            let displayed = fuel.flatMap { station.displayedPrice(of: $0) }
            if fuel != nil, displayed == nil { continue }
            let folded = station.brand.map(Self.fold)
            if !included.isEmpty, !(folded.map(included.contains) ?? false) { continue }
            if let folded, excluded.contains(folded) { continue }
            let open = openAt.map { station.openState(at: $0, clock: clocks[station.country]) }
            if open == .closed { continue }
            guard let (distance, along) = place(station) else { continue }
            kept.append(
                NearbyStation(station: station, distanceKm: distance, alongKm: along, displayed: displayed, open: open))
        }
        if sort == .price, fuel != nil {
            kept.sort { Self.priceKey($0) < Self.priceKey($1) }
        } else {
            kept.sort {
                ($0.alongKm ?? 0, $0.distanceKm, $0.station.id) < ($1.alongKm ?? 0, $1.distanceKm, $1.station.id)
            }
        }
        if let limit, kept.count > limit { kept.removeLast(kept.count - limit) }
        return kept
    }

    /// The order of a price sort: the displayed price's unit in R6's order, its price, the distance (along a route:
    /// along it, then from it), the id.
    private static func priceKey(_ nearby: NearbyStation) -> (Int, Double, Double, Double, String) {
        let unit = nearby.displayed.flatMap { PriceUnit.displayOrder.firstIndex(of: $0.price.unit) }
        return (
            unit ?? PriceUnit.displayOrder.count, nearby.displayed?.price.price ?? .infinity, nearby.alongKm ?? 0,
            nearby.distanceKm, nearby.station.id
        )
    }

    /// A brand as filters compare it: trimmed of spaces, lower-cased.
    static func fold(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
