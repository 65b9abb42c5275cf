#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Distances on the Earth, modelled as a sphere.
public enum Earth {
    /// The mean Earth radius (IUGG R1), in kilometres. Every distance in FuelTiles uses this one value.
    public static let radiusKm = 6371.0088

    /// Kilometres per degree of latitude on the sphere above (about 111.195).
    public static let kilometresPerDegreeLatitude = radiusKm * .pi / 180

    /// The great-circle distance between two points, in kilometres, by the haversine formula.
    public static func distanceKm(
        fromLatitude lat1: Double,
        longitude lon1: Double,
        toLatitude lat2: Double,
        longitude lon2: Double
    ) -> Double {
        let radians = Double.pi / 180
        let deltaLat = (lat2 - lat1) * radians
        let deltaLon = (lon2 - lon1) * radians
        let sinLat = sin(deltaLat / 2)
        let sinLon = sin(deltaLon / 2)
        let a = sinLat * sinLat + cos(lat1 * radians) * cos(lat2 * radians) * sinLon * sinLon
        return 2 * radiusKm * asin(min(1, a.squareRoot()))
    }
}
