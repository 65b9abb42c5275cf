import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat

/// One file of a build, as it will be uploaded.
public struct PublishedFile: Sendable, Equatable {
    /// The path below the prefix, for example `tiles/77_-19.json`.
    public var path: String
    /// Size of the JSON before compression.
    public var jsonBytes: Int
    /// The gzipped bytes, exactly as written to `OUT/fuel/` and uploaded.
    public var gzipped: [UInt8]
}

/// One validated country, ready to be published.
public struct CountryDataset: Sendable {
    public var config: CountryConfig
    public var stations: [Station]
    public var referenceTime: Date
    /// Set when the stations are the previous build's, carried forward: its last fresh build's `builtAt`.
    public var carriedSince: Date?

    public init(config: CountryConfig, stations: [Station], referenceTime: Date, carriedSince: Date? = nil) {
        self.config = config
        self.stations = stations
        self.referenceTime = referenceTime
        self.carriedSince = carriedSince
    }
}

/// The published file set, with per-country sizes for the report.
public struct Assembly: Sendable {
    /// Tiles (sorted by key), brands and trends (by country), sources, then the index.
    public var files: [PublishedFile]
    /// JSON bytes of each country's station objects.
    public var stationBytes: [String: Int]
    /// Tiles holding at least one station of each country.
    public var tilesPerCountry: [String: Int]
    /// The index, as encoded into the last file.
    public var index: TileIndex
    /// The SHA-256 (hex) of each tile's JSON, by path: for the next build's reuse, and format 2 names each tile by its
    /// first 16 digits.
    public var tileDigests: [String: String] = [:]
    /// The countries with stations in each tile, by path, in code order: for the next build's reuse.
    public var tileCountries: [String: [String]] = [:]
    /// Tiles whose previous gzipped file was reused instead of compressed again.
    public var reusedTiles = 0
    /// The earlier build's file each reused tile was taken from, by path (`tiles/77_-19.json`).
    public var reusedFiles: [String: URL] = [:]
}

/// The published file set's order of stations and its small documents (brands and sources); ``TileAssembler`` joins
/// the tiles.
public enum DatasetAssembler {
    /// The contract's order of station ids: their UTF-8 bytes compared, which is the order of their code points.
    /// (Not String's Unicode-aware comparison, which made sorting a tile grow faster than the data.)
    static func idPrecedes(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    /// Stations per normalised brand, most first, then by name, unknown brands (null) last among equals.
    static func brands(of country: CountryTiles) -> BrandsFile {
        let entries = country.brandCounts.map { BrandsFile.Entry(brand: $0.key, stations: $0.value) }.sorted {
            lhs, rhs in
            if lhs.stations != rhs.stations { return lhs.stations > rhs.stations }
            switch (lhs.brand, rhs.brand) {
            case (let left?, let right?): return left < right
            case (_?, nil): return true
            default: return false
            }
        }
        return BrandsFile(country: country.config.country, brands: entries)
    }

    /// Each country's source, with its time zone, the areas keeping another, its currency, and its public holidays
    /// (where its metadata lists them) from 1 January of the year
    /// before `builtAt`'s (UTC) to 31 December of the year after: a reader can then tell whether today and yesterday
    /// are holidays for the coming year at least, and the list changes once a year, not with every build.
    static func sources(of countries: [CountryTiles], builtAt: Date) -> SourcesFile {
        let year = Int(UTCTime.format(builtAt).prefix(4)) ?? 1970
        return SourcesFile(
            sources: countries.map { country in
                let config = country.config
                return SourcesFile.Source(
                    country: config.country, publisher: config.publisher, url: config.url, licence: config.licence,
                    licenceUrl: config.licenceUrl, attribution: config.attribution, coverage: config.coverage,
                    updated: country.referenceTime, stations: country.stationCount,
                    publicHolidays: config.publicHolidays.isEmpty
                        ? nil : PublicHolidayRule.holidays(config.publicHolidays, years: (year - 1)...(year + 1)),
                    timeZone: config.timeZone, timeZoneAreas: config.timeZoneAreas.isEmpty ? nil : config.timeZoneAreas,
                    currency: config.currency)
            })
    }
}
