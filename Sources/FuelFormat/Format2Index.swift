import Foundation

/// Format 2: immutable, content-addressed files under their own prefix, and one small mutable index that names
/// them. A client that holds one index reads one build, whatever a publisher does meanwhile.
///
/// The tiles, brands and sources documents are format 1's documents, byte for byte; only their names and the index
/// differ. Each document keeps its own `"version"`.
public enum Format2 {
    /// The index's `"version"`: the version this code writes, and the newest it reads.
    public static let version = 2
    /// The object key prefix format 2 is published under, beside format 1's `fuel/`.
    public static let defaultPrefix = "fuel/v2/"
    /// The folder, inside a build's output folder (`OUT/fuel/`), that holds the format-2 set.
    public static let folder = "v2"
    /// Hex digits of the SHA-256 in a file name: 64 bits, so that a collision among a bucket's objects is out of reach.
    public static let hashLength = 16

    /// The mutable index, below the prefix: every object of the live build, what readers shipped before roots read.
    public static let indexPath = "index.json"

    /// `tiles/<key>.<hash>.json`.
    public static func tilePath(_ key: String, hash: String) -> String { "tiles/\(key).\(hash).json" }
    /// `brands/<CC>.<hash>.json`.
    public static func brandsPath(_ country: String, hash: String) -> String { "brands/\(country).\(hash).json" }
    /// `sources.<hash>.json`.
    public static func sourcesPath(hash: String) -> String { "sources.\(hash).json" }
    /// `trends/<CC>.<hash>.json`.
    public static func trendPath(_ country: String, hash: String) -> String { "trends/\(country).\(hash).json" }
    /// `builds/<name>.json`: the archived copy of a published index, what rollback points to.
    public static func buildPath(_ builtAt: Date) -> String { "builds/\(buildName(builtAt)).json" }

    /// A build's name: its `builtAt` in the basic ISO 8601 form, `20261202T060000Z`, which needs no escaping in a
    /// URL, an S3 key or a file name, and sorts by time.
    public static func buildName(_ builtAt: Date) -> String {
        UTCTime.format(builtAt).filter { $0 != "-" && $0 != ":" }
    }

