import Foundation
import FuelCodecs
import FuelFormat
import FuelPublishing
import Testing
import _FuelTestSupport

@testable import FuelBuild

/// ``Format2Assembler``'s first-read objects (issue 39 item 5): the parts of a long tile, the leaves, the id list and
/// the root, as `docs/format.md` states them.
@Suite struct Format2AssemblerRootsTests {
    static let time = DatasetAssemblerTests.time
    /// Lisbon's cell 77_-19 with stations in three quarters (00, 01, 11), Porto's 82_-18, Madrid's 80_-8.
    static let datasets = [
        DatasetAssemblerTests.dataset(
            "PT",
            [
                ("PT-1", 38.71, -9.13, "Galp"), ("PT-2", 38.72, -9.14, "Galp"), ("PT-3", 41.15, -8.61, nil),
                ("PT-4", 38.60, -9.40, nil), ("PT-5", 38.90, -9.10, "Galp"),
            ]),
        DatasetAssemblerTests.dataset("ES", [("ES-1", 40.41, -3.70, "Repsol")]),
    ]

    /// The build's files by path below `v2/`, as the reader receives their JSON.
    static func build(splitTileBytes: Int) throws -> [String: [UInt8]] {
        let assembly = DatasetAssembler.assemble(datasets, builtAt: time)
        let files = Format2Assembler.files(for: assembly, previous: nil, splitTileBytes: splitTileBytes)
        return try Dictionary(
            uniqueKeysWithValues: files.map { (String($0.path.dropFirst(3)), try Gzip.decompress($0.gzipped)) })
    }

    static func index(_ files: [String: [UInt8]]) throws -> Format2Index {
        try JSONDecoder().decode(Format2Index.self, from: Data(try #require(files[Format2.indexPath])))
    }

    @Test func aLongTileIsSplitIntoItsQuartersStationsByteForByte() throws {
        let files = try Self.build(splitTileBytes: 100)
        let index = try Self.index(files)
        let tileHash = try #require(index.tiles["77_-19"])
        let tile = String(decoding: try #require(files[Format2.tilePath("77_-19", hash: tileHash)]), as: UTF8.self)
        let partPaths = files.keys.filter { $0.hasPrefix("parts/77_-19.\(tileHash).") }.sorted()
        #expect(
            partPaths == ["00", "01", "11"].map { "parts/77_-19.\(tileHash).\($0).json" })
        var ids: [String] = []
        for path in partPaths {
            let json = String(decoding: try #require(files[path]), as: UTF8.self)
            let quarter = String(path.dropLast(".json".count).suffix(2))
            #expect(json.hasPrefix(#"{"version":1,"key":"77_-19","part":"\#(quarter)","stations":["#))
            let part = try JSONDecoder().decode(Tile.self, from: Data(json.utf8))
            #expect(part.part?.description == quarter)
            for station in part.stations {
                #expect(tile.contains(String(decoding: TileEncoder.encode(station), as: UTF8.self)))
                #expect(
                    CellQuarter.of(latitude: station.latitude, longitude: station.longitude, in: part.key)?.description
                        == quarter)
                ids.append(station.id)
            }
        }
        #expect(ids.sorted() == ["PT-1", "PT-2", "PT-4", "PT-5"])
        // Each part's own hash is the one the leaf gives.
        let leafPath = try #require(index.leaves?["19_-5"])
        let leaf = try JSONDecoder().decode(Format2Leaf.self, from: Data(try #require(files[leafPath])))
        for part in leaf.parts(of: TileKey(row: 77, column: -19)) {
            #expect(Format2Hash.of(json: try #require(files[part.path])) == part.hash)
        }
        #expect(leaf.parts(of: TileKey(row: 77, column: -19)).count == 3)
    }

    @Test func aTileWithinTheSplitSizeHasNoParts() throws {
        let files = try Self.build(splitTileBytes: Format2.defaultSplitTileBytes)
        #expect(!files.keys.contains { $0.hasPrefix("parts/") })
        let index = try Self.index(files)
        for path in index.leaves?.values.sorted() ?? [] {
            let leaf = String(decoding: try #require(files[path]), as: UTF8.self)
            #expect(leaf.hasSuffix(#","parts":{}}"#), "\(path)")
        }
    }

    @Test func eachBlockWithACoveredCellHasALeafListingExactlyTheCellsItCovers() throws {
        let files = try Self.build(splitTileBytes: 100)
        let index = try Self.index(files)
        let leaves = try #require(index.leaves)
        let cells = index.tiles.keys.compactMap { TileKey($0) }
        var blocks: Set<TileKey> = []
        for cell in cells { blocks.formUnion(Format2.leafBlocks(covering: cell)) }
        #expect(Set(leaves.keys) == Set(blocks.map(\.description)))
        for (block, path) in leaves {
            let bytes = try #require(files[path])
            #expect(path == Format2.leafPath(block: try #require(TileKey(block)), hash: Format2Hash.of(json: bytes)))
            let leaf = try JSONDecoder().decode(Format2Leaf.self, from: Data(bytes))
            #expect(leaf.block.description == block)
            let covered = cells.filter { Format2.leaf(leaf.block, covers: $0) }.map(\.description)
            #expect(Set(leaf.tiles.keys) == Set(covered), "\(block)")
            for key in covered { #expect(leaf.tiles[key] == index.tiles[key]) }
        }
        // Lisbon's 77_-19 is inside block 19_-5; Porto's 82_-18 is inside 20_-5, whose ring reaches row 79.
        #expect(leaves["19_-5"] != nil && leaves["20_-5"] != nil)
    }

    @Test func theRootIsTheIndexsProjectionAndTheIdListItsIds() throws {
        let files = try Self.build(splitTileBytes: 100)
        let index = try Self.index(files)
        let root = try #require(Format2Root(projecting: index))
        #expect(files[Format2.rootPath] == TileEncoder.encode(root))
        let text = String(decoding: try #require(files[Format2.rootPath]), as: UTF8.self)
        #expect(text.hasPrefix(#"{"version":1,"gridDegrees":0.5,"builtAt":""#))
        #expect(text.contains(#""previous":null,"countries":{"#))
        #expect(!text.contains(#""tiles""#) && !text.contains(#""ids""#))
        let idListPath = try #require(index.idList)
        let list = try JSONDecoder().decode(Format2IdList.self, from: Data(try #require(files[idListPath])))
        #expect(list.shards == index.ids)
        #expect(idListPath == Format2.idListPath(hash: Format2Hash.of(json: try #require(files[idListPath]))))
        #expect(index.objectPaths.contains(idListPath))
        let leafPaths = try #require(index.leaves).values
        #expect(leafPaths.allSatisfy { index.objectPaths.contains($0) })
    }

    @Test func theFirstReadObjectsAreByteForByteDeterministic() throws {
        #expect(try Self.build(splitTileBytes: 100) == Self.build(splitTileBytes: 100))
    }
}
