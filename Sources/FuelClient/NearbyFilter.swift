import Foundation
import FuelFormat

/// Turns the stations of the covering tiles into the answer: inside the radius, filtered, ordered (nearest first, or
/// cheapest first) and limited.
public struct NearbyFilter: Sendable, Hashable {
    /// The query point's latitude, WGS84 degrees.
    public var latitude: Double
    /// The query point's longitude, WGS84 degrees.
    public var longitude: Double
    /// How far from the point a station may be, in kilometres (inclusive).
    public var radiusKm: Double
    /// Keep only stations with a price for this fuel (not those that list it only as unavailable), each with its
    /// ``NearbyStation/displayed`` price.
    public var fuel: FuelCode?
    /// Keep only stations of this brand, compared trimmed and lower-cased: an include list of one, added to
    /// ``includeBrands``. Kept for the callers from before the lists.
    public var brand: String?
    /// Keep only stations of one of these brands (with ``brand``, if any), compared trimmed and lower-cased; a station
    /// without a brand never matches. Empty keeps every brand.
    public var includeBrands: [String]
    /// Leave out stations of these brands, compared trimmed and lower-cased, after ``includeBrands``: a brand in both
    /// lists is left out. A station without a brand is never left out by it.
    public var excludeBrands: [String]
    /// The order of the answer: nearest first (``NearbySort/distance``) or cheapest first by the displayed price of
    /// ``fuel`` (``NearbySort/price``, which needs a fuel; without one, stations keep the distance order).
    public var sort: NearbySort
    /// Keep at most this many stations, the first in ``sort``'s order; nil for all.
    public var limit: Int?
    /// Keep only stations that are not closed at this instant (open, automat or unknown,
    /// ``Station/openState(at:clock:)``), each with its ``NearbyStation/open`` answer; nil keeps them all and
    /// answers nothing about hours.
    public var openAt: Date?
    /// Each country's clock (its time zone, areas and public holidays from `sources.json`), by country code; a
    /// station of a country without one answers `unknown`.
    public var clocks: [String: CountryClock]

    /// A filter; with no fuel, brand or limit it keeps every station within the radius, nearest first.
    public init(
        latitude: Double,
        longitude: Double,
        radiusKm: Double,
        fuel: FuelCode? = nil,
        brand: String? = nil,
        includeBrands: [String] = [],
        excludeBrands: [String] = [],
        sort: NearbySort = .standard,
        limit: Int? = nil,
        openAt: Date? = nil,
        clocks: [String: CountryClock] = [:]
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.radiusKm = radiusKm
        self.fuel = fuel
        self.brand = brand
        self.includeBrands = includeBrands
        self.excludeBrands = excludeBrands
        self.sort = sort
        self.limit = limit
        self.openAt = openAt
        self.clocks = clocks
    }

    /// Stations within the radius (inclusive) that pass the filters, in ``sort``'s order (R4): by haversine distance,
    /// ties by id; or by the displayed price's unit (litre, kg, m³), then its price, then distance, then id.
    public func apply(to stations: [Station]) -> [NearbyStation] {
        select(stations) { station in
            let distance = Earth.distanceKm(
                fromLatitude: latitude, longitude: longitude, toLatitude: station.latitude,
                longitude: station.longitude)
            // The radius is inclusive.
            return distance <= radiusKm ? (distance, nil) : nil
        }
    }

    /// The stations `place` puts in the answer (with their distance, and along a route their distance along it),
    /// filtered by fuel, brands and hours, in ``sort``'s order (R4, R12: along a route by the distance along it, then
    /// from it), limited.
    func select(_ stations: [Station], place: (Station) -> (distanceKm: Double, alongKm: Double?)?) -> [NearbyStation] {
        let included = Set((includeBrands + (brand.map { [$0] } ?? [])).map(Self.fold))
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
                NearbyStation(station: station, distanceKm: distance, displayed: displayed, open: open, alongKm: along))
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
