/// One cell of the tile grid, named `"<row>_<column>"` where row = floor(lat / size) and column = floor(lon / size).
public struct TileKey: Hashable, Comparable, Sendable, CustomStringConvertible, Encodable {
    /// floor(latitude / cell size).
    public let row: Int
    /// floor(longitude / cell size).
    public let column: Int

    /// The cell at `row` and `column` of whatever grid the caller uses.
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// Parses `"77_-19"`; returns nil for anything else.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 2, let row = Int(parts[0]), let column = Int(parts[1]) else { return nil }
        self.init(row: row, column: column)
    }

    /// The key as it appears in file names and in the index: `"77_-19"`.
    public var description: String { "\(row)_\(column)" }

    /// Orders by row, then column, so iteration over cells is stable.
    public static func < (lhs: TileKey, rhs: TileKey) -> Bool {
        (lhs.row, lhs.column) < (rhs.row, rhs.column)
    }

    /// Writes the key as its text, `"77_-19"`, as the files and a lookup's answer spell it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
