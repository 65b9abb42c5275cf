import Foundation

/// Great-circle distance in km computed independently of the library's haversine (`Earth.distanceKm`): the chord
/// between unit vectors, on the same mean Earth radius. The oracle the lookup tests compare the client's distances
/// and radius filter with.
public func chordDistanceKm(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
    func vector(_ lat: Double, _ lon: Double) -> (Double, Double, Double) {
        let phi = lat * .pi / 180
        let lambda = lon * .pi / 180
        return (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }
    let a = vector(lat1, lon1)
    let b = vector(lat2, lon2)
    let chord = ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)).squareRoot()
    return 2 * 6371.0088 * asin(chord / 2)
}
