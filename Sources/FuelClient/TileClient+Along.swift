import Foundation
import FuelFormat

extension TileClient {
    /// The widest buffer an along lookup accepts, in kilometres: a detour of 100 km there and back.
    public static let maxBufferKm = 50.0
    /// The most points a route may have: a GPX track of a day's drive, one point a second, is well below it.
    public static let maxRoutePoints = 100_000

    /// Stations within `bufferKm` of a route (rule R12 of `docs/format.md`), each with its distance from the route
    /// (``NearbyStation/distanceKm``), along it (``NearbyStation/alongKm``) and its detour
    /// (``NearbyStation/detourKm``, there and back). Only the tiles of the corridor's cells
    /// (``Grid/cellsAlong(_:bufferKm:)``) are read, through one index, with the outcomes of a lookup around a point.
    /// - Parameters:
    ///   - route: at least two points, each a valid latitude and longitude (``RouteFile`` reads GeoJSON and GPX).
    ///   - bufferKm: how far from the route a station may be, more than 0 and at most ``maxBufferKm``.
    ///   - fuel: keep only stations with a price for this fuel.
    ///   - includeBrands: keep only stations of these brands (R5); empty keeps every brand.
    ///   - excludeBrands: leave out stations of these brands (R5).
    ///   - sort: along the route first to last (``NearbySort/distance``), or cheapest first by the displayed price
    ///     of `fuel`, then along the route (``NearbySort/price``, which needs a fuel).
    ///   - limit: at most this many stations, the first in `sort`'s order.
    ///   - openAt: keep only stations not closed at this instant (R11).
    /// - Throws: ``NearbyError`` as ``stationsAround(latitude:longitude:radiusKm:fuel:brand:includeBrands:excludeBrands:sort:limit:openAt:)``
    ///   does; ``NearbyError/Code/invalidQuery`` for a route, buffer or limit out of range.
    public func stationsAlong(
        route: Route,
        bufferKm: Double = 5,
        fuel: FuelCode? = nil,
        includeBrands: [String] = [],
        excludeBrands: [String] = [],
        sort: NearbySort = .standard,
        limit: Int? = nil,
        openAt: Date? = nil
    ) async throws(NearbyError) -> NearbyResult {
        try await stations(
            keptBy: AlongFilter(
                route: route, bufferKm: bufferKm, fuel: fuel, includeBrands: includeBrands,
                excludeBrands: excludeBrands, sort: sort, limit: limit, openAt: openAt))
    }

    /// R7 for a route: 2 to ``maxRoutePoints`` points in range, `0 < bufferKm ≤ 50`, the limit at least 1, and a
    /// fuel for a price sort.
    static func validate(_ query: AlongFilter) throws(NearbyError) {
        let points = query.route.points
        guard points.count >= 2, points.count <= maxRoutePoints else {
            throw .invalidQuery("a route needs 2 to \(maxRoutePoints) points, got \(points.count)")
        }
        if let bad = points.firstIndex(where: {
            !$0.latitude.isFinite || !(-90...90).contains($0.latitude) || !$0.longitude.isFinite
                || !(-180...180).contains($0.longitude)
        }) {
            throw .invalidQuery(
                "route point \(bad + 1) is not a latitude in [-90, 90] and a longitude in [-180, 180]: "
                    + "\(points[bad].latitude), \(points[bad].longitude)")
        }
        guard query.bufferKm.isFinite, query.bufferKm > 0, query.bufferKm <= maxBufferKm else {
            throw .invalidQuery(
                "the buffer must be more than 0 and at most \(Int(maxBufferKm)) km, got \(query.bufferKm)")
        }
        try query.checkLimitAndSort()
    }
}
