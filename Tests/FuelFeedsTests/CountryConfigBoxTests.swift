import Foundation
import FuelFeeds
import FuelFormat
import Testing

/// A country's boxes in `source.json` are named, and hold the points on their edges.
@Suite struct CountryConfigBoxTests {
    static func source(boxes: String) -> Data {
        Data(
            #"""
            {"version": 1, "country": "XX", "publisher": "P", "url": "https://p.test/", "licence": "L",
             "licenceUrl": "https://p.test/l", "attribution": "A", "coverage": "C", "timeZone": "UTC",
             "maxPriceAgeDays": 30, "boxes": \#(boxes)}
            """#.utf8)
    }

    @Test func namedBoxesAreReadAndHoldTheirEdges() throws {
        let config = try JSONDecoder().decode(
            CountryConfig.self,
            from: Self.source(boxes: #"[{"name": "mainland", "south": 10, "west": 30, "north": 20, "east": 40}]"#))
        #expect(config.boxes == [GeoBox(name: "mainland", south: 10, west: 30, north: 20, east: 40)])
        #expect(config.contains(latitude: 20, longitude: 40))
        #expect(!config.contains(latitude: 20.001, longitude: 40))
    }

    @Test func aBoxWithoutANameIsRefused() {
        #expect {
            try JSONDecoder().decode(
                CountryConfig.self, from: Self.source(boxes: #"[{"south": 10, "west": 30, "north": 20, "east": 40}]"#))
        } throws: { error in
            String(describing: error).contains(#"box 0 has no "name""#)
        }
    }
}
