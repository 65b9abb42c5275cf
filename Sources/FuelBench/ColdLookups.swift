import Foundation
import FuelClient
import FuelCodecs
import FuelFormat
import FuelPublishing

/// What a phone's cold lookups cost in one format: a new client for each (nothing cached), its requests and body
/// bytes counted as a static host serves them, its time, and what it read and found.
public struct ColdLookupFigures: Sendable, Codable, Equatable {
    /// `1` or `2`.
    public var format: Int
    /// Format 2: the document the reader read first, `root.json` (R15) or `index.json` (a reader released before
    /// roots, measured with `root.json` answering 404); nil for format 1.
    public var readsFirst: String?
    /// Requests per lookup (the index, the sources document when one is needed, each tile), any answer.
    public var requests: Spread
    /// Body bytes per lookup.
    public var bytes: Spread
    /// Wall seconds per lookup, in process.
    public var seconds: Spread
    /// Cells the lookup covers (with a tile or not).
    public var cells: Spread
    /// Tiles read: the covered cells the index lists.
    public var tiles: Spread
    /// Stations found.
    public var stations: Spread
    /// The floor per lookup: `[` the stations found, as published, `]`, gzipped as the build gzips.
    public var floor: Spread
    /// Body bytes ÷ the floor, per lookup.
    public var ratio: Spread

    /// Runs `count` lookups cold against the build in `base`, in `format`; `lookup` makes the one of an index.
    /// - Throws: ``BenchError`` naming the format when a lookup fails.
    /// - Parameter beforeRoots: format 2 read as a reader released before roots does: `root.json` answers 404.
    static func measure(
        format: Int, base: URL, count: Int, beforeRoots: Bool = false,
        _ lookup: (TileClient, Int) async throws -> NearbyResult
    ) async throws -> ColdLookupFigures {
        let transport = SwitchingTransport(
            base: base, absent: beforeRoots ? ["fuel/\(Format2.folder)/\(Format2.rootPath)"] : [])
        var columns: [[Double]] = Array(repeating: [], count: 8)
        for index in 0..<count {
            transport.reset()
            let client = TileClient(
                base: base, transport: transport, policy: BothFormatsBuild.policy, format: format == 1 ? .v1 : .v2)
            let started = ProcessMeter.monotonicSeconds()
            let result: NearbyResult
            do {
                result = try await lookup(client, index)
            } catch {
                throw BenchError("lookup \(index + 1) failed in format \(format): \(error)")
            }
            let seconds = ProcessMeter.monotonicSeconds() - started
            let floor = Double(floorBytes(of: result.stations.map(\.station)))
            let counts = transport.counts
            let row = [
                Double(counts.requests), Double(counts.bytes), seconds, Double(result.tiles.count),
                Double(result.tiles.values.count { $0 != .notListed }), Double(result.stations.count), floor,
                Double(counts.bytes) / max(floor, 1),
            ]
            for (column, value) in row.enumerated() { columns[column].append(value) }
        }
        let spreads = columns.map(Spread.init)
        return ColdLookupFigures(
            format: format, readsFirst: format == 1 ? nil : beforeRoots ? Format2.indexPath : Format2.rootPath,
            requests: spreads[0], bytes: spreads[1], seconds: spreads[2], cells: spreads[3],
            tiles: spreads[4], stations: spreads[5], floor: spreads[6], ratio: spreads[7])
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
