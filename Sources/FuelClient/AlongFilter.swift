import Foundation
import FuelFormat

/// Turns the stations of a route's corridor into the answer (rule R12 of `docs/format.md`): those within the buffer
/// of the route, filtered as a lookup around a point is, in order along the route (or cheapest first) and limited.
public struct AlongFilter: Sendable, Hashable {
    /// The route, at least two points.
    public var route: Route
    /// How far from the route a station may be, in kilometres (inclusive): half the longest detour, there and back.
    public var bufferKm: Double
    /// Keep only stations with a price for this fuel, each with its ``NearbyStation/displayed`` price.
    public var fuel: FuelCode?
    /// Keep only stations of one of these brands, as ``NearbyFilter/includeBrands`` does (R5).
    public var includeBrands: [String]
    /// Leave out stations of these brands, as ``NearbyFilter/excludeBrands`` does (R5).
    public var excludeBrands: [String]
    /// ``NearbySort/distance``: along the route first to last, then nearest the route, then by id;
    /// ``NearbySort/price``: cheapest first by the displayed price of ``fuel``, then along the route, then by id.
    public var sort: NearbySort
    /// Keep at most this many stations, the first in ``sort``'s order; nil for all.
    public var limit: Int?
    /// Keep only stations that are not closed at this instant (R11), as ``NearbyFilter/openAt`` does.
    public var openAt: Date?
    /// Each country's clock, by country code, for ``openAt``.
    public var clocks: [String: CountryClock]

    /// A filter of the stations within `bufferKm` of `route`.
    public init(
        route: Route,
        bufferKm: Double,
        fuel: FuelCode? = nil,
        includeBrands: [String] = [],
        excludeBrands: [String] = [],
        sort: NearbySort = .standard,
        limit: Int? = nil,
        openAt: Date? = nil,
        clocks: [String: CountryClock] = [:]
    ) {
        self.route = route
        self.bufferKm = bufferKm
        self.fuel = fuel
        self.includeBrands = includeBrands
        self.excludeBrands = excludeBrands
        self.sort = sort
        self.limit = limit
        self.openAt = openAt
        self.clocks = clocks
    }

    /// The stations within the buffer (inclusive) that pass the filters, each with its distance from the route
    /// (``NearbyStation/distanceKm``), along it (``NearbyStation/alongKm``) and its detour, in ``sort``'s order.
    public func apply(to stations: [Station]) -> [NearbyStation] {
        let filter = NearbyFilter(
            latitude: 0, longitude: 0, radiusKm: bufferKm, fuel: fuel, includeBrands: includeBrands,
            excludeBrands: excludeBrands, sort: sort, limit: limit, openAt: openAt, clocks: clocks)
        return filter.select(stations) { station in
            guard let position = route.position(latitude: station.latitude, longitude: station.longitude),
                position.offKm <= bufferKm
            else { return nil }
            return (position.offKm, position.alongKm)
        }
    }
}
