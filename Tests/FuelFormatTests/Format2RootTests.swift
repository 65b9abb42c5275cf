import Foundation
import FuelFormat
import Testing

/// ``Format2Root``: the projection of an index, and what a reader of roots refuses.
@Suite struct Format2RootTests {
    static let index: Format2Index = {
        var index = Format2IndexTests.sample
        index.trends = ["PT": TrendListing(path: "trends/PT.0011223344556677.json", since: "2026-11-01")]
        index.ids = ["a3": "ids/a3.8899aabbccddeeff.json"]
        index.idList = "ids.1122334455667788.json"
        index.leafCells = 4
        index.leafMargin = 1
        index.leaves = ["19_-5": "leaves/19_-5.99aabbccddeeff00.json", "20_-2": "leaves/20_-2.0f1e2d3c4b5a6978.json"]
        return index
    }()

    @Test func theRootIsTheIndexWithoutTilesAndIds() throws {
        let root = try #require(Format2Root(projecting: Self.index))
        #expect(root.version == 1)
        #expect(root.gridDegrees == Self.index.gridDegrees && root.builtAt == Self.index.builtAt)
        #expect(root.previous == Self.index.previous && root.countries == Self.index.countries)
        #expect(root.brands == Self.index.brands && root.sources == Self.index.sources)
        #expect(root.trends == Self.index.trends && root.idList == Self.index.idList)
        #expect(root.leafCells == 4 && root.leafMargin == 1 && root.leaves == Self.index.leaves)
        let json = try JSONEncoder().encode(root)
        let object = try #require(JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["tiles"] == nil && object["ids"] == nil)
        #expect(try JSONDecoder().decode(Format2Root.self, from: json) == root)
        let cell = try #require(TileKey("77_-19"))
        #expect(root.leafPath(root.leafBlock(of: cell)) == "leaves/19_-5.99aabbccddeeff00.json")
        #expect(root.leaf(TileKey(row: 19, column: -5), covers: TileKey(row: 80, column: -16)))
    }

    @Test func anIndexBeforeRootsHasNoRoot() {
        #expect(Format2Root(projecting: Format2IndexTests.sample) == nil)
    }

    @Test func theIndexCarriesTheRootsKeysAndNamesTheNewObjects() throws {
        let decoded = try JSONDecoder().decode(Format2Index.self, from: JSONEncoder().encode(Self.index))
        #expect(decoded == Self.index)
        #expect(decoded.objectPaths.contains("ids.1122334455667788.json"))
        #expect(decoded.objectPaths.contains("leaves/19_-5.99aabbccddeeff00.json"))
        #expect(decoded.objectPaths == decoded.objectPaths.sorted())
    }

    @Test func aNewerRootIsRefusedByVersion() throws {
        let json = try Self.json { $0["version"] = 2 }
        #expect(throws: UnsupportedFormatError(file: "root.json", version: 2, newestReadable: 1)) {
            try JSONDecoder().decode(Format2Root.self, from: json)
        }
    }

    static let hostile: [(String, @Sendable (inout [String: Any]) -> Void)] = [
        ("an older version", { $0["version"] = 0 }),
        ("a leaf under another block", { $0["leaves"] = ["19_-5": "leaves/19_-4.99aabbccddeeff00.json"] }),
        ("a leaf outside its folder", { $0["leaves"] = ["19_-5": "../19_-5.99aabbccddeeff00.json"] }),
        ("a bad block", { $0["leaves"] = ["19": "leaves/19.99aabbccddeeff00.json"] }),
        ("an id list in a folder", { $0["idList"] = "ids/ids.1122334455667788.json" }),
        ("no leafCells", { $0["leafCells"] = nil }),
        ("no leaf cells", { $0["leafCells"] = 0 }),
        ("a negative margin", { $0["leafMargin"] = -1 }),
        ("a parent folder", { $0["sources"] = "../sources.a1b2c3d4e5f60718.json" }),
    ]

    @Test(arguments: hostile.map(\.0))
    func refusesWhatNoPublisherWrites(_ name: String) throws {
        let change = try #require(Self.hostile.first { $0.0 == name }?.1)
        let json = try Self.json(change)
        #expect(throws: (any Error).self, "\(name)") { try JSONDecoder().decode(Format2Root.self, from: json) }
    }

    /// The index refuses the same bad leaves and id list as the root.
    @Test(arguments: ["a leaf under another block", "an id list in a folder", "a bad block"])
    func theIndexRefusesTheSameNames(_ name: String) throws {
        let change = try #require(Self.hostile.first { $0.0 == name }?.1)
        var object = try #require(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.index)) as? [String: Any])
        change(&object)
        let json = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: (any Error).self, "\(name)") { try JSONDecoder().decode(Format2Index.self, from: json) }
    }

    static func json(_ change: (inout [String: Any]) -> Void) throws -> Data {
        var object = try #require(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(Format2Root(projecting: index))) as? [String: Any])
        change(&object)
        return try JSONSerialization.data(withJSONObject: object)
    }
}
