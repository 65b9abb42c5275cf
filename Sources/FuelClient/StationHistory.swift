import Foundation
import FuelFormat

/// A station's price history over the days before the index's build (rule R14 of `docs/format.md`), from
/// ``TileClient/history(of:days:)``: per day, the station's entries, or that the day is missing. Only the client makes
/// one.
public struct StationHistory: Sendable, Hashable, Encodable {
    /// How the station's cell was known.
    public enum CellSource: String, Sendable, Hashable, Encodable {
        /// The id table (R13) named it.
        case found
        /// The caller gave it.
        case given
        /// Neither: no cell was given and the id table does not hold the id (or there is none). Nothing was read.
        case unknown
    }

    /// One UTC day of the answer.
    public struct Day: Sendable, Hashable, Encodable {
        /// `2026-12-04`.
        public var day: String
        /// True when the day could not be read: the index does not list it, or its file of the cell could not be
        /// fetched or read. Its ``entries`` are then empty, and the answer is partial.
        public var isMissing: Bool
        /// The station's entries that day, as the file writes them; empty when the day's file does not hold the
        /// station (it had no price that day) or the day is missing.
        public var entries: [HistoryEntry]

        private enum CodingKeys: String, CodingKey { case day, status, entries }

        /// `{"day":"2026-12-04","status":"ok"|"missing","entries":[…]}`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(day, forKey: .day)
            try container.encode(isMissing ? "missing" : "ok", forKey: .status)
            try container.encode(entries, forKey: .entries)
        }
    }

    /// The id asked for.
    public var id: String
    /// The cell whose files were read; nil when it is unknown.
    public var cell: TileKey?
    /// How the cell was known.
    public var source: CellSource
    /// The days asked for, oldest first; empty when the cell is unknown.
    public var days: [Day]
    /// The published format that answered: 1 or 2.
    public var format: Int
    /// The `builtAt` of the index read: the days are the ones before its UTC day.
    public var indexBuiltAt: Date
    /// Why the index could not be refreshed, when an older cached copy stood in; nil when it is current.
    public var indexStaleReason: String?

    /// The days that could not be read, oldest first.
    public var missingDays: [String] { days.filter(\.isMissing).map(\.day) }
    /// True when a day is missing: the answer lacks days the caller asked for.
    public var isPartial: Bool { days.contains(where: \.isMissing) }
    /// True when an older cached index stood in.
    public var isStale: Bool { indexStaleReason != nil }
    /// R8's outcome: `ok`, `partial`, or `empty` when the station's cell is unknown.
    public var outcome: String { source == .unknown ? "empty" : isPartial ? "partial" : "ok" }

    private enum CodingKeys: String, CodingKey {
        case id, cell, status, days, missingDays, outcome, format, indexBuiltAt, stale
    }

    /// The answer as `fuel-nearby --history --json` prints it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(cell, forKey: .cell)
        try container.encode(source, forKey: .status)
        try container.encode(days, forKey: .days)
        try container.encode(missingDays, forKey: .missingDays)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(format, forKey: .format)
        try container.encode(UTCTime.format(indexBuiltAt), forKey: .indexBuiltAt)
        try container.encode(isStale, forKey: .stale)
    }
}
