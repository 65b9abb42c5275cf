import Foundation

/// The on-disk format version every published file carries as `"version"`.
public enum TileFormat {
    /// The version this code writes, and the newest it reads.
    public static let version = 1
    /// The object key prefix under which the files are published.
    public static let defaultPrefix = "fuel/"

    /// The path of a tile below the prefix: `tiles/77_-19.json`.
    public static func tilePath(_ key: TileKey) -> String { "tiles/\(key).json" }
    /// The path of the index below the prefix.
    public static let indexPath = "index.json"
    /// The path of the sources file below the prefix.
    public static let sourcesPath = "sources.json"
    /// The path of a country's brand file below the prefix: `brands/ES.json`.
    public static func brandsPath(_ country: String) -> String { "brands/\(country).json" }
    /// The path of a country's trend below the prefix: `trends/ES.json`.
    public static func trendPath(_ country: String) -> String { "trends/\(country).json" }
}

/// A file that a newer publisher wrote in a format this code does not read.
public struct UnsupportedFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as a reader names it: `tile`, `index.json`, `brands file`, `sources.json`.
    public let file: String
    /// The version the file declares.
    public let version: Int
    /// The newest version this code reads of that file.
    public let newestReadable: Int

    /// An error for `file` at `version`, newer than `newestReadable`.
    public init(file: String, version: Int, newestReadable: Int = TileFormat.version) {
        self.file = file
        self.version = version
        self.newestReadable = newestReadable
    }

    /// What to tell the user: the file, both versions, and that the app needs an update.
    public var description: String {
        "\(file) has format version \(version); this code reads up to version \(newestReadable). Update the app."
    }
}

extension KeyedDecodingContainer {
    /// A published file's `"version"` at `key`: a missing value is 1, and one newer than ``TileFormat/version`` is
    /// refused (the rule of every format-1 file: tiles, the index, brands, trends, id shards, history files).
    /// - Parameter file: the file as the error names it (`tile`, `trend`).
    /// - Throws: ``UnsupportedFormatError`` for a newer version; `DecodingError` for one that is not a number.
    func formatVersion(at key: Key, file: String) throws -> Int {
        let version = try decodeIfPresent(Int.self, forKey: key) ?? 1
        guard version <= TileFormat.version else { throw UnsupportedFormatError(file: file, version: version) }
        return version
    }

    /// A cell written as text at `key`, `77_-19`, as tiles and history files name theirs.
    /// - Parameter file: the file as the error names it (`tile`, `history`).
    /// - Throws: `DecodingError` for text that is not a cell.
    func tileKey(at key: Key, file: String) throws -> TileKey {
        let text = try decode(String.self, forKey: key)
        guard let cell = TileKey(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\(file): key \"\(text)\" is not a cell like 77_-19")
        }
        return cell
    }
}

/// `fuel/tiles/<key>.json`: the stations of one cell, sorted by id. Never holds the build time.
public struct Tile: Sendable, Hashable, Codable {
    /// The file's format version (``TileFormat/version``).
    public var version: Int
    /// The cell the tile holds, written `77_-19` as in its file name.
    public var key: TileKey
    /// The cell's stations, sorted by id.
    public var stations: [Station]
    /// The quarter a format-2 part holds (`parts/<key>.<tilehash>.<q>.json`, ``CellQuarter``); nil in a whole tile.
    public var part: CellQuarter?

    /// A tile of the current format, or the part of one quarter of it; `stations` must already be sorted by id.
    public init(key: TileKey, stations: [Station], part: CellQuarter? = nil) {
        version = TileFormat.version
        self.key = key
        self.stations = stations
        self.part = part
    }

    private enum CodingKeys: String, CodingKey { case version, key, part, stations }

    /// Reads a tile or a part; a missing `version` is 1.
    /// - Throws: ``UnsupportedFormatError`` for a newer version; `DecodingError` for a bad quarter or anything
    ///   malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.formatVersion(at: .version, file: "tile")
        key = try container.tileKey(at: .key, file: "tile")
        if let text = try container.decodeIfPresent(String.self, forKey: .part) {
            guard let part = CellQuarter(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .part, in: container, debugDescription: "tile: part \"\(text)\" is not a quarter like 01")
            }
            self.part = part
        }
        stations = try container.decode([Station].self, forKey: .stations)
    }
}

/// One country's line in the index.
public struct CountrySummary: Sendable, Hashable, Codable {
    /// Stations published for the country.
    public var stations: Int
    /// The feed's own reference time (the newest price time, or the document time).
    public var updated: Date {
        get { updatedText.date }
        set { updatedText.date = newValue }
    }
    /// Set when this build could not refresh the country and republished its previous stations unchanged: the
    /// `builtAt` of the last build that read the country's feed fresh. Nil for a fresh country.
    public var carriedSince: Date? {
        get { carriedSinceText?.date }
        set { carriedSinceText = newValue.map(UTCTimeText.init) }
    }
    // The times as the file holds them, UTC text like `2025-09-27T16:05:47Z`; a missing or null `carriedSince` is a
    // fresh country, and it is written only when set.
    private var updatedText: UTCTimeText
    private var carriedSinceText: UTCTimeText?

    /// A country's line; `carriedSince` only for a carried country.
    public init(stations: Int, updated: Date, carriedSince: Date? = nil) {
        self.stations = stations
        updatedText = UTCTimeText(updated)
        carriedSinceText = carriedSince.map(UTCTimeText.init)
    }

