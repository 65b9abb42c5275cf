/// Format 2's first read (issue 39): `root.json`, the leaves that name the tiles of a block of cells, the parts of a
/// dense cell's tile, and the id list. Every rule here is `docs/format.md`'s, shared by the writer and the readers.
extension Format2 {
    /// The root's path below the prefix: what a reader of roots reads first, mutable like ``indexPath``.
    public static let rootPath = "root.json"
    /// The side of a leaf's block, in cells: a block is 4 × 4 cells.
    public static let leafCells = 4
    /// The ring of cells around its block that a leaf also lists: 1, so a leaf covers 6 × 6 cells at most.
    public static let leafMargin = 1
    /// The tile JSON size, in bytes, above which a build splits a tile into parts unless told otherwise.
    public static let defaultSplitTileBytes = 32_768
    /// The folder of the leaves below the prefix.
    public static let leavesFolder = "leaves"
    /// The folder of the parts below the prefix.
    public static let partsFolder = "parts"

    /// `leaves/<block>.<hash>.json`: the leaf of one block, named by the hash of its JSON.
    public static func leafPath(block: TileKey, hash: String) -> String { "\(leavesFolder)/\(block).\(hash).json" }

    /// `parts/<key>.<tilehash>.<q>.json`: one quarter of a split cell's tile. The name holds the hash of the whole
    /// tile, so an unchanged tile's parts keep their names; the part's own hash is the one its leaf gives.
    public static func partPath(key: TileKey, tileHash: String, quarter: CellQuarter) -> String {
        "\(partsFolder)/\(key).\(tileHash).\(quarter).json"
    }

    /// `ids.<hash>.json`: the id list, which names the id shards.
    public static func idListPath(hash: String) -> String { "ids.\(hash).json" }

    /// The block whose leaf holds a cell: `floor(row / cells)_floor(column / cells)`, floor division, so column -19
    /// is in block column -5.
    public static func leafBlock(of cell: TileKey, leafCells: Int = leafCells) -> TileKey {
        precondition(leafCells > 0, "a leaf's block has at least one cell")
        func floorDivide(_ value: Int) -> Int {
            value >= 0 ? value / leafCells : -((-value + leafCells - 1) / leafCells)
        }
        return TileKey(row: floorDivide(cell.row), column: floorDivide(cell.column))
    }

    /// Whether the leaf of `block` covers `cell`: the block's own cells and the ring of `leafMargin` cells around it,
    /// `cells·block − margin ≤ row ≤ cells·block + cells − 1 + margin`, and the same for columns.
    public static func leaf(
        _ block: TileKey, covers cell: TileKey, leafCells: Int = leafCells, leafMargin: Int = leafMargin
    ) -> Bool {
        func covers(_ blockIndex: Int, _ cellIndex: Int) -> Bool {
            let first = leafCells * blockIndex - leafMargin
            return first <= cellIndex && cellIndex <= first + leafCells - 1 + 2 * leafMargin
        }
        return covers(block.row, cell.row) && covers(block.column, cell.column)
    }

    /// The blocks whose leaves cover a cell, sorted: its own block and, within `leafMargin` of a block's edge, its
    /// neighbours. The writer lists a cell in each of them.
    public static func leafBlocks(
        covering cell: TileKey, leafCells: Int = leafCells, leafMargin: Int = leafMargin
    ) -> [TileKey] {
        let low = leafBlock(
            of: TileKey(row: cell.row - leafMargin, column: cell.column - leafMargin), leafCells: leafCells)
        let high = leafBlock(
            of: TileKey(row: cell.row + leafMargin, column: cell.column + leafMargin), leafCells: leafCells)
        var blocks: [TileKey] = []
        for row in low.row...high.row {
            for column in low.column...high.column {
                blocks.append(TileKey(row: row, column: column))
            }
        }
        return blocks
    }

    /// A relative path of plain name characters ending in `.<hash>.json`, in at most one folder: never `..`, never
    /// absolute. What every object name an index, a root or an id list gives must be.
    public static func isObjectName(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }),
            path.utf8.allSatisfy(isNameByte),
            let parts = splitObjectName(path)
        else { return false }
        return isHash(parts.hash)
    }

    /// What is wrong with the names an index and a root both hold, with the key to report it at; nil when nothing
    /// is. Brands, trends and sources are plain format-2 object names (a trend with its `since` day); the leaf keys
    /// come together, each leaf under its block's key and path; the id list is `ids.<hash>.json`.
    static func problemWithNames(
        brands: [String: String], sources: String, trends: [String: TrendListing]?, idList: String?,
        leafCells: Int?, leafMargin: Int?, leaves: [String: String]?
    ) -> (key: String, text: String)? {
        for (country, path) in brands.sorted(by: { $0.key < $1.key }) where !isObjectName(path) {
            return ("brands", "\(country): not a format-2 file name: \(path)")
        }
        for (country, trend) in (trends ?? [:]).sorted(by: { $0.key < $1.key })
        where !isObjectName(trend.path) || !TrendFile.isDay(trend.since) {
            return ("trends", "\(country): not a format-2 file name and a day: \(trend.path), \(trend.since)")
        }
        guard isObjectName(sources) else { return ("sources", "not a format-2 file name: \(sources)") }
        if let idList, !isObjectName(idList) || splitObjectName(idList)?.name != "ids" {
            return ("idList", "not the id list's file name: \(idList)")
        }
        guard let leaves else {
            if leafCells != nil || leafMargin != nil { return ("leaves", "leafCells and leafMargin without leaves") }
            return nil
        }
        guard let leafCells, leafCells > 0 else { return ("leafCells", "leaves need a positive leafCells") }
        guard let leafMargin, leafMargin >= 0 else { return ("leafMargin", "leaves need a leafMargin of 0 or more") }
        for (block, path) in leaves.sorted(by: { $0.key < $1.key })
        where TileKey(block).map({ $0.description }) != block || !isObjectName(path)
            || !path.hasPrefix("\(leavesFolder)/\(block).")
        {
            return ("leaves", "leaf \(block): not its format-2 file name: \(path)")
        }
        return nil
    }

    /// ASCII letters, digits, `/`, `.`, `_` and `-`.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "-"):
            true
        default: false
        }
    }
}
