#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The fixed latitude/longitude grid that splits stations into tiles.
///
/// Cells are `degrees` wide in both directions. The key of a point is
/// `floor(lat / degrees)_floor(lon / degrees)`: floor, not truncation, so (-0.1, -0.1) is in cell `-1_-1`.
public struct Grid: Sendable, Hashable {
    /// The size of a cell in degrees.
    public let degrees: Double

    /// The grid every published file uses: half-degree cells.
    public static let standard = Grid(degrees: 0.5)

    /// A grid of `degrees`-sized cells; `degrees` must be positive and finite (a programming error otherwise).
    public init(degrees: Double) {
        precondition(degrees > 0 && degrees.isFinite, "grid size must be a positive number of degrees")
        self.degrees = degrees
    }

    /// The cell that holds a point.
    public func key(latitude: Double, longitude: Double) -> TileKey {
        TileKey(row: Int((latitude / degrees).rounded(.down)), column: Int((longitude / degrees).rounded(.down)))
    }

    /// The bounding box of a circle (rule R1): the latitude half-span is `radiusKm / Earth.kilometresPerDegreeLatitude`;
    /// the longitude half-span is the same widened by `1 / cos(latitude)`, evaluated at the box edge nearest the pole
    /// so the box always contains the circle. Latitudes are clamped to ±90; longitudes are not wrapped.
    public func box(aroundLatitude latitude: Double, longitude: Double, radiusKm: Double) -> GeoBox {
        let latitudeSpan = radiusKm / Earth.kilometresPerDegreeLatitude
        let south = max(latitude - latitudeSpan, -90)
        let north = min(latitude + latitudeSpan, 90)
        let poleward = min(max(abs(south), abs(north)), 89.999)
        let longitudeSpan = min(latitudeSpan / cos(poleward * .pi / 180), 180)
        return GeoBox(south: south, west: longitude - longitudeSpan, north: north, east: longitude + longitudeSpan)
    }

    /// Every cell that intersects the bounding box of a circle (``box(aroundLatitude:longitude:radiusKm:)``), sorted
    /// by key.
    public func cellsCovering(latitude: Double, longitude: Double, radiusKm: Double) -> [TileKey] {
        let box = box(aroundLatitude: latitude, longitude: longitude, radiusKm: radiusKm)
        let low = key(latitude: box.south, longitude: box.west)
        let high = key(latitude: box.north, longitude: box.east)
        var cells: [TileKey] = []
        cells.reserveCapacity((high.row - low.row + 1) * (high.column - low.column + 1))
        for row in low.row...high.row {
            for column in low.column...high.column {
                cells.append(TileKey(row: row, column: column))
            }
        }
        return cells
    }
}
