import Foundation
import FuelFormat
import Testing

/// ``Format2Leaf``, ``Format2IdList`` and a part (a ``Tile`` with its quarter): what a reader of roots decodes and
/// refuses.
@Suite struct Format2LeafTests {
    static let sample = Format2Leaf(
        block: TileKey(row: 19, column: -5),
        tiles: ["75_-21": "0123456789abcdef", "77_-19": "fedcba9876543210"],
        parts: ["77_-19": ["00": "00112233aabbccdd", "11": "a1b2c3d4e5f60718"]])

    @Test func roundTripsAndNamesItsParts() throws {
        let decoded = try JSONDecoder().decode(Format2Leaf.self, from: JSONEncoder().encode(Self.sample))
        #expect(decoded == Self.sample)
        let cell = try #require(TileKey("77_-19"))
        #expect(decoded.tilePath(cell) == "tiles/77_-19.fedcba9876543210.json")
        #expect(decoded.tilePath(TileKey(row: 76, column: -19)) == nil)
        #expect(
            decoded.parts(of: cell).map { "\($0.quarter) \($0.path) \($0.hash)" } == [
                "00 parts/77_-19.fedcba9876543210.00.json 00112233aabbccdd",
                "11 parts/77_-19.fedcba9876543210.11.json a1b2c3d4e5f60718",
            ])
        #expect(decoded.parts(of: TileKey(row: 75, column: -21)).isEmpty)
    }

    @Test func aNewerLeafIsRefusedByVersion() throws {
        let json = try Self.json { $0["version"] = 2 }
        #expect(throws: UnsupportedFormatError(file: "leaf", version: 2)) {
            try JSONDecoder().decode(Format2Leaf.self, from: json)
        }
    }

    static let hostile: [(String, @Sendable (inout [String: Any]) -> Void)] = [
        ("a bad block", { $0["block"] = "19" }),
        ("a short hash", { $0["tiles"] = ["77_-19": "0123"] }),
        ("a bad key", { $0["tiles"] = ["../x": "0123456789abcdef"] }),
        ("a bad quarter", { $0["parts"] = ["77_-19": ["02": "00112233aabbccdd"]] }),
        ("parts of an unlisted cell", { $0["parts"] = ["76_-19": ["00": "00112233aabbccdd"]] }),
        ("a split cell without quarters", { $0["parts"] = ["77_-19": [String: String]()] }),
        ("no parts", { $0["parts"] = nil }),
    ]

    @Test(arguments: hostile.map(\.0))
    func refusesWhatNoPublisherWrites(_ name: String) throws {
        let change = try #require(Self.hostile.first { $0.0 == name }?.1)
        let json = try Self.json(change)
        #expect(throws: (any Error).self, "\(name)") { try JSONDecoder().decode(Format2Leaf.self, from: json) }
    }

    @Test func anIdListRoundTripsAndRefusesAForeignPath() throws {
        let list = Format2IdList(shards: ["a3": "ids/a3.0123456789abcdef.json"])
        #expect(try JSONDecoder().decode(Format2IdList.self, from: JSONEncoder().encode(list)) == list)
        let foreign = Data(#"{"version":1,"shards":{"a3":"ids/a4.0123456789abcdef.json"}}"#.utf8)
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Format2IdList.self, from: foreign) }
        let newer = Data(#"{"version":2,"shards":{}}"#.utf8)
        #expect(throws: UnsupportedFormatError(file: "id list", version: 2)) {
            try JSONDecoder().decode(Format2IdList.self, from: newer)
        }
    }

    @Test func aPartIsATileWithItsQuarter() throws {
        let part = Data(#"{"version":1,"key":"77_-19","part":"01","stations":[]}"#.utf8)
        let tile = try JSONDecoder().decode(Tile.self, from: part)
        #expect(tile.part == CellQuarter("01"))
        #expect(try JSONDecoder().decode(Tile.self, from: JSONEncoder().encode(tile)) == tile)
        let whole = Data(#"{"version":1,"key":"77_-19","stations":[]}"#.utf8)
        #expect(try JSONDecoder().decode(Tile.self, from: whole).part == nil)
        let bad = Data(#"{"version":1,"key":"77_-19","part":"21","stations":[]}"#.utf8)
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Tile.self, from: bad) }
    }

    static func json(_ change: (inout [String: Any]) -> Void) throws -> Data {
        var object = try #require(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(sample)) as? [String: Any])
        change(&object)
        return try JSONSerialization.data(withJSONObject: object)
    }
}
