import Foundation

/// `fuel/trends/<CC>.json` (format 2: `trends/<CC>.<hash>.json`): one country's prices day by day, for up to
/// ``maximumDays`` days, each day a row of figures per fuel and unit (``Figures``).
///
/// Each build rewrites its day's row (the UTC day of its `builtAt`) from the stations it publishes and keeps the
/// previous build's other rows, so the trend needs no store of its own; `docs/format.md` "Trends" is the contract.
public struct TrendFile: Sendable, Hashable, Codable {
    /// The most days a trend holds; the oldest go first.
    public static let maximumDays = 365

    /// One fuel's figures on one day: of the displayed price (``DisplayedPrice``) of every station of the country
    /// that has a price of the fuel, those in this unit.
    public struct Figures: Sendable, Hashable, Codable {
        /// The fuel code, as the tiles name it; never ``FuelCode/other``, whose prices are of different products.
        public var fuel: FuelCode
        /// The unit of the displayed prices counted; written only when not per litre, as in a tile.
        public var unit: PriceUnit
        /// The median (``PriceStatistics/median(sorted:)``), rounded to the thousandth, halves away from zero.
        public var median: Double
        /// The 10th percentile, nearest rank (``PriceStatistics/percentile(_:sorted:)``).
        public var p10: Double
        /// The 90th percentile, nearest rank.
        public var p90: Double
        /// The lowest price.
        public var min: Double
        /// How many stations the figures count: one price each.
        public var stations: Int

        /// The figures of `prices`, the displayed prices of one fuel and unit, one per station, in any order; nil
        /// for none. Prices are taken to the thousandth, as the tiles publish them.
        public init?(fuel: FuelCode, unit: PriceUnit, prices: [Double]) {
            guard !prices.isEmpty else { return nil }
            // In thousandths, exact in a Double, so that a median half-way between two prices rounds one way only.
            let sorted = prices.map { ($0 * 1000).rounded() }.sorted()
            self.fuel = fuel
            self.unit = unit
            median = (PriceStatistics.median(sorted: sorted) ?? 0).rounded(.toNearestOrAwayFromZero) / 1000
            p10 = PriceStatistics.percentile(10, sorted: sorted) / 1000
            p90 = PriceStatistics.percentile(90, sorted: sorted) / 1000
            min = sorted[0] / 1000
            stations = sorted.count
        }

        /// Figures as a build kept them (the kept state of `FuelBuild`), each value already to the thousandth.
        package init(
            fuel: FuelCode, unit: PriceUnit, median: Double, p10: Double, p90: Double, min: Double, stations: Int
        ) {
            self.fuel = fuel
            self.unit = unit
            self.median = median
            self.p10 = p10
            self.p90 = p90
            self.min = min
            self.stations = stations
        }

        private enum CodingKeys: String, CodingKey { case fuel, unit, median, p10, p90, min, stations }

        /// Reads a row; a missing `unit` is per litre.
        /// - Throws: `DecodingError` for anything malformed.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            fuel = try container.decode(FuelCode.self, forKey: .fuel)
            unit = try container.decodeIfPresent(PriceUnit.self, forKey: .unit) ?? .litre
            median = try container.decode(Double.self, forKey: .median)
            p10 = try container.decode(Double.self, forKey: .p10)
            p90 = try container.decode(Double.self, forKey: .p90)
            min = try container.decode(Double.self, forKey: .min)
            stations = try container.decode(Int.self, forKey: .stations)
        }

