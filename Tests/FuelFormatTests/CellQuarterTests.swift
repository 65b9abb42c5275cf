import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

/// ``CellQuarter``: a point's quarter of its cell, and the quarters a lookup's box meets (R15's parts).
@Suite struct CellQuarterTests {
    typealias PointCase = NamedCase<(latitude: Double, longitude: Double, cell: String, quarter: String)>

    static let points: [PointCase] = [
        PointCase("Lisbon, south-west", (latitude: 38.72, longitude: -9.14, cell: "77_-19", quarter: "01")),
        PointCase("the cell's corner", (latitude: 38.5, longitude: -9.5, cell: "77_-19", quarter: "00")),
        PointCase("on the middle lines", (latitude: 38.75, longitude: -9.25, cell: "77_-19", quarter: "11")),
        PointCase(
            "just below the middle", (latitude: 38.7499999, longitude: -9.2500001, cell: "77_-19", quarter: "00")),
        PointCase("south of the equator", (latitude: -0.1, longitude: -0.4, cell: "-1_-1", quarter: "10")),
        PointCase("Vienna", (latitude: 48.2082, longitude: 16.3738, cell: "96_32", quarter: "01")),
    ]

    @Test(arguments: points)
    func aPointsQuarterLiesInItsCell(_ point: PointCase) throws {
        let cell = Grid.standard.key(latitude: point.latitude, longitude: point.longitude)
        #expect(cell.description == point.cell)
        let quarter = try #require(CellQuarter.of(latitude: point.latitude, longitude: point.longitude, in: cell))
        #expect(quarter.description == point.quarter)
        #expect(CellQuarter(point.quarter) == quarter)
    }

    @Test func aPointOutsideTheCellHasNoQuarter() throws {
        let cell = try #require(TileKey("77_-19"))
        #expect(CellQuarter.of(latitude: 39.01, longitude: -9.14, in: cell) == nil)
    }

    @Test(arguments: ["", "0", "02", "20", "-1", "000", "ab"])
    func refusesOtherNames(_ text: String) {
        #expect(CellQuarter(text) == nil)
    }

    @Test func theFourQuartersInNameOrder() {
        #expect(CellQuarter.all.map(\.description) == ["00", "01", "10", "11"])
    }

    typealias BoxCase = NamedCase<(box: GeoBox, cell: String, quarters: [String])>

    static let boxes: [BoxCase] = [
        BoxCase(
            "inside one quarter",
            (box: GeoBox(south: 38.6, west: -9.4, north: 38.7, east: -9.3), cell: "77_-19", quarters: ["00"])),
        BoxCase(
            "across the middle line",
            (box: GeoBox(south: 38.7, west: -9.4, north: 38.8, east: -9.3), cell: "77_-19", quarters: ["00", "10"])),
        BoxCase(
            "over the whole cell",
            (
                box: GeoBox(south: 38, west: -10, north: 40, east: -9), cell: "77_-19",
                quarters: ["00", "01", "10", "11"]
            )
        ),
        BoxCase(
            "from the cell to the north",
            (box: GeoBox(south: 38.9, west: -9.2, north: 39.1, east: -9.1), cell: "77_-19", quarters: ["11"])),
        BoxCase(
            "missing the cell",
            (box: GeoBox(south: 39.1, west: -9.2, north: 39.2, east: -9.1), cell: "77_-19", quarters: [])),
    ]

    @Test(arguments: boxes)
    func theQuartersABoxMeets(_ testCase: BoxCase) throws {
        let cell = try #require(TileKey(testCase.cell))
        #expect(CellQuarter.quarters(of: testCase.box, in: cell).map(\.description) == testCase.quarters)
    }

    /// The box is R1's: a 10 km circle's box is the one ``Grid/cellsCovering(latitude:longitude:radiusKm:)`` reads.
    @Test func theBoxIsTheOneTheCellsComeFrom() throws {
        let box = Grid.standard.box(aroundLatitude: 38.72, longitude: -9.14, radiusKm: 10)
        #expect(abs(box.north - box.south - 20 / Earth.kilometresPerDegreeLatitude) < 1e-9)
        let low = Grid.standard.key(latitude: box.south, longitude: box.west)
        let high = Grid.standard.key(latitude: box.north, longitude: box.east)
        #expect([low, high] == [TileKey(row: 77, column: -19), TileKey(row: 77, column: -19)])
        #expect(Grid.standard.cellsCovering(latitude: 38.72, longitude: -9.14, radiusKm: 10) == [low])
        let cell = try #require(TileKey("77_-19"))
        #expect(CellQuarter.quarters(of: box, in: cell).map(\.description) == ["00", "01", "10", "11"])
    }
}
