import Foundation
import FuelFormat

/// A lookup's filter as ``TileClient`` runs it (around a point, ``NearbyFilter``; along a route, ``AlongFilter``):
/// its query checked (R7), the cells it needs, and its answer from their stations once the countries' clocks are read.
protocol LookupFilter: Sendable {
    /// What the answer keeps; ``TileClient`` sets its clocks from the sources document before ``apply(to:)``.
    var criteria: StationCriteria { get set }

    /// R7 for the query's own part (the point or the route) and the criteria's
    /// (``StationCriteria/checkLimitAndSort()``).
    func validate() throws(NearbyError)
    /// The cells whose tiles may hold a station of the answer.
    func cells(on grid: Grid) -> [TileKey]
    /// The box whose quarters of a split cell hold every station of the answer (R15), or nil to read whole tiles.
    func box(on grid: Grid) -> GeoBox?
    /// The answer from the stations of those cells.
    func apply(to stations: [Station]) -> [NearbyStation]
}

extension NearbyFilter: LookupFilter {
    func validate() throws(NearbyError) { try TileClient.validate(self) }

    /// R15: the centre's cell first, so that its leaf is the one read; then the others in grid order.
    func cells(on grid: Grid) -> [TileKey] {
        let centre = grid.key(latitude: latitude, longitude: longitude)
        return [centre]
            + grid.cellsCovering(latitude: latitude, longitude: longitude, radiusKm: radiusKm).filter { $0 != centre }
    }

    func box(on grid: Grid) -> GeoBox? { grid.box(aroundLatitude: latitude, longitude: longitude, radiusKm: radiusKm) }
}

extension AlongFilter: LookupFilter {
    func validate() throws(NearbyError) { try TileClient.validate(self) }

    func cells(on grid: Grid) -> [TileKey] { grid.cellsAlong(route, bufferKm: bufferKm) }

    /// Nil: a route reads whole tiles (R15).
    func box(on grid: Grid) -> GeoBox? { nil }
}