        /// Writes the row in the file's key order, `unit` only when not per litre.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(fuel, forKey: .fuel)
            if unit != .litre { try container.encode(unit, forKey: .unit) }
            try container.encode(median, forKey: .median)
            try container.encode(p10, forKey: .p10)
            try container.encode(p90, forKey: .p90)
            try container.encode(min, forKey: .min)
            try container.encode(stations, forKey: .stations)
        }
    }

    /// One day's row: the figures of every fuel and unit priced that day.
    public struct Day: Sendable, Hashable, Codable {
        /// The UTC day, `2026-12-03`.
        public var day: String
        /// By fuel code, then unit (as published: `kg`, `l`, `m3`).
        public var fuels: [Figures]

        /// A day's row; `fuels` must already be in order.
        public init(day: String, fuels: [Figures]) {
            self.day = day
            self.fuels = fuels
        }

        /// Today's row from the stations a build publishes for one country: each station's displayed price of each
        /// fuel it has a price of (``Station/displayedPrice(of:)``), counted under that price's unit, ``FuelCode/other``
        /// left out.
        public init(day: String, stations: [Station]) {
            var prices: [Key: [Double]] = [:]
            var fuels: [FuelCode] = []
            for station in stations {
                // Each fuel of the station once, in the order of its prices (a station lists a handful).
                fuels.removeAll(keepingCapacity: true)
                for price in station.prices where price.fuel != .other && !fuels.contains(price.fuel) {
                    fuels.append(price.fuel)
                }
                for fuel in fuels {
                    guard let shown = station.displayedPrice(of: fuel)?.price else { continue }
                    prices[Key(fuel: fuel, unit: shown.unit), default: []].append(shown.price)
                }
            }
            self.init(
                day: day,
                fuels: prices.keys.sorted().compactMap {
                    Figures(fuel: $0.fuel, unit: $0.unit, prices: prices[$0] ?? [])
                })
        }

        /// A fuel and unit, in a day's order.
        private struct Key: Hashable, Comparable {
            var fuel: FuelCode
            var unit: PriceUnit
            static func < (lhs: Key, rhs: Key) -> Bool { (lhs.fuel, lhs.unit) < (rhs.fuel, rhs.unit) }
        }
    }

    /// The file's format version (``TileFormat/version``).
    public var version: Int
    /// The country's code: `ES`.
    public var country: String
    /// The UTC day the trend started: the first build that wrote it, or the first after its previous file was lost.
    public var since: String
    /// The rows, oldest first, one per day, at most ``maximumDays``.
    public var days: [Day]

    /// A trend of the current format; `days` must already be sorted and capped.
    public init(country: String, since: String, days: [Day]) {
        version = TileFormat.version
        self.country = country
        self.since = since
        self.days = days
    }

    private enum CodingKeys: String, CodingKey { case version, country, since, days }

    /// Reads a trend; a missing `version` is 1. Checks what a build relies on when it extends one: days as
    /// `YYYY-MM-DD`, strictly increasing, at most ``maximumDays``, none before `since`.
    /// - Throws: ``UnsupportedFormatError`` for a newer version; `DecodingError` for anything malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.formatVersion(at: .version, file: "trend")
        country = try container.decode(String.self, forKey: .country)
        since = try container.decode(String.self, forKey: .since)
        days = try container.decode([Day].self, forKey: .days)
        guard Self.isDay(since) else {
            throw DecodingError.dataCorruptedError(
                forKey: .since, in: container, debugDescription: "since \"\(since)\" is not a day like 2026-12-03")
        }
        var last = since
        for (offset, row) in days.enumerated() {
            guard Self.isDay(row.day), offset == 0 ? row.day >= last : row.day > last else {
                throw DecodingError.dataCorruptedError(
                    forKey: .days, in: container,
                    debugDescription: "day \"\(row.day)\" is not a day after \(last) like 2026-12-03")
            }
            last = row.day
        }
        guard days.count <= Self.maximumDays else {
            throw DecodingError.dataCorruptedError(
                forKey: .days, in: container, debugDescription: "\(days.count) days, more than \(Self.maximumDays)")
        }
    }

    /// The UTC day of a time: `2026-12-03`.
    public static func day(of date: Date) -> String { String(UTCTime.format(date).prefix(10)) }

    /// Whether `text` is a day as a trend writes it: `YYYY-MM-DD`, a real date.
    public static func isDay(_ text: String) -> Bool {
        text.utf8.count == 10 && UTCTime.parse(text + "T00:00:00Z").map { day(of: Date(seconds: $0)) == text } == true
    }
}

/// Where a country's trend is and since when it runs: a member of the index's `trends` in both formats.
public struct TrendListing: Sendable, Hashable, Codable {
    /// The trend's path below the prefix: `trends/ES.json`, format 2's `trends/ES.<hash>.json`.
    public var path: String
    /// The UTC day the trend started (``TrendFile/since``).
    public var since: String

    /// A listing of the trend at `path`.
    public init(path: String, since: String) {
        self.path = path
        self.since = since
    }
}

extension Date {
    /// The time `seconds` after 1970-01-01T00:00:00Z.
    fileprivate init(seconds: Int64) { self.init(timeIntervalSince1970: TimeInterval(seconds)) }
}
