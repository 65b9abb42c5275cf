import Foundation
import FuelFormat

/// Turns the stations of a route's corridor into the answer (rule R12 of `docs/format.md`): those within the buffer
/// of the route, kept by the same ``criteria`` as a lookup around a point, in order along the route (or cheapest
/// first) and limited.
public struct AlongFilter: Sendable, Hashable {
    /// The route, at least two points.
    public var route: Route
    /// How far from the route a station may be, in kilometres (inclusive): half the longest detour, there and back.
    public var bufferKm: Double
    /// Which stations within the buffer the answer keeps, and how many. Its ``StationCriteria/sort``:
    /// ``NearbySort/distance``, along the route first to last, then nearest the route, then by id;
    /// ``NearbySort/price``, cheapest first by the displayed price of its fuel, then along the route, then by id.
    public var criteria: StationCriteria

    /// A filter of the stations within `bufferKm` of `route`.
    public init(route: Route, bufferKm: Double, criteria: StationCriteria = StationCriteria()) {
        self.route = route
        self.bufferKm = bufferKm
        self.criteria = criteria
    }

    /// The stations within the buffer (inclusive) that the criteria keep, each with its distance from the route
    /// (``NearbyStation/distanceKm``), along it (``NearbyStation/alongKm``) and its detour, in the criteria's order.
    public func apply(to stations: [Station]) -> [NearbyStation] {
        criteria.select(stations) { station in
            guard let position = route.position(latitude: station.latitude, longitude: station.longitude),
                position.offKm <= bufferKm
            else { return nil }
            return (position.offKm, position.alongKm)
        }
    }
}