    private enum CodingKeys: String, CodingKey {
        case stations
        case updatedText = "updated"
        case carriedSinceText = "carriedSince"
    }
}

/// `fuel/index.json`: the grid size, the build time, the non-empty cells and per-country counts.
public struct TileIndex: Sendable, Hashable, Codable {
    /// The file's format version (``TileFormat/version``).
    public var version: Int
    /// The cell size the tiles were built on; a client on another grid must refuse the index.
    public var gridDegrees: Double
    /// When the build ran (from `SOURCE_DATE_EPOCH` or `--built-at` when given).
    public var builtAt: Date {
        get { builtAtText.date }
        set { builtAtText.date = newValue }
    }
    /// ``builtAt`` as the file holds it, UTC text.
    private var builtAtText: UTCTimeText
    /// Keys of the non-empty cells, sorted.
    public var tiles: [String]
    /// Per-country station counts and feed times.
    public var countries: [String: CountrySummary]
    /// Each country's trend (``TrendFile``) and since when it runs; nil in an index written before trends existed,
    /// and a country without a trend is not in it.
    public var trends: [String: TrendListing]?
    /// ``IdShard/count`` when the build publishes its id table under `ids/` (R13); nil in an index written before
    /// it existed, whose readers find stations by cell only.
    public var idShards: Int?
    /// The finished days whose history files (``HistoryFile``, R14) the build publishes; nil in an index written
    /// before history existed.
    public var history: HistoryListing?

    /// An index of the current format; `tiles` must already be sorted.
    public init(
        gridDegrees: Double, builtAt: Date, tiles: [String], countries: [String: CountrySummary],
        trends: [String: TrendListing]? = nil, idShards: Int? = nil, history: HistoryListing? = nil
    ) {
        self.idShards = idShards
        self.history = history
        version = TileFormat.version
        self.gridDegrees = gridDegrees
        builtAtText = UTCTimeText(builtAt)
        self.tiles = tiles
        self.countries = countries
        self.trends = trends
    }

    private enum CodingKeys: String, CodingKey {
        case version, gridDegrees
        case builtAtText = "builtAt"
        case tiles, countries, trends, idShards, history
    }

    /// Reads an index; a missing `version` is 1 and `builtAt` is UTC text.
    /// - Throws: ``UnsupportedFormatError`` for a newer version; `DecodingError` for anything malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.formatVersion(at: .version, file: "index.json")
        gridDegrees = try container.decode(Double.self, forKey: .gridDegrees)
        builtAtText = try container.decode(UTCTimeText.self, forKey: .builtAtText)
        tiles = try container.decode([String].self, forKey: .tiles)
        countries = try container.decode([String: CountrySummary].self, forKey: .countries)
        trends = try container.decodeIfPresent([String: TrendListing].self, forKey: .trends)
        idShards = try container.decodeIfPresent(Int.self, forKey: .idShards)
        history = try container.decodeIfPresent(HistoryListing.self, forKey: .history)
    }
}

/// `fuel/brands/<CC>.json`: stations per normalised brand, most first, unknown brands under `null`.
public struct BrandsFile: Sendable, Hashable, Codable {
    /// One brand and how many of the country's stations carry it.
    public struct Entry: Sendable, Hashable, Codable {
        /// The normalised brand, nil for stations without a known brand.
        public var brand: String?
        /// The country's stations of this brand.
        public var stations: Int

        /// An entry; `brand` nil for the stations without a known brand.
        public init(brand: String?, stations: Int) {
            self.brand = brand
            self.stations = stations
        }

        private enum CodingKeys: String, CodingKey { case brand, stations }

        /// Writes the entry with `brand` always present, `null` for unknown brands.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(brand, forKey: .brand)
            try container.encode(stations, forKey: .stations)
        }
    }

    /// The file's format version (``TileFormat/version``).
    public var version: Int
    /// The country's code: `ES`.
    public var country: String
    /// The brands, most stations first.
    public var brands: [Entry]

    /// A brands file of the current format; `brands` must already be in order.
    public init(country: String, brands: [Entry]) {
        version = TileFormat.version
        self.country = country
        self.brands = brands
    }

    private enum CodingKeys: String, CodingKey { case version, country, brands }

    /// Reads a brands file; a missing `version` is 1.
    /// - Throws: ``UnsupportedFormatError`` for a newer version; `DecodingError` for anything malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.formatVersion(at: .version, file: "brands file")
        country = try container.decode(String.self, forKey: .country)
        brands = try container.decode([Entry].self, forKey: .brands)
    }
}

/// `fuel/sources.json`: who publishes each country's data, under which licence, and what it covers.
public struct SourcesFile: Sendable, Hashable, Codable {
    /// The file's format version (``TileFormat/version``).
    public var version: Int
    /// One entry per country, sorted by country code.
    public var sources: [Source]

    /// A sources file of the current format; `sources` must already be sorted by country.
    public init(sources: [Source]) {
        version = TileFormat.version
        self.sources = sources
    }

    private enum CodingKeys: String, CodingKey { case version, sources }

    /// Reads a sources file; a missing `version` is 1.
    /// - Throws: ``UnsupportedFormatError`` for a newer version; `DecodingError` for anything malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.formatVersion(at: .version, file: "sources.json")
        sources = try container.decode([Source].self, forKey: .sources)
    }
}
