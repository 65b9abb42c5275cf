import Dispatch
import FuelFeeds
import FuelGrid
import Foundation
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
}

/// Turns validated countries into the published file set: tiles, brands, sources and the index.
public enum DatasetAssembler {
    /// Buckets, encodes and compresses (in parallel) every file. Only the index depends on `builtAt`.
    public static func assemble(_ countries: [CountryDataset], grid: Grid = .standard, builtAt: Date) -> [PublishedFile] {
        var cells: [TileKey: [Station]] = [:]
        for country in countries {
            for station in country.stations {
                cells[grid.key(latitude: station.latitude, longitude: station.longitude), default: []].append(station)
            }
        }
        let keys = cells.keys.sorted()
        var documents: [(path: String, json: [UInt8])] = []
        documents.reserveCapacity(keys.count + countries.count + 2)
        for key in keys {
            let stations = (cells[key] ?? []).sorted { $0.id < $1.id }
            documents.append((TileFormat.tilePath(key), TileEncoder.encode(Tile(key: key, stations: stations))))
        }
        let sortedCountries = countries.sorted { $0.config.country < $1.config.country }
        for country in sortedCountries {
            documents.append(
                (TileFormat.brandsPath(country.config.country), TileEncoder.encode(brands(of: country))))
        }
        documents.append((TileFormat.sourcesPath, TileEncoder.encode(sources(of: sortedCountries))))
        let index = TileIndex(
            gridDegrees: grid.degrees,
            builtAt: builtAt,
            tiles: keys.map(\.description),
            countries: Dictionary(
                uniqueKeysWithValues: sortedCountries.map {
                    ($0.config.country, CountrySummary(stations: $0.stations.count, updated: $0.referenceTime))
                }))
        documents.append((TileFormat.indexPath, TileEncoder.encode(index)))
        return compressInParallel(documents)
    }

    /// Stations per normalised brand, most first, then by name, unknown brands (null) last among equals.
    static func brands(of country: CountryDataset) -> BrandsFile {
        var counts: [String?: Int] = [:]
        for station in country.stations { counts[station.brand, default: 0] += 1 }
        let entries = counts.map { BrandsFile.Entry(brand: $0.key, stations: $0.value) }.sorted { lhs, rhs in
            if lhs.stations != rhs.stations { return lhs.stations > rhs.stations }
            switch (lhs.brand, rhs.brand) {
            case let (left?, right?): return left < right
            case (_?, nil): return true
            default: return false
            }
        }
        return BrandsFile(country: country.config.country, brands: entries)
    }

    static func sources(of countries: [CountryDataset]) -> SourcesFile {
        SourcesFile(
            sources: countries.map { country in
                let config = country.config
                return SourcesFile.Source(
                    country: config.country, publisher: config.publisher, url: config.url, licence: config.licence,
                    licenceUrl: config.licenceUrl, attribution: config.attribution, coverage: config.coverage,
                    updated: country.referenceTime, stations: country.stations.count)
            })
    }

    /// gzip is most of a build's cost, so every core compresses; the largest documents go first so that one big tile
    /// does not finish alone at the end.
    private static func compressInParallel(_ documents: [(path: String, json: [UInt8])]) -> [PublishedFile] {
        let order = documents.indices.sorted { documents[$0].json.count > documents[$1].json.count }
        let results = Mutex([[UInt8]?](repeating: nil, count: documents.count))
        let next = Atomic<Int>(0)
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let position = next.add(1, ordering: .relaxed).oldValue
                guard position < order.count else { return }
                let index = order[position]
                let gzipped = Gzip.compress(documents[index].json)
                results.withLock { $0[index] = gzipped }
            }
        }
        let compressed = results.withLock { $0 }
        return documents.indices.map { index in
            PublishedFile(
                path: documents[index].path, jsonBytes: documents[index].json.count,
                gzipped: compressed[index] ?? Gzip.compress(documents[index].json))
        }
    }
}
