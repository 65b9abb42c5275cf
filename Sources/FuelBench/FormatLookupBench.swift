import Foundation
import FuelClient
import FuelCodecs
import FuelFormat
import Synchronization

/// What a lookup costs the phone in each format: requests of any answer (200, 304, 404) and body bytes.
public struct FormatLookupStats: Sendable, Codable, Equatable {
    /// `1` or `2`.
    public var format: Int
    public var points: Int
    /// A new client per lookup, nothing cached.
    public var cold: FormatLookupPass
    /// One client with its disk cache, a day after it read every point once, the build since replaced by the 5%
    /// rebuild: what a phone that keeps its cache pays each day.
    public var warmAfterRebuild: FormatLookupPass
}

/// Compares format 1 and format 2 lookups over one build folder holding both (`--layout both`) and its rebuild.
enum FormatLookupBench {
    /// - Parameters:
    ///   - first: the first build's output folder (both formats).
    ///   - rebuilt: the rebuild's output folder (both formats), served in place of `first` for the warm pass.
    static func run(first: URL, rebuilt: URL, points: Int, seed: UInt64) async throws -> [FormatLookupStats] {
        var rng = SplitMix64(seed, SplitMix64.tag("format lookups"))
        let locations = try LookupBench.stationLocations(first.appendingPathComponent("fuel"))
        guard !locations.isEmpty else { throw BenchError("no station in \(first.path)/fuel") }
        let chosen = (0..<min(points, locations.count)).map { _ in locations[rng.below(locations.count)] }
        var results: [FormatLookupStats] = []
        for (format, layout) in [(1, ReadFormat.v1), (2, ReadFormat.v2)] {
            let transport = SwitchingTransport(base: first)
            let clock = Mutex(Date(timeIntervalSince1970: 1_796_101_200))
            let now: @Sendable () -> Date = { clock.withLock { $0 } }
            var coldRequests: [Double] = []
            var coldBytes: [Double] = []
            for (latitude, longitude) in chosen {
                transport.reset()
                let client = TileClient(base: first, transport: transport, format: layout, clock: now)
                _ = try await LookupBench.lookup(client, latitude, longitude, 10)
                coldRequests.append(Double(transport.counts.requests))
                coldBytes.append(Double(transport.counts.bytes))
            }
            let coldTotals = transport.totals
            let cache = FileManager.default.temporaryDirectory.appendingPathComponent("fuel-bench-\(UUID())")
            defer { try? FileManager.default.removeItem(at: cache) }
            let client = TileClient(
                base: first, cacheDirectory: cache, transport: transport, format: layout, clock: now)
            for (latitude, longitude) in chosen { _ = try await LookupBench.lookup(client, latitude, longitude, 10) }
            transport.serve(rebuilt)
            clock.withLock { $0 += 86_400 }
            transport.resetAll()
            var warmRequests: [Double] = []
            var warmBytes: [Double] = []
            for (latitude, longitude) in chosen {
                transport.reset()
                _ = try await LookupBench.lookup(client, latitude, longitude, 10)
                warmRequests.append(Double(transport.counts.requests))
                warmBytes.append(Double(transport.counts.bytes))
            }
            results.append(
                FormatLookupStats(
                    format: format, points: chosen.count, cold: pass(coldRequests, coldBytes, totals: coldTotals),
                    warmAfterRebuild: pass(warmRequests, warmBytes, totals: transport.totals)))
        }
        return results
    }

    private static func pass(_ requests: [Double], _ bytes: [Double], totals: SwitchingTransport.Counts)
        -> FormatLookupPass
    {
        FormatLookupPass(
            requestsPerLookup: Spread(requests), bytesPerLookup: Spread(bytes), requests: totals.requests,
            notModified: totals.notModified)
    }
}

/// Serves one build folder, then another in its place, as an S3 bucket or CDN would: the ETag of each file is the MD5
/// of its bytes, and a request with the current one in `If-None-Match` is answered 304. Counts every request and body
/// byte.
final class SwitchingTransport: TileTransport {
    struct Counts {
        var requests = 0
        var bytes = 0
        var notModified = 0

        mutating func add(_ response: TileResponse) {
            requests += 1
            bytes += response.body.count
            if response.status == 304 { notModified += 1 }
        }
    }
    private let base: URL
    private let root: Mutex<URL>
    private let lookup = Mutex(Counts())
    private let all = Mutex(Counts())

    /// Paths below the base that answer 404 whatever the folder holds: `fuel/v2/root.json` makes a reader of format 2
    /// read the index, as one released before roots (R15) does.
    private let absent: Set<String>

    init(base: URL, absent: Set<String> = []) {
        self.base = base
        self.absent = absent
        root = Mutex(base)
    }

    /// Serves `folder` from now on.
    func serve(_ folder: URL) { root.withLock { $0 = folder } }

    func send(_ request: TileRequest) async throws -> TileResponse {
        let relative = String(request.url.path.dropFirst(base.path.count))
        let file = root.withLock { $0 }.appendingPathComponent(relative).resolvingSymlinksInPath()
        let response: TileResponse
        if !absent.contains(relative.drop { $0 == "/" }.description),
            let data = FileManager.default.contents(atPath: file.path)
        {
            let etag = "\"\(Digest.hex(Digest.md5(data)))\""
            let sent = request.headers.first { $0.key.lowercased() == "if-none-match" }?.value
            response =
                sent == etag
                ? TileResponse(status: 304, headers: ["etag": etag])
                : TileResponse(status: 200, headers: ["etag": etag], body: data)
        } else {
            response = TileResponse(status: 404)
        }
        lookup.withLock { $0.add(response) }
        all.withLock { $0.add(response) }
        return response
    }

    var counts: Counts { lookup.withLock { $0 } }
    var totals: Counts { all.withLock { $0 } }
    func reset() { lookup.withLock { $0 = Counts() } }
    func resetAll() {
        reset()
        all.withLock { $0 = Counts() }
    }
}
