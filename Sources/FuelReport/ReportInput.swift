import Foundation
import FuelFeeds
import FuelFormat

/// Everything the map report shows, gathered from a published build (and the previous one, with `--previous`).
/// ``ReportPage`` turns it into one self-contained HTML file.
public struct ReportInput: Sendable {
    /// One country's line in the report's table.
    public struct Country: Sendable, Equatable {
        public var country: String
        /// Stations published.
        public var stations: Int
        /// Stations in the previous build, with `--previous`.
        public var previousStations: Int?
        /// Rejected records by reason code (`no-current-price`: 5), from the build's saved report; empty without one.
        public var rejected: [String: Int]
        /// The sentence each reason code stands for (`no current price`), from the same report.
        public var reasons: [String: String] = [:]
        /// The feed's own reference time.
        public var feedTime: Date
        /// Hours from the feed time to the build time.
        public var feedAgeHours: Double
        /// Set when the country was carried forward from an earlier build.
        public var carriedSince: Date?
        /// Tiles holding at least one of its stations.
        public var tiles: Int
        /// Gzipped bytes of those tiles (a tile shared by two countries counts for both).
        public var bytes: Int
        /// Its trend (`trends/<CC>.json`): a small chart of the chosen fuel in the table; nil for none.
        public var trend: TrendFile?
        /// Why the trend the index lists could not be read; nil when it could, or when none is listed.
        public var trendProblem: String?
        /// The boxes its stations must fall in (`adapters/<CC>/source.json`), drawn faintly on the map (hatched while
        /// the country is carried); empty when its metadata is not known.
        public var coverage: [CountryConfig.Box] = []

        public init(
            country: String, stations: Int, previousStations: Int?, rejected: [String: Int], feedTime: Date,
            feedAgeHours: Double, carriedSince: Date?, tiles: Int, bytes: Int
        ) {
            self.country = country
            self.stations = stations
            self.previousStations = previousStations
            self.rejected = rejected
            self.feedTime = feedTime
            self.feedAgeHours = feedAgeHours
            self.carriedSince = carriedSince
            self.tiles = tiles
            self.bytes = bytes
        }
    }

    /// How a cell differs from the previous build.
    public enum CellChange: String, Sendable, Hashable {
        /// Its tile's bytes changed.
        case changed
        /// A cell with stations now that had none.
        case added
        /// A cell that had stations and has none now (drawn from the previous build's key).
        case removed
    }

    /// A station's displayed price of a fuel that moved by more than this, in percent, since the previous build is
    /// marked on the map's "price moved" layer: the verdict's default `checkPriceMedianPercent`.
    public static let priceMovedPercent = 5.0

    /// A price whose last change (the tiles' `was` and `changed`) came at most this many hours before the build is
    /// marked on the map's "last change" layer: the stations whose price changed in the last day, previous build or
    /// not.
    public static let lastChangeHours = 24.0

    /// When the build ran.
    public var builtAt: Date
    /// The grid's cell size.
    public var gridDegrees: Double
    /// Every published station, in tile order then by id.
    public var stations: [Station]
    /// The key of every non-empty cell, in grid order.
    public var cells: [String]
    /// Cells that differ from the previous build, by key; empty without `--previous`.
    public var cellChanges: [String: CellChange]
    /// Whether a previous build was compared (so an empty ``cellChanges`` means "nothing changed").
    public var hasPrevious: Bool
    /// Every station of the previous build, with `--previous`: the map draws those gone where they were, and marks
    /// the stations added and the prices that moved by more than ``priceMovedPercent``.
    public var previousStations: [Station] = []
    /// One line per country, sorted by code.
    public var countries: [Country]
    /// The fuel the map colours by when it opens.
    public var fuel: FuelCode
    /// A title line: the build folder and time.
    public var title: String
    /// The build's verdict, shown as a banner at the top; nil shows none.
    public var verdict: BuildVerdict?

    public init(
        builtAt: Date, gridDegrees: Double, stations: [Station], cells: [String], cellChanges: [String: CellChange],
        hasPrevious: Bool, countries: [Country], fuel: FuelCode, title: String
    ) {
        self.builtAt = builtAt
        self.gridDegrees = gridDegrees
        self.stations = stations
        self.cells = cells
        self.cellChanges = cellChanges
        self.hasPrevious = hasPrevious
        self.countries = countries
        self.fuel = fuel
        self.title = title
    }

    /// The tile key of a station, on this input's grid.
    public func tileKey(of station: Station) -> String {
        Grid(degrees: gridDegrees).key(latitude: station.latitude, longitude: station.longitude).description
    }
}
