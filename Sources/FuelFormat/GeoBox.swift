/// A latitude/longitude rectangle in WGS84 degrees: a country's box in `adapters/<CC>/source.json` (named, edges
/// included) and a time zone area's box in `sources.json` (unnamed, half-open). Who reads a box says which edge rule
/// it keeps, through ``contains(latitude:longitude:edges:)``.
public struct GeoBox: Sendable, Hashable, Codable {
    /// Which of a box's edges hold the points on them.
    public enum Edges: Sendable {
        /// Every edge holds its points: `south ≤ lat ≤ north` and `west ≤ lon ≤ east` (a country's boxes).
        case inclusive
        /// The south and west edges hold their points, the north and east ones do not: `south ≤ lat < north` and
        /// `west ≤ lon < east`, so boxes that share an edge never both hold a point (a time zone area's box; one
        /// ending at `east: -12` holds every point west of 12° W).
        case halfOpen
    }

    /// What the box covers (`mainland`, `Corsica`), for a country's box; nil for an area's box, which has none.
    public var name: String?
    /// The southern bound, always included.
    public var south: Double
    /// The western bound, always included.
    public var west: Double
    /// The northern bound, included or not by the ``Edges`` rule.
    public var north: Double
    /// The eastern bound, included or not by the ``Edges`` rule.
    public var east: Double

    /// A box with these bounds; `name` only for a country's box.
    public init(name: String? = nil, south: Double, west: Double, north: Double, east: Double) {
        self.name = name
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// True when the point lies inside the box, its north and east edges held or not as `edges` says.
    public func contains(latitude: Double, longitude: Double, edges: Edges) -> Bool {
        guard latitude >= south, longitude >= west else { return false }
        switch edges {
        case .inclusive: return latitude <= north && longitude <= east
        case .halfOpen: return latitude < north && longitude < east
        }
    }
}
