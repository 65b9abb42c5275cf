/// A part of a country whose clocks keep another time zone than the country's own, as `sources.json` publishes it
/// (`timeZoneAreas`, docs/format.md section 9): a station inside ``box`` keeps ``timeZone``.
public struct TimeZoneArea: Sendable, Hashable, Codable {
    /// A latitude/longitude rectangle, half-open: a point is inside when `south ≤ lat < north` and
    /// `west ≤ lon < east` (WGS84 degrees), so an area whose box ends at `east: -12` holds every point west of 12° W.
    public struct Box: Sendable, Hashable, Codable {
        /// The southern bound, inclusive.
        public var south: Double
        /// The western bound, inclusive.
        public var west: Double
        /// The northern bound, exclusive.
        public var north: Double
        /// The eastern bound, exclusive.
        public var east: Double

        /// A box with these bounds.
        public init(south: Double, west: Double, north: Double, east: Double) {
            self.south = south
            self.west = west
            self.north = north
            self.east = east
        }

        /// True when the point lies inside: south and west bounds included, north and east bounds excluded.
        public func contains(latitude: Double, longitude: Double) -> Bool {
            latitude >= south && latitude < north && longitude >= west && longitude < east
        }
    }

    /// The IANA name of the area's time zone.
    public var timeZone: String
    /// Where the area is.
    public var box: Box

    /// An area keeping `timeZone` inside `box`.
    public init(timeZone: String, box: Box) {
        self.timeZone = timeZone
        self.box = box
    }

    /// The IANA zone of a point of a country whose own zone is `timeZone`: the first of `areas` whose box holds
    /// the point, else the country's.
    public static func zone(
        latitude: Double, longitude: Double, country timeZone: String, areas: [TimeZoneArea]
    ) -> String {
        areas.first { $0.box.contains(latitude: latitude, longitude: longitude) }?.timeZone ?? timeZone
    }
}
