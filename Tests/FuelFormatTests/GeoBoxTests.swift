import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

@Suite struct GeoBoxTests {
    /// A point, and whether the box 10…20 N, 30…40 E holds it by each edge rule.
    typealias EdgeCase = NamedCase<(latitude: Double, longitude: Double, inclusive: Bool, halfOpen: Bool)>

    static let box = GeoBox(south: 10, west: 30, north: 20, east: 40)

    static let edgeCases: [EdgeCase] = [
        EdgeCase("inside", (latitude: 15, longitude: 35, inclusive: true, halfOpen: true)),
        EdgeCase("south-west corner", (latitude: 10, longitude: 30, inclusive: true, halfOpen: true)),
        EdgeCase("on the north edge", (latitude: 20, longitude: 35, inclusive: true, halfOpen: false)),
        EdgeCase("on the east edge", (latitude: 15, longitude: 40, inclusive: true, halfOpen: false)),
        EdgeCase("north-east corner", (latitude: 20, longitude: 40, inclusive: true, halfOpen: false)),
        EdgeCase("just south", (latitude: 9.999, longitude: 35, inclusive: false, halfOpen: false)),
        EdgeCase("just west", (latitude: 15, longitude: 29.999, inclusive: false, halfOpen: false)),
        EdgeCase("just north", (latitude: 20.001, longitude: 35, inclusive: false, halfOpen: false)),
        EdgeCase("just east", (latitude: 15, longitude: 40.001, inclusive: false, halfOpen: false)),
    ]

    /// A country's box holds the points on every edge; a time zone area's box only those on its south and west edges.
    @Test(arguments: edgeCases)
    func edgesFollowTheRule(_ testCase: EdgeCase) {
        let (latitude, longitude) = (testCase.latitude, testCase.longitude)
        #expect(Self.box.contains(latitude: latitude, longitude: longitude, edges: .inclusive) == testCase.inclusive)
        #expect(Self.box.contains(latitude: latitude, longitude: longitude, edges: .halfOpen) == testCase.halfOpen)
    }

    /// Two areas that share an edge never both hold a point on it: the area to the east of the edge has it.
    @Test func areasSharingAnEdgeSplitIt() {
        let west = TimeZoneArea(timeZone: "Atlantic/Canary", box: GeoBox(south: 0, west: -20, north: 10, east: -12))
        let east = TimeZoneArea(timeZone: "Europe/Madrid", box: GeoBox(south: 0, west: -12, north: 10, east: 0))
        let zone = TimeZoneArea.zone(latitude: 5, longitude: -12, country: "UTC", areas: [west, east])
        #expect(zone == "Europe/Madrid")
    }

    /// An area's box has no name and writes none; a country's box keeps its name both ways.
    @Test func nameIsWrittenOnlyWhenSet() throws {
        let area = try JSONEncoder().encode(Self.box)
        #expect(
            try JSONSerialization.jsonObject(with: area) as? [String: Double] == [
                "south": 10, "west": 30, "north": 20, "east": 40,
            ])
        let named = GeoBox(name: "mainland", south: 10, west: 30, north: 20, east: 40)
        #expect(try JSONDecoder().decode(GeoBox.self, from: JSONEncoder().encode(named)) == named)
    }
}
