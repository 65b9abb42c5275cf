import Foundation
import FuelClient
import FuelCodecs
import FuelFormat
import FuelPublishing

/// What a phone's first read costs (`fuel-bench first-read`, issue 39): cold 10 km lookups at published stations,
/// the body bytes read against the floor, the gzipped JSON of the stations the lookup returns, and the requests, in
/// each format.
public struct FirstReadReport: Sendable, Codable, Equatable, BenchReport {
    /// One format's figures over every lookup.
    public struct Format: Sendable, Codable, Equatable {
        /// `1` or `2`.
        public var format: Int
        /// Body bytes read ÷ the floor, per lookup.
        public var ratio: Spread
        /// Requests per lookup (any answer).
        public var requests: Spread
        /// Body bytes per lookup.
        public var bytes: Spread
        /// The floor per lookup: `[` the returned stations' JSON, as published, `]`, gzipped as the build does.
        public var floor: Spread
    }

    /// The machine, commit and command line (quoted in the report's section of BENCHMARKS.md).
    public var run: BenchRun
    public var scale: Double
    public var lookups: Int
    public var radiusKm: Double
    public var formats: [Format]

}

/// Runs the first-read benchmark.
public enum FirstReadBench {
    /// What to measure: the build to read, and the lookups and their radius.
    public struct Options: Sendable {
        public var build: BothFormatsBuild
        public var lookups = 100
        public var radiusKm = 10.0

        public init(_ build: BothFormatsBuild) { self.build = build }
    }

    /// Generates feeds, builds both formats, and looks up each point cold in each format.
    /// - Throws: ``BenchError`` when generating, building or a lookup fails.
    public static func run(_ options: Options, log: (String) -> Void) async throws -> FirstReadReport {
        let out = try options.build.make(log: log)
        let locations = try LookupBench.stationLocations(out.appendingPathComponent("fuel"))
        guard !locations.isEmpty else { throw BenchError("no station in \(out.path)/fuel") }
        var rng = SplitMix64(options.build.seed, SplitMix64.tag("first read"))
        let points = (0..<options.lookups).map { _ in locations[rng.below(locations.count)] }
        var formats: [FirstReadReport.Format] = []
        for (format, read) in [(1, ReadFormat.v1), (2, ReadFormat.v2)] {
            log("format \(format): \(points.count) cold lookups of \(options.radiusKm) km")
            let transport = SwitchingTransport(base: out)
            var (ratios, requests, bytes, floors) = ([Double](), [Double](), [Double](), [Double]())
            for (latitude, longitude) in points {
                transport.reset()
                let client = TileClient(base: out, transport: transport, policy: BothFormatsBuild.policy, format: read)
                let result: NearbyResult
                do {
                    result = try await client.stationsAround(
                        latitude: latitude, longitude: longitude, radiusKm: options.radiusKm)
                } catch {
                    throw BenchError("the lookup at \(latitude), \(longitude) failed in format \(format): \(error)")
                }
                let floor = Double(floorBytes(of: result.stations.map(\.station)))
                requests.append(Double(transport.counts.requests))
                bytes.append(Double(transport.counts.bytes))
                floors.append(floor)
                ratios.append(Double(transport.counts.bytes) / max(floor, 1))
            }
            formats.append(
                FirstReadReport.Format(
                    format: format, ratio: Spread(ratios), requests: Spread(requests), bytes: Spread(bytes),
                    floor: Spread(floors)))
        }
        return FirstReadReport(
            run: .current(publisher: options.build.publisher), scale: options.build.scale,
            lookups: points.count, radiusKm: options.radiusKm, formats: formats)
    }

    /// The gzipped bytes of `[` the stations' JSON as a tile holds them, comma-separated, `]`: what the answer
    /// would cost if it were sent alone.
    static func floorBytes(of stations: [Station]) -> Int {
        var json: [UInt8] = [UInt8(ascii: "[")]
        for (position, station) in stations.enumerated() {
            if position > 0 { json.append(UInt8(ascii: ",")) }
            json += TileEncoder.encode(station)
        }
        json.append(UInt8(ascii: "]"))
        return Gzip.compress(json).count
    }
}
