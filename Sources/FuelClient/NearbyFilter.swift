import Foundation
import FuelFormat

/// Turns the stations of the covering tiles into the answer: inside the radius, kept by the ``criteria`` (fuel,
/// brands, hours), ordered (nearest first, or cheapest first) and limited.
public struct NearbyFilter: Sendable, Hashable {
    /// The query point's latitude, WGS84 degrees.
    public var latitude: Double
    /// The query point's longitude, WGS84 degrees.
    public var longitude: Double
    /// How far from the point a station may be, in kilometres (inclusive).
    public var radiusKm: Double
    /// Which stations within the radius the answer keeps, in which order and how many.
    public var criteria: StationCriteria

    /// A filter; with the default criteria it keeps every station within the radius, nearest first.
    public init(latitude: Double, longitude: Double, radiusKm: Double, criteria: StationCriteria = StationCriteria()) {
        self.latitude = latitude
        self.longitude = longitude
        self.radiusKm = radiusKm
        self.criteria = criteria
    }

    /// Stations within the radius (inclusive) that the criteria keep, in their ``StationCriteria/sort``'s order
    /// (R4): by haversine distance, ties by id; or by the displayed price's unit (litre, kg, m³), then its price,
    /// then distance, then id.
    public func apply(to stations: [Station]) -> [NearbyStation] {
        criteria.select(stations) { station in
            let distance = Earth.distanceKm(
                fromLatitude: latitude, longitude: longitude, toLatitude: station.latitude,
                longitude: station.longitude)
            // The radius is inclusive.
            return distance <= radiusKm ? (distance, nil) : nil
        }
    }
}
