import Foundation
import FuelFormat
import FuelReport
import Testing

/// ``ReportInput``: the cell a station is drawn in is the cell its tile is published under.
@Suite struct ReportInputTests {
    @Test(arguments: [(38.72, -9.14, "77_-19"), (-0.1, -0.1, "-1_-1"), (41.5, 1.9, "83_3")])
    func aStationsCellIsItsTileKey(_ latitude: Double, _ longitude: Double, _ key: String) {
        let station = Station(id: "PT-1", country: "PT", latitude: latitude, longitude: longitude, prices: [])
        let input = ReportInput(
            builtAt: Date(timeIntervalSince1970: 0), gridDegrees: 0.5, stations: [station], cells: [key],
            cellChanges: [:], hasPrevious: false, countries: [], fuel: .diesel, title: "t")
        #expect(input.tileKey(of: station) == key)
    }
}
