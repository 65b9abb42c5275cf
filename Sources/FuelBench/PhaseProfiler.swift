import Foundation
import FuelBuild
import FuelCodecs
import FuelFeeds
import FuelFormat
import FuelPublishing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a build's time goes, phase by phase, measured by running the build's own steps one after the other on one
/// thread: the sum of the phases is the build's CPU cost before parallelism.
public struct PhaseProfile: Sendable, Codable, Equatable {
    public struct Phase: Sendable, Codable, Equatable {
        public var name: String
        public var seconds: Double
        public var detail: String
        /// A comparison, not a step of the build: left out of the total.
        public var aside: Bool = false
    }

    /// The generator scale profiled.
    public var scale: Double
    public var phases: [Phase]
    /// Parse seconds per country.
    public var parseByCountry: [String: Double]
    public var stations: Int
    public var tiles: Int
    public var jsonBytes: Int
    public var gzipBytes: Int

    public var total: Double { phases.filter { !$0.aside }.reduce(0) { $0 + $1.seconds } }
}

/// Runs parse, validate, encode, join, compress and write separately and times each.
public enum PhaseProfiler {
    /// - Parameters:
    ///   - feeds: a feeds folder (`DIR/<CC>/…`).
    ///   - adapters: `adapters/` with each country's metadata.
    ///   - scratch: where the compressed tiles are written (removed afterwards).
    /// - Throws: the first ``FeedError``, or ``BenchError``.
    public static func profile(feeds: URL, adapters: URL, scratch: URL, scale: Double) throws -> PhaseProfile {
        let countries = CountryConfig.configuredCountries(adaptersDirectory: adapters)
            .filter { CountryRegistry.country($0) != nil }
        guard !countries.isEmpty else {
            throw BenchError("no country has both metadata in \(adapters.path) and an adapter")
        }
        let manifest = try FeedManifest.load(feedsDirectory: feeds)
        var parseByCountry: [String: Double] = [:]
        var parsed: [(CountryConfig, FeedParseResult)] = []
        var clock = ProcessMeter.monotonicSeconds()
        func lap() -> Double {
            let now = ProcessMeter.monotonicSeconds()
            defer { clock = now }
            return now - clock
        }
        for country in countries {
            let config = try CountryConfig.load(country: country, adaptersDirectory: adapters)
            guard let adapter = CountryRegistry.country(country) else { continue }
            _ = lap()
            let input = FeedInput(folder: feeds.appendingPathComponent(country), config: config, manifest: manifest)
            parsed.append((config, try adapter.parse(input)))
            parseByCountry[country] = lap()
        }
        let parseSeconds = parseByCountry.values.reduce(0, +)

        _ = lap()
        var datasets: [CountryDataset] = []
        for (config, result) in parsed {
            datasets.append(
                CountryDataset(
                    config: config,
                    stations: Validator(config: config).validate(result.stations, referenceTime: result.referenceTime)
                        .stations, referenceTime: result.referenceTime))
        }
        let validateSeconds = lap()
        parsed.removeAll()  // as in the build, the raw parse results are not kept past validation
        let kept = datasets.reduce(0) { $0 + $1.stations.count }

        // As the build: each country bucketed, sorted and encoded on its own, then each tile joined from them.
        let encoded = datasets.map { CountryTiles($0) }.sorted { $0.config.country < $1.config.country }
        datasets.removeAll()
        let encodeSeconds = lap()
        let keys = Set(encoded.flatMap(\.cellKeys)).sorted()
        var documents = keys.map { TileEncoder.joinTile(key: $0, countries: encoded) }
        let joinSeconds = lap()

        let compressed = documents.map { Gzip.compress($0) }
        let compressSeconds = lap()
        let jsonBytes = documents.reduce(0) { $0 + $1.count }
        documents.removeAll()

        // Writing is dominated by the disk, which varies: three rounds, alternating which way goes first, each into
        // a fresh folder, and the median of each way.
        var dataWrites: [Double] = []
        var posixWrites: [Double] = []
        for round in 0..<3 {
            for way in round % 2 == 0 ? [0, 1] : [1, 0] {
                let folder = scratch.appendingPathComponent("profile-tiles-\(round)-\(way)", isDirectory: true)
                try? FileManager.default.removeItem(at: folder)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                _ = lap()
                for (key, bytes) in zip(keys, compressed) {
                    let url = folder.appendingPathComponent("\(key).json")
                    if way == 0 { try Data(bytes).write(to: url) } else { try writePOSIX(bytes, to: url.path) }
                }
                if way == 0 { dataWrites.append(lap()) } else { posixWrites.append(lap()) }
            }
        }
        for round in 0..<3 {
            for way in 0..<2 {
                try? FileManager.default.removeItem(at: scratch.appendingPathComponent("profile-tiles-\(round)-\(way)"))
            }
        }
        let writeSeconds = BenchMath.median(dataWrites)
        let posixSeconds = BenchMath.median(posixWrites)

        let gzipBytes = compressed.reduce(0) { $0 + $1.count }
        return PhaseProfile(
            scale: scale,
            phases: [
                .init(name: "parse", seconds: parseSeconds, detail: "adapters, \(countries.count) countries"),
                .init(name: "validate", seconds: validateSeconds, detail: "\(kept) stations kept"),
                .init(
                    name: "encode", seconds: encodeSeconds,
                    detail: "each country's stations bucketed, sorted by id and written as JSON"),
                .init(
                    name: "join", seconds: joinSeconds,
                    detail: "\(keys.count) tiles, \(ByteCount.format(jsonBytes)) of JSON, joined from their countries"),
                .init(
                    name: "compress", seconds: compressSeconds,
                    detail: "libdeflate level \(Gzip.level) → \(ByteCount.format(gzipBytes))"),
                .init(
                    name: "write", seconds: posixSeconds,
                    detail: "\(keys.count) files with open/write/close, as the build does (median of 3)"),
                .init(
                    name: "(write with Data.write)", seconds: writeSeconds,
                    detail: "the same files through Foundation, which fsyncs each one, as builds did before "
                        + "main's 1d4023e (median of 3); not in the total",
                    aside: true),
            ],
            parseByCountry: parseByCountry, stations: kept, tiles: keys.count, jsonBytes: jsonBytes,
            gzipBytes: gzipBytes)
    }

    private static func writePOSIX(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw BenchError("cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            guard written > 0 else { throw BenchError("cannot write \(path): \(String(cString: strerror(errno)))") }
            offset += written
        }
    }
}
