import Foundation
import FuelClient
import FuelFormat

/// What the phone reads (`fuel-bench phone`, issue 39), from one build of both formats: cold 10 km lookups at
/// published stations against the floor of their answer (the first read), and cold lookups along routes of about
/// 300 km between published stations.
public struct PhoneReport: Sendable, Codable, Equatable, BenchReport {
    /// The machine, commit and command line (quoted in the report's section of BENCHMARKS.md).
    public var run: BenchRun
    public var scale: Double
    /// The first read: lookups, their radius, and each format's figures.
    public var lookups: Int
    public var radiusKm: Double
    public var firstRead: [ColdLookupFigures]
    /// The routes: how many, their lengths, the buffer, and each format's figures.
    public var routes: Int
    public var routeLengthKm: Spread
    public var bufferKm: Double
    public var alongRoutes: [ColdLookupFigures]
    /// The watch lists: how many, of how many stations, and each format's figures.
    public var watchLists: Int
    public var watchListSize: Int
    public var watched: [WatchListFigures]
}

/// Runs the phone benchmark.
public enum PhoneBench {
    /// What to measure: the build to read; the first read's lookups and radius; the routes, their length and buffer.
    public struct Options: Sendable {
        public var build: BothFormatsBuild
        public var lookups = 100
        public var radiusKm = 10.0
        public var routes = 30
        public var lengthKm = 300.0
        public var bufferKm = 5.0
        public var watchLists = 30
        public var watchListSize = 10

        public init(_ build: BothFormatsBuild) { self.build = build }
    }

    /// Generates feeds, builds both formats, and runs each kind of lookup cold in each format.
    /// - Throws: ``BenchError`` when generating, building or a lookup fails, or no route of the length exists.
    public static func run(_ options: Options, log: (String) -> Void) async throws -> PhoneReport {
        let out = try options.build.make(log: log)
        let stations = try LookupBench.publishedStations(out.appendingPathComponent("fuel"))
        let locations = stations.map { ($0.latitude, $0.longitude) }
        guard !locations.isEmpty else { throw BenchError("no station in \(out.path)/fuel") }
        var rng = SplitMix64(options.build.seed, SplitMix64.tag("first read"))
        let points = (0..<options.lookups).map { _ in locations[rng.below(locations.count)] }
        let routes = try draw(options, from: locations)
        var watchRng = SplitMix64(options.build.seed, SplitMix64.tag("watch lists"))
        let lists = WatchListFigures.draw(
            options.watchLists, of: options.watchListSize,
            from: stations.map {
                StationReference(id: $0.id, cell: Grid.standard.key(latitude: $0.latitude, longitude: $0.longitude))
            }, rng: &watchRng)
        var (firstRead, alongRoutes) = ([ColdLookupFigures](), [ColdLookupFigures]())
        var watched: [WatchListFigures] = []
        for format in [1, 2] {
            // Format 2 twice: through index.json, as a reader released before roots (the figure before R15), then
            // through root.json.
            for beforeRoots in format == 1 ? [false] : [true, false] {
                let reads = beforeRoots ? " through index.json" : ""
                log("format \(format)\(reads): \(points.count) cold lookups of \(options.radiusKm) km")
                firstRead.append(
                    try await ColdLookupFigures.measure(
                        format: format, base: out, count: points.count, beforeRoots: beforeRoots
                    ) { client, index in
                        try await client.stationsAround(
                            latitude: points[index].0, longitude: points[index].1, radiusKm: options.radiusKm)
                    })
            }
            log("format \(format): \(routes.count) routes, cold")
            alongRoutes.append(
                try await ColdLookupFigures.measure(format: format, base: out, count: routes.count) { client, index in
                    try await client.stationsAlong(route: routes[index], bufferKm: options.bufferKm)
                })
            log("format \(format): \(lists.count) watch lists of \(options.watchListSize) stations, cold then warm")
            watched.append(try await WatchListFigures.measure(format: format, base: out, lists: lists))
        }
        return PhoneReport(
            run: .current(publisher: options.build.publisher), scale: options.build.scale, lookups: points.count,
            radiusKm: options.radiusKm, firstRead: firstRead, routes: routes.count,
            routeLengthKm: Spread(routes.map { $0.segmentLengthsKm.reduce(0, +) }), bufferKm: options.bufferKm,
            alongRoutes: alongRoutes, watchLists: lists.count, watchListSize: options.watchListSize, watched: watched)
    }

    /// Routes from a published station to another whose great-circle distance is within 10 % of the length, each a
    /// track with a point about every kilometre, as a phone's GPS or a router gives it.
    /// - Throws: ``BenchError`` when no two stations lie about that far apart.
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
}
