import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

/// The leaf rules of ``Format2``: a cell's block, which cells a block's leaf covers, and the names of the new objects.
@Suite struct Format2LeafBlockTests {
    typealias BlockCase = NamedCase<(cell: String, block: String)>

    static let blocks: [BlockCase] = [
        BlockCase("Lisbon", (cell: "77_-19", block: "19_-5")),
        BlockCase("a block's first cell", (cell: "76_-20", block: "19_-5")),
        BlockCase("a block's last cell", (cell: "79_-17", block: "19_-5")),
        BlockCase("the origin", (cell: "0_0", block: "0_0")),
        BlockCase("just below the origin", (cell: "-1_-1", block: "-1_-1")),
        BlockCase("minus four", (cell: "-4_-5", block: "-1_-2")),
        BlockCase("Vienna", (cell: "96_32", block: "24_8")),
    ]

    @Test(arguments: blocks)
    func aCellsBlockIsByFloorDivision(_ testCase: BlockCase) throws {
        let cell = try #require(TileKey(testCase.cell))
        #expect(Format2.leafBlock(of: cell).description == testCase.block)
        #expect(Format2.leaf(Format2.leafBlock(of: cell), covers: cell))
    }

    typealias CoverCase = NamedCase<(cell: String, covered: Bool)>

    /// Block 19_-5 holds rows 76…79 and columns -20…-17; its leaf covers rows 75…80 and columns -21…-16.
    static let covers: [CoverCase] = [
        CoverCase("its own cell", (cell: "77_-19", covered: true)),
        CoverCase("the ring's south-west corner", (cell: "75_-21", covered: true)),
        CoverCase("the ring's north-east corner", (cell: "80_-16", covered: true)),
        CoverCase("two rows south", (cell: "74_-19", covered: false)),
        CoverCase("two columns east", (cell: "77_-15", covered: false)),
        CoverCase("two columns west", (cell: "77_-22", covered: false)),
    ]

    @Test(arguments: covers)
    func aLeafCoversItsBlockAndARing(_ testCase: CoverCase) throws {
        let block = try #require(TileKey("19_-5"))
        let cell = try #require(TileKey(testCase.cell))
        #expect(Format2.leaf(block, covers: cell) == testCase.covered)
        #expect(Format2.leafBlocks(covering: cell).contains(block) == testCase.covered)
    }

    @Test func everyBlockCoveringACellIsListed() throws {
        let cell = try #require(TileKey("76_-17"))
        #expect(Format2.leafBlocks(covering: cell).map(\.description) == ["18_-5", "18_-4", "19_-5", "19_-4"])
        let inner = try #require(TileKey("77_-19"))
        #expect(Format2.leafBlocks(covering: inner).map(\.description) == ["19_-5"])
    }

    @Test func theNewObjectsNames() throws {
        let cell = try #require(TileKey("77_-19"))
        let quarter = try #require(CellQuarter("01"))
        #expect(Format2.rootPath == "root.json")
        #expect(
            Format2.leafPath(block: Format2.leafBlock(of: cell), hash: "0123456789abcdef")
                == "leaves/19_-5.0123456789abcdef.json")
        #expect(
            Format2.partPath(key: cell, tileHash: "0123456789abcdef", quarter: quarter)
                == "parts/77_-19.0123456789abcdef.01.json")
        #expect(Format2.idListPath(hash: "0123456789abcdef") == "ids.0123456789abcdef.json")
        #expect(Format2.leafCells == 4 && Format2.leafMargin == 1 && Format2.defaultSplitTileBytes == 32_768)
    }
}
