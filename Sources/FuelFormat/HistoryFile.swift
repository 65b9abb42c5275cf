import Foundation

/// `fuel/history/<YYYY-MM-DD>/<key>.json` (format 2: `fuel/v2/history/<YYYY-MM-DD>/<key>.json`): one cell's
/// stations' prices over one finished UTC day, per fuel and unit (rule R14 of `docs/format.md`).
///
/// Written once, by the first build of a later UTC day, and never replaced: format 2 keeps the plain name under its
/// prefix, without a hash.
public struct HistoryFile: Sendable, Hashable, Codable {
    /// The folder below the prefix: `history/`.
    public static let folder = "history"
    /// How many finished days an index lists at most: the 7 UTC days before its build's own day.
    public static let listedDays = 7
    /// How many finished days a build folder keeps: one more than it lists, so that a reader holding the previous
    /// index (a day older) still finds every day it lists.
    public static let keptDays = 8

    /// The file's format version (``TileFormat/version``).
    public var version: Int
    /// The cell the file holds, written `77_-19` as in its file name.
    public var key: TileKey
    /// The UTC day, `2026-12-04`.
    public var day: String
    /// Each station's figures that day, by id; a station of the cell without a price that day is not listed.
    public var stations: [String: [HistoryEntry]]

    /// A file of the current format.
    public init(key: TileKey, day: String, stations: [String: [HistoryEntry]]) {
        version = TileFormat.version
        self.key = key
        self.day = day
        self.stations = stations
    }

    /// The format-1 path below the prefix: `history/2026-12-04/77_-19.json` (format 2 puts it below `v2/`).
    public static func path(day: String, key: String) -> String { "\(folder)/\(day)/\(key).json" }

    /// The day and cell of a path as ``path(day:key:)`` writes it; nil for any other path.
    public static func parsePath(_ path: String) -> (day: String, key: TileKey)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == folder, TrendFile.isDay(String(parts[1])), parts[2].hasSuffix(".json"),
            let key = TileKey(String(parts[2].dropLast(".json".count))),
            key.description == parts[2].dropLast(".json".count)
        else { return nil }
        return (String(parts[1]), key)
    }

    /// The days an index may list for a build of `builtAt`: the `count` UTC days before its own, oldest first.
    public static func window(before builtAt: Date, count: Int = listedDays) -> [String] {
        let midnight = (builtAt.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
        return (1...max(1, count)).reversed().map {
            TrendFile.day(of: Date(timeIntervalSince1970: midnight - Double($0) * 86_400))
        }
    }

    private enum CodingKeys: String, CodingKey { case version, key, day, stations }

    /// Reads a history file; a missing `version` is 1.
    /// - Throws: ``UnsupportedFormatError`` for a newer version; `DecodingError` for a bad key or day, or anything
    ///   malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.formatVersion(at: .version, file: "history file")
        key = try container.tileKey(at: .key, file: "history")
        day = try container.decode(String.self, forKey: .day)
        guard TrendFile.isDay(day) else {
            throw DecodingError.dataCorruptedError(
                forKey: .day, in: container, debugDescription: "history: \"\(day)\" is not a day like 2026-12-04")
        }
        stations = try container.decode([String: [HistoryEntry]].self, forKey: .stations)
    }
}

/// One station's price of one fuel and unit (and service and label, where the tile's price has them) over one UTC
/// day: the first, lowest, highest and last price the day's builds published, and how often it changed.
public struct HistoryEntry: Sendable, Hashable, Codable {
    /// The fuel.
    public var fuel: FuelCode
    /// The price's unit; written only when not per litre.
    public var unit: PriceUnit
    /// Self-service or attended, where the price says.
    public var service: ServiceKind?
    /// The price's label, where the price has one.
    public var label: String?
    /// The first build's price that day.
    public var open: Double
    /// The lowest price the day's builds published.
    public var low: Double
    /// The highest price the day's builds published.
    public var high: Double
    /// The last build's price that day.
    public var close: Double
    /// How many of the day's builds published a price other than the build before it (within the day).
    public var changes: Int

    /// An entry; `open` and `close` lie within `low...high`.
    public init(
        fuel: FuelCode, unit: PriceUnit = .litre, service: ServiceKind? = nil, label: String? = nil, open: Double,
        low: Double, high: Double, close: Double, changes: Int
    ) {
        self.fuel = fuel
        self.unit = unit
        self.service = service
        self.label = label
        self.open = open
        self.low = low
        self.high = high
        self.close = close
        self.changes = changes
    }

    private enum CodingKeys: String, CodingKey { case fuel, unit, service, label, open, low, high, close, changes }

    /// Reads an entry; a missing `unit` is per litre.
    /// - Throws: `DecodingError` for anything malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fuel = try container.decode(FuelCode.self, forKey: .fuel)
        unit = try container.decodeIfPresent(PriceUnit.self, forKey: .unit) ?? .litre
        service = try container.decodeIfPresent(ServiceKind.self, forKey: .service)
        label = try container.decodeIfPresent(String.self, forKey: .label)
        open = try container.decode(Double.self, forKey: .open)
        low = try container.decode(Double.self, forKey: .low)
        high = try container.decode(Double.self, forKey: .high)
        close = try container.decode(Double.self, forKey: .close)
        changes = try container.decode(Int.self, forKey: .changes)
    }

    /// Writes the entry as a history file spells it: `unit` only when not per litre.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fuel, forKey: .fuel)
        if unit != .litre { try container.encode(unit, forKey: .unit) }
        try container.encodeIfPresent(service, forKey: .service)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encode(open, forKey: .open)
        try container.encode(low, forKey: .low)
        try container.encode(high, forKey: .high)
        try container.encode(close, forKey: .close)
        try container.encode(changes, forKey: .changes)
    }
}

/// The index's `"history"` member (both formats): the finished days whose history files the build publishes.
public struct HistoryListing: Sendable, Hashable, Codable {
    /// The days, `YYYY-MM-DD`, oldest first: at most ``HistoryFile/listedDays``, each one of the days before the
    /// build's own UTC day.
    public var days: [String]

    /// A listing of `days`, oldest first.
    public init(days: [String]) { self.days = days }

    private enum CodingKeys: String, CodingKey { case days }

    /// Reads a listing and checks that each of its days is a day like `2026-12-04`.
    /// - Throws: `DecodingError` for anything else in `days`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        days = try container.decode([String].self, forKey: .days)
        for day in days where !TrendFile.isDay(day) {
            throw DecodingError.dataCorruptedError(
                forKey: .days, in: container, debugDescription: "history: not a day like 2026-12-04: \(day)")
        }
    }
}
