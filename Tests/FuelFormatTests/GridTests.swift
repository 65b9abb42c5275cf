import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

@Suite struct GridTests {
    typealias KeyCase = NamedCase<(latitude: Double, longitude: Double, key: String)>

    static let keyCases: [KeyCase] = [
        KeyCase("Lisbon", (latitude: 38.72, longitude: -9.14, key: "77_-19")),
        KeyCase("Madrid", (latitude: 40.4168, longitude: -3.7038, key: "80_-8")),
        KeyCase("just west of Greenwich", (latitude: 51.4779, longitude: -0.0015, key: "102_-1")),
        KeyCase("south-west quadrant", (latitude: -0.1, longitude: -0.1, key: "-1_-1")),
        KeyCase("exact cell corner", (latitude: 38.5, longitude: -9.5, key: "77_-19")),
        KeyCase("Canaries", (latitude: 28.1235, longitude: -15.4363, key: "56_-31")),
        KeyCase("Vienna", (latitude: 48.2082, longitude: 16.3738, key: "96_32")),
    ]

    @Test(arguments: keyCases)
    func keyUsesFloor(_ testCase: KeyCase) {
        #expect(
            Grid.standard.key(latitude: testCase.latitude, longitude: testCase.longitude).description == testCase.key)
        #expect(TileKey(testCase.key)?.description == testCase.key)
    }

    @Test func parsesOnlyWellFormedKeys() {
        #expect(TileKey("77_-19") == TileKey(row: 77, column: -19))
        #expect(TileKey("77") == nil)
        #expect(TileKey("a_b") == nil)
        #expect(TileKey("1_2_3") == nil)
    }

    struct Region: Sendable, CustomTestStringConvertible {
        var name: String
        var south: Double, west: Double, north: Double, east: Double
        var testDescription: String { name }
    }

    static let coverage: [Region] = [
        Region(name: "mainland PT", south: 36.95, west: -9.5, north: 42.15, east: -6.2),
        Region(name: "mainland ES", south: 36.0, west: -9.3, north: 43.8, east: 3.3),
        Region(name: "mainland FR", south: 42.3, west: -4.8, north: 51.1, east: 8.2),
        Region(name: "mainland IT", south: 36.6, west: 6.6, north: 47.1, east: 18.5),
        Region(name: "AT", south: 46.4, west: 9.5, north: 49.0, east: 17.2),
        Region(name: "Balearics", south: 38.6, west: 1.1, north: 40.1, east: 4.4),
        Region(name: "Corsica", south: 41.3, west: 8.5, north: 43.1, east: 9.6),
        Region(name: "Sardinia", south: 38.8, west: 8.1, north: 41.3, east: 9.9),
        Region(name: "Sicily", south: 36.6, west: 12.3, north: 38.4, east: 15.7),
        Region(name: "Canaries", south: 27.6, west: -18.2, north: 29.5, east: -13.3),
        Region(name: "Madeira", south: 32.6, west: -17.3, north: 33.1, east: -16.2),
        Region(name: "Azores", south: 36.9, west: -31.3, north: 39.8, east: -25.0),
    ]

    /// A 10 km circle never needs more than 2×2 cells anywhere we publish, and 30 km never more than 3×3.
    @Test(arguments: coverage)
    func circlesCoverFewCells(_ region: Region) {
        var worst10 = 0
        var worst30 = 0
        let steps = 60
        for i in 0...steps {
            for j in 0...steps {
                let latitude = region.south + (region.north - region.south) * Double(i) / Double(steps)
                let longitude = region.west + (region.east - region.west) * Double(j) / Double(steps)
                worst10 = max(
                    worst10, Grid.standard.cellsCovering(latitude: latitude, longitude: longitude, radiusKm: 10).count)
                worst30 = max(
                    worst30, Grid.standard.cellsCovering(latitude: latitude, longitude: longitude, radiusKm: 30).count)
            }
        }
        #expect(worst10 <= 4)
        #expect(worst30 <= 9)
    }

    @Test func coveringCellsContainTheWholeCircle() {
        // Points on the circle's edge, in every direction, must fall in a covering cell.
        let centre = (latitude: 47.99, longitude: 16.49)
        let cells = Set(
            Grid.standard.cellsCovering(latitude: centre.latitude, longitude: centre.longitude, radiusKm: 30))
        for bearing in stride(from: 0.0, to: 360.0, by: 5.0) {
            let angle = bearing * .pi / 180
            let dLat = 30 / Earth.kilometresPerDegreeLatitude * cos(angle)
            let dLon = 30 / (Earth.kilometresPerDegreeLatitude * cos(centre.latitude * .pi / 180)) * sin(angle)
            let key = Grid.standard.key(
                latitude: centre.latitude + dLat * 0.999, longitude: centre.longitude + dLon * 0.999)
            #expect(cells.contains(key), "bearing \(bearing)")
        }
        #expect(cells == Set(cells.sorted()))
    }

    struct DistanceCase: Sendable, CustomTestStringConvertible {
        var name: String
        var from: (Double, Double)
        var to: (Double, Double)
        var km: Double
        var tolerance: Double
        var testDescription: String { name }
    }

    static let distances: [DistanceCase] = [
        // Reference values from the haversine formula on a 6371.0088 km sphere, computed independently.
        DistanceCase(
            name: "Lisbon–Madrid", from: (38.7223, -9.1393), to: (40.4168, -3.7038), km: 502.6, tolerance: 1.0),
        DistanceCase(name: "Paris–Vienna", from: (48.8566, 2.3522), to: (48.2082, 16.3738), km: 1034.6, tolerance: 1.5),
        DistanceCase(name: "one degree of latitude", from: (10, 20), to: (11, 20), km: 111.195, tolerance: 0.001),
        DistanceCase(name: "quarter meridian", from: (0, 0), to: (90, 0), km: 10_007.557, tolerance: 0.01),
        DistanceCase(name: "same point", from: (38.72, -9.14), to: (38.72, -9.14), km: 0, tolerance: 0),
        DistanceCase(name: "antipodes", from: (0, 0), to: (0, 180), km: 20_015.115, tolerance: 0.01),
    ]

    @Test(arguments: distances)
    func haversine(_ testCase: DistanceCase) {
        let km = Earth.distanceKm(
            fromLatitude: testCase.from.0, longitude: testCase.from.1,
            toLatitude: testCase.to.0, longitude: testCase.to.1)
        #expect(abs(km - testCase.km) <= testCase.tolerance, "\(km)")
    }
}
