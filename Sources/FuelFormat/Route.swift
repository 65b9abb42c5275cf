#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A route as a line through points (a GeoJSON LineString, a GPX track), and where a station lies along it: rule R12
/// of `docs/format.md`, computed in exactly the documented order so that every reader gets the same doubles.
public struct Route: Sendable, Hashable {
    /// One point of the route, WGS84 degrees.
    public struct Point: Sendable, Hashable {
        /// Latitude in degrees.
        public var latitude: Double
        /// Longitude in degrees.
        public var longitude: Double

        /// A point at `latitude`, `longitude`.
        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// Where a station lies relative to the route.
    public struct Position: Sendable, Hashable {
        /// The distance along the route, from its first point to the point of the route nearest the station, in km.
        public var alongKm: Double
        /// The distance from the station to the route, in km.
        public var offKm: Double
    }

    /// The points in order; a route has at least two.
    public var points: [Point]

    /// A route through `points`, in order.
    public init(points: [Point]) {
        self.points = points
    }

    /// The length of each segment (haversine, R2), in order.
    public var segmentLengthsKm: [Double] {
        zip(points, points.dropFirst()).map { a, b in
            Earth.distanceKm(
                fromLatitude: a.latitude, longitude: a.longitude, toLatitude: b.latitude, longitude: b.longitude)
        }
    }

    /// The route's length, the sum of its segments in order, in km.
    public var lengthKm: Double { segmentLengthsKm.reduce(0, +) }

    /// Where the point at `latitude`, `longitude` lies (R12): for each segment, the nearest point of it in a plane
    /// centred on the station (longitudes scaled by the cosine of the station's latitude), its distance, and the
    /// distance along the route to it; the segment with the smallest distance wins, the first on a tie. Nil for a route
    /// of fewer than two points.
    public func position(latitude: Double, longitude: Double) -> Position? {
        let scale = cos(latitude * .pi / 180)
        let lengths = segmentLengthsKm
        var best: Position?
        var start = 0.0
        for (index, (a, b)) in zip(points, points.dropFirst()).enumerated() {
            let ax = (a.longitude - longitude) * scale
            let ay = a.latitude - latitude
            let bx = (b.longitude - longitude) * scale
            let by = b.latitude - latitude
            let dx = bx - ax
            let dy = by - ay
            let lengthSquared = dx * dx + dy * dy
            let t = lengthSquared > 0 ? min(1, max(0, -(ax * dx + ay * dy) / lengthSquared)) : 0
            let cx = ax + t * dx
            let cy = ay + t * dy
            let off = (cx * cx + cy * cy).squareRoot() * Earth.kilometresPerDegreeLatitude
            if best.map({ off < $0.offKm }) ?? true {
                best = Position(alongKm: start + t * lengths[index], offKm: off)
            }
            start += lengths[index]
        }
        return best
    }
}

extension Grid {
    /// The longest piece of a route segment whose box is taken on its own, in degrees of latitude or longitude.
    public static let routePieceDegrees = 0.125

    /// Every cell within reach of a route's corridor (R12), sorted by key: each segment is cut into `n` equal pieces,
    /// `n = max(1, ceil(max(|Δlat|, |Δlon|) / 0.125))`, and each piece's box, widened by `bufferKm` as a circle's
    /// box is (``cellsCovering(latitude:longitude:radiusKm:)``), gives the cells between its corners.
    public func cellsAlong(_ route: Route, bufferKm: Double) -> [TileKey] {
        var cells = Set<TileKey>()
        let latitudeSpan = bufferKm / Earth.kilometresPerDegreeLatitude
        for (a, b) in zip(route.points, route.points.dropFirst()) {
            let deltaLatitude = b.latitude - a.latitude
            let deltaLongitude = b.longitude - a.longitude
            let pieces = max(
                1, Int((max(abs(deltaLatitude), abs(deltaLongitude)) / Self.routePieceDegrees).rounded(.up)))
            var previous = a
            for step in 1...pieces {
                let next = Route.Point(
                    latitude: a.latitude + deltaLatitude * Double(step) / Double(pieces),
                    longitude: a.longitude + deltaLongitude * Double(step) / Double(pieces))
                let south = max(min(previous.latitude, next.latitude) - latitudeSpan, -90)
                let north = min(max(previous.latitude, next.latitude) + latitudeSpan, 90)
                let poleward = min(max(abs(south), abs(north)), 89.999)
                let longitudeSpan = min(latitudeSpan / cos(poleward * .pi / 180), 180)
                let low = key(latitude: south, longitude: min(previous.longitude, next.longitude) - longitudeSpan)
                let high = key(latitude: north, longitude: max(previous.longitude, next.longitude) + longitudeSpan)
                for row in low.row...high.row {
                    for column in low.column...high.column { cells.insert(TileKey(row: row, column: column)) }
                }
                previous = next
            }
        }
        return cells.sorted()
    }
}
