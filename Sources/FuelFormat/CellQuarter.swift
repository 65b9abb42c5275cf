/// One quarter of a cell, where format 2 splits a dense cell's tile into parts: `<i><j>`, `i` 0 for the south half
/// and 1 for the north, `j` 0 for the west half and 1 for the east (`"01"` is the south-east quarter).
///
/// The quarters are the cells of the grid of half the size: on the standard grid, `i = floor(lat / 0.25) − 2·row`
/// and `j = floor(lon / 0.25) − 2·column`. `lat / 0.25` is exactly `2·(lat / 0.5)` in binary, so a point's quarter
/// always lies in the point's cell.
public struct CellQuarter: Hashable, Comparable, Sendable, CustomStringConvertible, Encodable {
    /// 0 for the cell's south half, 1 for its north half.
    public let row: Int
    /// 0 for the cell's west half, 1 for its east half.
    public let column: Int

    /// The four quarters, in their names' order: `00`, `01`, `10`, `11`.
    public static let all = [0, 1].flatMap { row in [0, 1].map { CellQuarter(row: row, column: $0)! } }

    /// The quarter at `row` and `column`, each 0 or 1; nil otherwise.
    public init?(row: Int, column: Int) {
        guard (0...1).contains(row), (0...1).contains(column) else { return nil }
        self.row = row
        self.column = column
    }

    /// Parses a quarter's name, `"00"` to `"11"`; nil for anything else.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 2 else { return nil }
        self.init(row: Int(bytes[0]) - 0x30, column: Int(bytes[1]) - 0x30)
    }

    /// The quarter of the cell `cell` that holds a point, on `grid`; nil when the point is not in that cell.
    public static func of(latitude: Double, longitude: Double, in cell: TileKey, grid: Grid = .standard) -> Self? {
        let fine = Grid(degrees: grid.degrees / 2).key(latitude: latitude, longitude: longitude)
        return CellQuarter(row: fine.row - 2 * cell.row, column: fine.column - 2 * cell.column)
    }

    /// The quarters of `cell` that a box meets, sorted: on the half-size grid, the rows `floor(south / size)` to
    /// `floor(north / size)` and the columns `floor(west / size)` to `floor(east / size)`, kept when they lie in the
    /// cell. Empty when the box misses the cell.
    public static func quarters(of box: GeoBox, in cell: TileKey, grid: Grid = .standard) -> [Self] {
        let fine = Grid(degrees: grid.degrees / 2)
        let low = fine.key(latitude: box.south, longitude: box.west)
        let high = fine.key(latitude: box.north, longitude: box.east)
        return all.filter { quarter in
            let row = 2 * cell.row + quarter.row
            let column = 2 * cell.column + quarter.column
            return (low.row...high.row).contains(row) && (low.column...high.column).contains(column)
        }
    }

    /// The name, `"01"`, as a part's file name and its leaf spell it.
    public var description: String { "\(row)\(column)" }

    /// Orders by name: south before north, then west before east.
    public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.row, lhs.column) < (rhs.row, rhs.column) }

    /// Writes the quarter as its text, `01`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
