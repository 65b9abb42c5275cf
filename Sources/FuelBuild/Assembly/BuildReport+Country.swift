import Foundation

extension BuildReport {
    /// One country's line.
    public struct Country: Sendable, Codable, Equatable {
        public var country: String
        /// Records read from the feed (rows, objects or stations, as the format counts them).
        public var records: Int
        /// Stations the adapter produced.
        public var parsed: Int
        /// Stations published.
        public var kept: Int
        /// Records, stations and prices dropped, by reason code (``Reason/code``; adapter and validation).
        public var rejected: [String: Int]
        /// Repairs that kept a record, by reason code.
        public var repaired: [String: Int]
        /// Other counts worth knowing that dropped nothing (unknown fuel names, sites listed twice, repaired rows),
        /// by reason code.
        public var counters: [String: Int]
        /// The sentence each code of ``rejected``, ``repaired`` and ``counters`` stands for.
        public var reasons: [String: String] = [:]
        /// How records, parsed and kept relate, in words: which rejects are records, stations or prices.
        public var accounting = ""
        /// Whether `parsed − kept` equals the stations rejected or merged by validation (it always should).
        public var stationsAddUp = true
        public var notes: [String]
        /// The feed's own reference time, `…Z`.
        public var updated: String
        /// When fetching downloaded the feed, from the manifest; nil for hand-placed feeds.
        public var fetchedAt: String?
        /// Tiles holding at least one of the country's stations.
        public var tiles: Int
        /// JSON bytes of the country's stations inside those tiles.
        public var stationBytes: Int
        /// Set when the country failed and was published from the previous build (`--carry-forward`): the
        /// `builtAt` of its last fresh build, `…Z`.
        public var carriedSince: String?
        /// Why it was carried: the failure that would otherwise have refused the build.
        public var carriedBecause: String?
        /// True when its inputs were unchanged and its stations were reused from the published build, unparsed
        /// (its counts are that build's); absent otherwise.
        public var reused: Bool?
        /// Stations in the previous build in `OUT`; nil when there was none or it lacked the country.
        public var previousStations: Int?
        /// Set when the country lost more of its previously published stations than its `warnShrinkPercent`:
        /// published, but worth a look. Absent from the JSON otherwise.
        public var shrinkWarning: ShrinkWarning?
        /// Set when the country's trend started again because the previous build had no readable trend of it: why
        /// (``BuildEvent/Warning/trendRestarted(country:reason:)``). Absent from the JSON otherwise.
        public var trendRestarted: String?
    }
}
