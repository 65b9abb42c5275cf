/// A part of a country whose clocks keep another time zone than the country's own, as `sources.json` publishes it
/// (`timeZoneAreas`, docs/format.md section 9): a station inside ``box`` keeps ``timeZone``.
public struct TimeZoneArea: Sendable, Hashable, Codable {
    /// The IANA name of the area's time zone.
    public var timeZone: String
    /// Where the area is: a half-open box (``GeoBox/Edges/halfOpen``), so an area whose box ends at `east: -12`
    /// holds every point west of 12° W, and areas that share an edge never both hold a point on it.
    public var box: GeoBox

    /// An area keeping `timeZone` inside `box`.
    public init(timeZone: String, box: GeoBox) {
        self.timeZone = timeZone
        self.box = box
    }

    /// The IANA zone of a point of a country whose own zone is `timeZone`: the first of `areas` whose box holds
    /// the point (south and west edges included, north and east excluded), else the country's.
    public static func zone(
        latitude: Double, longitude: Double, country timeZone: String, areas: [TimeZoneArea]
    ) -> String {
        areas.first { $0.box.contains(latitude: latitude, longitude: longitude, edges: .halfOpen) }?.timeZone
            ?? timeZone
    }
}
