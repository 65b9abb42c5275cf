import Foundation

/// `fuel/v2/root.json`: what a reader of roots reads first (rule R15), mutable like `index.json` and served with the
/// same caching.
///
/// A pure projection of the build's index (``init(projecting:)``), so that rollback and `verify` derive it from an
/// archived or live index: the index without its `version`, `tiles` and `ids`, which the leaves and the id list hold.
/// Its own ``version`` is 1; a reader refuses a newer one as it refuses a newer index.
public struct Format2Root: Sendable, Hashable, Codable {
    /// The version this code writes, and the newest it reads.
    public static let version = 1

    /// The file's format version, ``Format2Root/version`` (1).
    public var version: Int
    /// The cell size the tiles were built on, as the index's.
    public var gridDegrees: Double
    /// When the build ran, as the index's.
    public var builtAt: Date
    /// The `builtAt` of the build this one followed, as the index's (nil for the first).
    public var previous: Date?
    /// Per-country station counts and feed times, as the index's.
    public var countries: [String: CountrySummary]
    /// Each country's brands file path below the prefix, as the index's.
    public var brands: [String: String]
    /// The sources file path below the prefix, as the index's.
    public var sources: String
    /// Each country's trend listing, as the index's; nil when the index has none.
    public var trends: [String: TrendListing]?
    /// The finished days whose history files the build publishes (R14), as the index's; nil when it has none.
    public var history: HistoryListing?
    /// The id list's path below the prefix (`ids.<hash>.json`), which names the id shards; nil when the index has no
    /// id table.
    public var idList: String?
    /// The side of a leaf's block in cells (``Format2/leafCells``).
    public var leafCells: Int
    /// The ring of cells around its block a leaf also lists (``Format2/leafMargin``).
    public var leafMargin: Int
    /// Each leaf's path below the prefix (`leaves/19_-5.<hash>.json`), by block key: a block not listed has no
    /// stations in any cell its leaf would cover.
    public var leaves: [String: String]

    /// A root with these members; the writer and tests build one through ``init(projecting:)``.
    public init(
        gridDegrees: Double, builtAt: Date, previous: Date?, countries: [String: CountrySummary],
        brands: [String: String], sources: String, trends: [String: TrendListing]? = nil,
        history: HistoryListing? = nil, idList: String?,
        leafCells: Int = Format2.leafCells, leafMargin: Int = Format2.leafMargin, leaves: [String: String]
    ) {
        version = Self.version
        self.gridDegrees = gridDegrees
        self.builtAt = builtAt
        self.previous = previous
        self.countries = countries
        self.brands = brands
        self.sources = sources
        self.trends = trends
        self.history = history
        self.idList = idList
        self.leafCells = leafCells
        self.leafMargin = leafMargin
        self.leaves = leaves
    }

    /// The root of a build, projected from its index; nil for an index written before roots (no `leaves`,
    /// `leafCells` or `leafMargin`), whose readers read `index.json` (a rollback to it deletes `root.json`).
    public init?(projecting index: Format2Index) {
        guard let leaves = index.leaves, let leafCells = index.leafCells, let leafMargin = index.leafMargin else {
            return nil
        }
        self.init(
            gridDegrees: index.gridDegrees, builtAt: index.builtAt, previous: index.previous,
            countries: index.countries, brands: index.brands, sources: index.sources, trends: index.trends,
            history: index.history, idList: index.idList, leafCells: leafCells, leafMargin: leafMargin, leaves: leaves)
    }

    /// The path of a block's leaf below the prefix, when the root lists one.
    public func leafPath(_ block: TileKey) -> String? { leaves[block.description] }

    /// The block whose leaf holds `cell`, by this root's ``leafCells``.
    public func leafBlock(of cell: TileKey) -> TileKey { Format2.leafBlock(of: cell, leafCells: leafCells) }

    /// Whether the leaf of `block` covers `cell`, by this root's ``leafCells`` and ``leafMargin``.
    public func leaf(_ block: TileKey, covers cell: TileKey) -> Bool {
        Format2.leaf(block, covers: cell, leafCells: leafCells, leafMargin: leafMargin)
    }

    private enum CodingKeys: String, CodingKey {
        case version, gridDegrees, builtAt, previous, countries, brands, sources, trends, history, idList
        case leafCells, leafMargin, leaves
    }

    /// Reads a root and checks every name it holds, as ``Format2Index`` does.
    /// - Throws: ``UnsupportedFormatError`` (`root.json`) for a newer version; `DecodingError` for a bad name, an
    ///   older version or anything malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        guard version <= Self.version else {
            throw UnsupportedFormatError(file: "root.json", version: version, newestReadable: Self.version)
        }
        guard version == Self.version else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container, debugDescription: "a root has version 1, this one has \(version)")
        }
        gridDegrees = try container.decode(Double.self, forKey: .gridDegrees)
        builtAt = try container.decodeUTCTime(forKey: .builtAt)
        previous = try container.decodeNil(forKey: .previous) ? nil : container.decodeUTCTime(forKey: .previous)
        countries = try container.decode([String: CountrySummary].self, forKey: .countries)
        brands = try container.decode([String: String].self, forKey: .brands)
        sources = try container.decode(String.self, forKey: .sources)
        trends = try container.decodeIfPresent([String: TrendListing].self, forKey: .trends)
        history = try container.decodeIfPresent(HistoryListing.self, forKey: .history)
        idList = try container.decodeIfPresent(String.self, forKey: .idList)
        leafCells = try container.decode(Int.self, forKey: .leafCells)
        leafMargin = try container.decode(Int.self, forKey: .leafMargin)
        leaves = try container.decode([String: String].self, forKey: .leaves)
        if let problem = Format2.problemWithNames(
            brands: brands, sources: sources, trends: trends, idList: idList, leafCells: leafCells,
            leafMargin: leafMargin, leaves: leaves)
        {
            throw DecodingError.dataCorruptedError(
                forKey: CodingKeys(stringValue: problem.key) ?? .leaves, in: container, debugDescription: problem.text)
        }
    }

    /// Writes the root with its times as UTC text and `previous` as `null` for the first build. (The published
    /// bytes, members in the order of `docs/format.md`, are the publisher's encoder's.)
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(gridDegrees, forKey: .gridDegrees)
        try container.encode(UTCTime.format(builtAt), forKey: .builtAt)
        try container.encode(previous.map { UTCTime.format($0) }, forKey: .previous)
        try container.encode(countries, forKey: .countries)
        try container.encode(brands, forKey: .brands)
        try container.encode(sources, forKey: .sources)
        try container.encodeIfPresent(trends, forKey: .trends)
        try container.encodeIfPresent(history, forKey: .history)
        try container.encodeIfPresent(idList, forKey: .idList)
        try container.encode(leafCells, forKey: .leafCells)
        try container.encode(leafMargin, forKey: .leafMargin)
        try container.encode(leaves, forKey: .leaves)
    }
}
