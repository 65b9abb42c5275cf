import Foundation
import FuelClient
import FuelFormat

/// What a lookup along a route costs the phone (`fuel-bench route`): for routes of about the given length between two
/// published stations, the requests and body bytes of a cold `stationsAlong` (a new client per route, nothing
/// cached) and its time, in each format.
public struct RouteLookupReport: Sendable, Codable, Equatable, BenchReport {
    /// One format's figures over every route.
    public struct Format: Sendable, Codable, Equatable {
        /// `1` or `2`.
        public var format: Int
        /// Requests per route (the index, the sources document when a lookup needs it, each tile), any answer.
        public var requests: Spread
        /// Cells the corridor covers per route (R12 of docs/format.md), with a tile or not.
        public var cells: Spread
        /// Tiles read per route: the corridor's cells that the index lists.
        public var tiles: Spread
        /// Body bytes per route.
        public var bytes: Spread
        /// Wall seconds per route, in process, files served from the disk.
        public var seconds: Spread
        /// Stations found per route.
        public var stations: Spread
    }

    /// The machine, commit and command line (quoted in the report's section of BENCHMARKS.md).
    public var run: BenchRun
    public var scale: Double
    public var routes: Int
    public var lengthKm: Spread
    public var bufferKm: Double
    public var formats: [Format]

}

/// Runs the route lookup benchmark.
public enum RouteLookupBench {
    /// What to measure: the build to read, and how many routes of about what length, with what buffer.
    public struct Options: Sendable {
        public var build: BothFormatsBuild
        public var routes = 30
        public var lengthKm = 300.0
        public var bufferKm = 5.0

        public init(_ build: BothFormatsBuild) { self.build = build }
    }

    /// Generates feeds, builds both formats, draws the routes and looks each one up cold in each format.
    /// - Throws: ``BenchError`` when generating, building or a lookup fails, or no route of the length exists.
    public static func run(_ options: Options, log: (String) -> Void) async throws -> RouteLookupReport {
        let out = try options.build.make(log: log)
        let routes = try draw(options, from: LookupBench.stationLocations(out.appendingPathComponent("fuel")))
        var formats: [RouteLookupReport.Format] = []
        for (format, read) in [(1, ReadFormat.v1), (2, ReadFormat.v2)] {
            log("format \(format): \(routes.count) routes, cold")
            formats.append(try await measure(routes, format: format, read: read, base: out, bufferKm: options.bufferKm))
        }
        return RouteLookupReport(
            run: .current(publisher: options.build.publisher), scale: options.build.scale,
            routes: routes.count, lengthKm: Spread(routes.map { $0.segmentLengthsKm.reduce(0, +) }),
            bufferKm: options.bufferKm,
            formats: formats)
    }

    /// Routes from a published station to another whose great-circle distance is within 10 % of the length, each a
    /// track with a point about every kilometre, as a phone's GPS or a router gives it.
    static func draw(_ options: Options, from locations: [(Double, Double)]) throws -> [Route] {
        guard locations.count >= 2 else { throw BenchError("too few stations to draw routes between") }
        var rng = SplitMix64(options.build.seed, SplitMix64.tag("route lookups"))
        var routes: [Route] = []
        var attempts = 0
        while routes.count < options.routes, attempts < options.routes * 2_000 {
            attempts += 1
            let (start, end) = (locations[rng.below(locations.count)], locations[rng.below(locations.count)])
            let distance = Earth.distanceKm(
                fromLatitude: start.0, longitude: start.1, toLatitude: end.0, longitude: end.1)
            guard abs(distance - options.lengthKm) <= options.lengthKm * 0.1 else { continue }
            let steps = max(1, Int(distance.rounded()))
            routes.append(
                Route(
                    points: (0...steps).map { step in
                        let share = Double(step) / Double(steps)
                        return Route.Point(
                            latitude: start.0 + (end.0 - start.0) * share,
                            longitude: start.1 + (end.1 - start.1) * share)
                    }))
        }
        guard !routes.isEmpty else {
            throw BenchError("no two published stations lie about \(options.lengthKm) km apart")
        }
        return routes
    }

    private static func measure(
        _ routes: [Route], format: Int, read: ReadFormat, base: URL, bufferKm: Double
    ) async throws -> RouteLookupReport.Format {
        let transport = SwitchingTransport(base: base)
        var (requests, cells, tiles, bytes) = ([Double](), [Double](), [Double](), [Double]())
        var (seconds, stations) = ([Double](), [Double]())
        for route in routes {
            transport.reset()
            let client = TileClient(base: base, transport: transport, policy: BothFormatsBuild.policy, format: read)
            let started = ProcessMeter.monotonicSeconds()
            let result: NearbyResult
            do {
                result = try await client.stationsAlong(route: route, bufferKm: bufferKm)
            } catch {
                throw BenchError("a lookup along a route failed in format \(format): \(error)")
            }
            seconds.append(ProcessMeter.monotonicSeconds() - started)
            requests.append(Double(transport.counts.requests))
            cells.append(Double(result.tiles.count))
            tiles.append(Double(result.tiles.values.count { $0 != .notListed }))
            bytes.append(Double(transport.counts.bytes))
            stations.append(Double(result.stations.count))
        }
        return RouteLookupReport.Format(
            format: format, requests: Spread(requests), cells: Spread(cells), tiles: Spread(tiles),
            bytes: Spread(bytes),
            seconds: Spread(seconds), stations: Spread(stations))
    }
}
