import Foundation
import FuelClient
import FuelCodecs
import FuelFormat
import Synchronization

/// What the phone pays per lookup: files fetched and gzipped bytes, over many points.
public struct LookupStats: Sendable, Codable, Equatable {
    public var points: Int
    public var radiusKm: Double
    /// Cells the 10 km circle's box covers, largest over all points (listed or not).
    public var cellsMax: Int
    /// Stations found per lookup, median.
    public var stationsMedian: Double
    /// A new client per lookup: nothing cached.
    public var cold: LookupPass
    /// One client with its disk cache for all lookups, in random order: what a phone that keeps its cache pays.
    public var warm: LookupPass
}

/// Runs the client's `stationsAround` over points sampled from published station locations.
public enum LookupBench {
    /// - Parameters:
    ///   - base: the build output folder holding `fuel/`.
    ///   - points: how many lookups (stations sampled without replacement, by seed).
    /// - Throws: ``BenchError`` when the build is unreadable or a lookup fails.
    public static func run(base: URL, points: Int = 1_000, radiusKm: Double = 10, seed: UInt64 = 1) async throws
        -> LookupStats
    {
        let locations = try stationLocations(base.appendingPathComponent("fuel"))
        guard !locations.isEmpty else { throw BenchError("no station in \(base.path)/fuel") }
        var rng = SplitMix64(seed, SplitMix64.tag("lookups"))
        var pool = Array(locations.indices)
        var chosen: [(Double, Double)] = []
        while chosen.count < min(points, locations.count) {
            let position = rng.below(pool.count)
            chosen.append(locations[pool[position]])
            pool.swapAt(position, pool.count - 1)
            pool.removeLast()
        }
        let cellsMax =
            chosen.map { Grid.standard.cellsCovering(latitude: $0.0, longitude: $0.1, radiusKm: radiusKm).count }
            .max() ?? 0

        let counter = CountingTransport()
        var stationCounts: [Double] = []
        var coldTiles: [Double] = []
        var coldBytes: [Double] = []
        var started = ProcessMeter.monotonicSeconds()
        for (latitude, longitude) in chosen {
            counter.reset()
            // Format 1, which the bench builds and samples: its counts are not format 2's, nor include a probe for it.
            let client = TileClient(base: base, transport: counter, format: .v1)
            let result = try await lookup(client, latitude, longitude, radiusKm)
            stationCounts.append(Double(result.stations.count))
            let (tiles, bytes) = counter.tiles()
            coldTiles.append(Double(tiles))
            coldBytes.append(Double(bytes))
        }
        let coldIndex = counter.indexTotals()
        let cold = pass(coldTiles, coldBytes, index: coldIndex, seconds: ProcessMeter.monotonicSeconds() - started)

        counter.resetAll()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("fuel-bench-cache-\(UUID())")
        try? FileManager.default.removeItem(at: cache)
        defer { try? FileManager.default.removeItem(at: cache) }
        let shared = TileClient(base: base, cacheDirectory: cache, transport: counter, format: .v1)
        var warmTiles: [Double] = []
        var warmBytes: [Double] = []
        started = ProcessMeter.monotonicSeconds()
        for (latitude, longitude) in chosen {
            counter.reset()
            _ = try await lookup(shared, latitude, longitude, radiusKm)
            let (tiles, bytes) = counter.tiles()
            warmTiles.append(Double(tiles))
            warmBytes.append(Double(bytes))
        }
        let warm = pass(
            warmTiles, warmBytes, index: counter.indexTotals(), seconds: ProcessMeter.monotonicSeconds() - started)
        return LookupStats(
            points: chosen.count, radiusKm: radiusKm, cellsMax: cellsMax,
            stationsMedian: BenchMath.median(stationCounts), cold: cold, warm: warm)
    }

    /// One `stationsAround` of `client`, its failure named by the point.
    /// - Throws: ``BenchError`` when the lookup fails.
    static func lookup(_ client: TileClient, _ latitude: Double, _ longitude: Double, _ radius: Double)
        async throws -> NearbyResult
    {
        do {
            return try await client.stationsAround(latitude: latitude, longitude: longitude, radiusKm: radius)
        } catch {
            throw BenchError("lookup at \(latitude), \(longitude) failed: \(error)")
        }
    }

    private static func pass(_ tiles: [Double], _ bytes: [Double], index: (Int, Int), seconds: Double)
        -> LookupPass
    {
        LookupPass(
            tiles: Spread(tiles), bytes: Spread(bytes), indexFetches: index.0, indexBytes: index.1, seconds: seconds)
    }

    /// Every published station's position, in tile then id order.
    static func stationLocations(_ published: URL) throws -> [(Double, Double)] {
        try publishedStations(published).map { ($0.latitude, $0.longitude) }
    }

    /// Every station of the format-1 tiles of a build, tile by tile in the order of their paths.
    /// - Throws: ``BenchError`` naming a tile that cannot be read.
    static func publishedStations(_ published: URL) throws -> [Station] {
        let root = published.resolvingSymlinksInPath()
        var stations: [Station] = []
        for path in CompressionFloorMeter.publishedFiles(root) where PublishedPath(path).kind == .tile {
            let bytes = [UInt8](FileManager.default.contents(atPath: root.appendingPathComponent(path).path) ?? Data())
            do {
                stations += try JSONDecoder().decode(Tile.self, from: Data(try Gzip.decompress(bytes))).stations
            } catch {
                throw BenchError("cannot read \(path): \(error)")
            }
        }
        return stations
    }
}

/// Serves a build folder like ``DirectoryTransport`` and counts what was fetched.
final class CountingTransport: TileTransport {
    private struct Counts {
        var tiles = 0
        var tileBytes = 0
        var indexFetches = 0
        var indexBytes = 0
    }
    private let inner = DirectoryTransport()
    private let counts = Mutex(Counts())

    func send(_ request: TileRequest) async throws -> TileResponse {
        let response = try await inner.send(request)
        guard response.status == 200 else { return response }
        counts.withLock { counts in
            if request.url.path.hasSuffix("/index.json") {
                counts.indexFetches += 1
                counts.indexBytes += response.body.count
            } else if request.url.path.contains("/tiles/") {
                counts.tiles += 1
                counts.tileBytes += response.body.count
            }
        }
        return response
    }

    /// Clears the per-lookup tile counts.
    func reset() {
        counts.withLock {
            $0.tiles = 0
            $0.tileBytes = 0
        }
    }

    /// Clears everything.
    func resetAll() { counts.withLock { $0 = Counts() } }

    func tiles() -> (Int, Int) { counts.withLock { ($0.tiles, $0.tileBytes) } }
    func indexTotals() -> (Int, Int) { counts.withLock { ($0.indexFetches, $0.indexBytes) } }
}