    /// Reads a build's name, or a `builtAt` as the index writes it (`2026-12-02T06:00:00Z`).
    public static func parseBuildName(_ text: String) -> Date? {
        if let seconds = UTCTime.parse(text) { return Date(timeIntervalSince1970: TimeInterval(seconds)) }
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") else { return nil }
        let digits = String(decoding: bytes, as: UTF8.self)
        func part(_ from: Int, _ length: Int) -> Substring {
            let start = digits.index(digits.startIndex, offsetBy: from)
            return digits[start..<digits.index(start, offsetBy: length)]
        }
        let extended = "\(part(0, 4))-\(part(4, 2))-\(part(6, 2))T\(part(9, 2)):\(part(11, 2)):\(part(13, 2))Z"
        return UTCTime.parse(extended).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// The two parts of an object name `<name>.<hash>.json` (`tiles/83_3.e468e7330b6faed0.json`): the name as format 1
    /// spells its path without `.json` (`tiles/83_3`) and what stands where the hash goes; nil without `.json` or a dot
    /// before it. Whether that part is a hash is ``isHash(_:)``'s to say.
    public static func splitObjectName(_ path: some StringProtocol) -> (name: Substring, hash: Substring)? {
        guard path.hasSuffix(".json") else { return nil }
        let stem = Substring(path).dropLast(".json".count)
        guard let dot = stem.lastIndex(of: ".") else { return nil }
        return (stem[..<dot], stem[stem.index(after: dot)...])
    }

    /// Whether a name part is a hash as this format writes it: 16 lower-case hex digits.
    public static func isHash(_ text: some StringProtocol) -> Bool {
        text.utf8.count == hashLength
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

/// `fuel/v2/index.json` (and every `builds/<name>.json`): which immutable files make up one build.
public struct Format2Index: Sendable, Hashable, Codable {
    /// The file's format version, always ``Format2/version`` (2).
    public var version: Int
    /// The cell size the tiles were built on; a client on another grid must refuse the index.
    public var gridDegrees: Double
    /// When the build ran; also its name under `builds/`.
    public var builtAt: Date
    /// The `builtAt` of the build this one followed in the publisher's output folder (nil for the first).
    public var previous: Date?
    /// The hash of each non-empty cell's tile, by key: the tile is `tiles/<key>.<hash>.json`.
    public var tiles: [String: String]
    /// Each country's brands file path below the prefix: `brands/ES.<hash>.json`.
    public var brands: [String: String]
    /// The sources file path below the prefix: `sources.<hash>.json`.
    public var sources: String
    /// Per-country station counts and feed times, as in format 1.
    public var countries: [String: CountrySummary]
    /// Each country's trend file path below the prefix (`trends/ES.<hash>.json`) and since when it runs; nil in an
    /// index written before trends existed.
    public var trends: [String: TrendListing]?
    /// Each id shard's path below the prefix (`ids/a3.<hash>.json`), by shard (R13); nil in an index written before
    /// the id table existed.
    public var ids: [String: String]?
    /// The finished days whose history files (``HistoryFile``, R14, plain names below `history/`) the build
    /// publishes; nil in an index written before history existed.
    public var history: HistoryListing?
    /// The id list's path below the prefix (`ids.<hash>.json`), which holds ``ids`` for readers of the root; nil in an
    /// index written before roots.
    public var idList: String?
    /// The side of a leaf's block in cells (``Format2/leafCells``); nil in an index written before roots.
    public var leafCells: Int?
    /// The ring of cells around its block a leaf also lists (``Format2/leafMargin``); nil in an index written before
    /// roots.
    public var leafMargin: Int?
    /// Each leaf's path below the prefix (`leaves/19_-5.<hash>.json`), by block key; nil in an index written before
    /// roots.
    public var leaves: [String: String]?

    /// An index of format 2; `tiles`, `brands`, `sources` and `trends` name files by the hash of their JSON.
    public init(
        gridDegrees: Double, builtAt: Date, previous: Date?, tiles: [String: String], brands: [String: String],
        sources: String, countries: [String: CountrySummary], trends: [String: TrendListing]? = nil,
        ids: [String: String]? = nil, history: HistoryListing? = nil, idList: String? = nil, leafCells: Int? = nil,
        leafMargin: Int? = nil, leaves: [String: String]? = nil
    ) {
        self.trends = trends
        self.ids = ids
        self.history = history
        self.idList = idList
        self.leafCells = leafCells
        self.leafMargin = leafMargin
        self.leaves = leaves
        version = Format2.version
        self.gridDegrees = gridDegrees
        self.builtAt = builtAt
        self.previous = previous
        self.tiles = tiles
        self.brands = brands
        self.sources = sources
        self.countries = countries
    }

    /// The path of a cell's tile below the prefix, when the cell has stations.
    public func tilePath(_ key: String) -> String? { tiles[key].map { Format2.tilePath(key, hash: $0) } }

    /// Every immutable object this build names, sorted: tiles, brands, sources, trends, id shards, the id list and the
    /// leaves. A tile's parts are not named here: they follow their tile (``Format2/partPath(key:tileHash:quarter:)``).
    public var objectPaths: [String] {
        (tiles.map { Format2.tilePath($0.key, hash: $0.value) } + brands.values + [sources]
            + (trends ?? [:]).values.map(\.path) + (ids ?? [:]).values + (idList.map { [$0] } ?? [])
            + (leaves ?? [:]).values).sorted()
    }

    private enum CodingKeys: String, CodingKey {
        case version, gridDegrees, builtAt, previous, tiles, brands, sources, countries, trends, ids, history
        case idList, leafCells, leafMargin, leaves
    }

    /// Reads a format-2 index and checks every name it holds: each tile's key and hash, the brands, sources, trends,
    /// id shard, id list and leaf file names.
    /// - Throws: ``UnsupportedFormatError`` for a newer version; `DecodingError` for another version, a bad name or
    ///   anything malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        guard version <= Format2.version else {
            throw UnsupportedFormatError(file: "index.json", version: version, newestReadable: Format2.version)
        }
        guard version == Format2.version else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container,
                debugDescription: "a format-2 index has version 2, this one has \(version)")
        }
        gridDegrees = try container.decode(Double.self, forKey: .gridDegrees)
        builtAt = try container.decodeUTCTime(forKey: .builtAt)
        previous = try container.decodeNil(forKey: .previous) ? nil : container.decodeUTCTime(forKey: .previous)
        tiles = try container.decode([String: String].self, forKey: .tiles)
        brands = try container.decode([String: String].self, forKey: .brands)
        sources = try container.decode(String.self, forKey: .sources)
        countries = try container.decode([String: CountrySummary].self, forKey: .countries)
        trends = try container.decodeIfPresent([String: TrendListing].self, forKey: .trends)
        ids = try container.decodeIfPresent([String: String].self, forKey: .ids)
        history = try container.decodeIfPresent(HistoryListing.self, forKey: .history)
        idList = try container.decodeIfPresent(String.self, forKey: .idList)
        leafCells = try container.decodeIfPresent(Int.self, forKey: .leafCells)
        leafMargin = try container.decodeIfPresent(Int.self, forKey: .leafMargin)
        leaves = try container.decodeIfPresent([String: String].self, forKey: .leaves)
        if let problem = Format2.problemWithNames(
            brands: brands, sources: sources, trends: trends, idList: idList, leafCells: leafCells,
            leafMargin: leafMargin, leaves: leaves)
        {
            throw DecodingError.dataCorruptedError(
                forKey: CodingKeys(stringValue: problem.key) ?? .leaves, in: container, debugDescription: problem.text)
        }
        for (shard, path) in (ids ?? [:]).sorted(by: { $0.key < $1.key })
        where !IdShard.isShard(shard) || !Format2.isObjectName(path) || !path.hasPrefix("\(IdShard.folder)/\(shard).") {
            throw DecodingError.dataCorruptedError(
                forKey: .ids, in: container, debugDescription: "id shard \(shard): not its format-2 file name: \(path)")
        }
        for (key, hash) in tiles where !Format2.isHash(hash) || TileKey(key) == nil {
            throw DecodingError.dataCorruptedError(
                forKey: .tiles, in: container, debugDescription: "tile \(key) has no valid key and hash: \(hash)")
        }
    }

    /// Writes the index with its times as UTC text and `previous` as `null` for the first build.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(gridDegrees, forKey: .gridDegrees)
        try container.encode(UTCTime.format(builtAt), forKey: .builtAt)
        try container.encode(previous.map { UTCTime.format($0) }, forKey: .previous)
        try container.encode(tiles, forKey: .tiles)
        try container.encode(brands, forKey: .brands)
        try container.encode(sources, forKey: .sources)
        try container.encode(countries, forKey: .countries)
        try container.encodeIfPresent(trends, forKey: .trends)
        try container.encodeIfPresent(ids, forKey: .ids)
        try container.encodeIfPresent(history, forKey: .history)
        try container.encodeIfPresent(idList, forKey: .idList)
        try container.encodeIfPresent(leafCells, forKey: .leafCells)
        try container.encodeIfPresent(leafMargin, forKey: .leafMargin)
        try container.encodeIfPresent(leaves, forKey: .leaves)
    }
}
