import Dispatch
import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat
import Synchronization

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
    /// Tiles (sorted by key), brands (by country), sources, then the index.
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
    /// Tiles whose previous gzipped file was reused instead of compressed again.
    public var reusedTiles = 0
}

/// Turns validated countries into the published file set: tiles, brands, sources and the index.
public enum DatasetAssembler {
    /// Buckets, encodes and compresses (in parallel) every file. Only the index depends on `builtAt`.
    public static func assemble(_ countries: [CountryDataset], grid: Grid = .standard, builtAt: Date) -> Assembly {
        // Without a sink nothing can throw.
        (try? assemble(countries, grid: grid, builtAt: builtAt, writingTo: nil))
            ?? Assembly(
                files: [], stationBytes: [:], tilesPerCountry: [:],
                index: TileIndex(gridDegrees: grid.degrees, builtAt: builtAt, tiles: [], countries: [:]))
    }

    /// The same, handing each file to `sink` (a staged build) on the worker that compressed it, so that disk writes
    /// overlap compression.
    /// - Throws: the first error the sink threw; files after it are not produced.
    /// - Parameter reuse: the previous build's tiles; a tile whose JSON is unchanged reuses its gzipped file.
    public static func assemble(
        _ countries: [CountryDataset], grid: Grid = .standard, builtAt: Date, writingTo sink: StagedBuild?,
        reusing reuse: TileReuse? = nil
    ) throws -> Assembly {
        let encoded = Mutex([CountryTiles?](repeating: nil, count: countries.count))
        DispatchQueue.concurrentPerform(iterations: countries.count) { position in
            let tiles = CountryTiles(countries[position], grid: grid)
            encoded.withLock { $0[position] = tiles }
        }
        return try assemble(
            encoded: encoded.withLock { $0 }.compactMap { $0 }, grid: grid, builtAt: builtAt, writingTo: sink,
            reusing: reuse)
    }

    /// Joins countries already encoded (``CountryTiles``) into the file set: each tile is its countries' station
    /// objects merged by id, then compressed, in parallel. A build adds its countries to a ``TileAssembler`` one at a
    /// time instead, as they are parsed.
    /// - Throws: the first error the sink threw; files after it are not produced.
    public static func assemble(
        encoded countries: [CountryTiles], grid: Grid = .standard, builtAt: Date, writingTo sink: StagedBuild?,
        reusing reuse: TileReuse? = nil
    ) throws -> Assembly {
        let assembler = TileAssembler(
            countries: countries.map { ($0.config.country, $0.config.boxes) }, grid: grid, sink: sink, reuse: reuse)
        for var country in countries { assembler.add(&country) }
        return try assembler.finish(builtAt: builtAt)
    }

    /// A tile's stations in the contract's order, by id. Ids are compared as UTF-8 bytes: the same order as their
    /// code points, without String's Unicode-aware comparison, which made this sort grow faster than the data.
    public static func sortedByID(_ stations: [Station]) -> [Station] {
        stations.sorted { idPrecedes($0.id, $1.id) }
    }

    /// The contract's order of station ids: their UTF-8 bytes compared, which is the order of their code points.
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

    static func sources(of countries: [CountryTiles]) -> SourcesFile {
        SourcesFile(
            sources: countries.map { country in
                let config = country.config
                return SourcesFile.Source(
                    country: config.country, publisher: config.publisher, url: config.url, licence: config.licence,
                    licenceUrl: config.licenceUrl, attribution: config.attribution, coverage: config.coverage,
                    updated: country.referenceTime, stations: country.stationCount)
            })
    }
}
