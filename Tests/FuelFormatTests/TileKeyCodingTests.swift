import Foundation
import FuelFormat
import Testing

/// A tile's key is a cell, decoded and encoded as `77_-19`.
struct TileKeyCodingTests {
    @Test func aTileRoundTripsItsKey() throws {
        let tile = Tile(key: TileKey(row: 77, column: -19), stations: [])
        let json = try JSONEncoder().encode(tile)
        #expect(String(decoding: json, as: UTF8.self).contains(#""key":"77_-19""#))
        #expect(try JSONDecoder().decode(Tile.self, from: json).key == TileKey(row: 77, column: -19))
    }

    @Test(arguments: ["", "77", "77_x", "x_-19", "77_-19_1"])
    func aKeyThatIsNoCellIsRefused(_ key: String) {
        let json = Data(#"{"version":1,"key":"\#(key)","stations":[]}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Tile.self, from: json) }
    }
}
