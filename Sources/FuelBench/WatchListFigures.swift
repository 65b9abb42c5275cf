import Foundation
import FuelClient
import FuelCodecs
import FuelFormat

/// What a watch list of stations costs the phone in one format (issue 39, R13): each list looked up by id with the
/// cells the app stored beside the ids, cold (a new client, nothing cached) and then warm (the same client again once
/// every trust period has passed, so that it asks about every file it holds: the index and, in format 1, each tile
/// with its ETag).
public struct WatchListFigures: Sendable, Codable, Equatable {
    /// `1` or `2`.
    public var format: Int
    /// Requests and body bytes of the cold lookup.
    public var coldRequests: Spread
    public var coldBytes: Spread
    /// Requests, body bytes and 304 answers of the warm lookup.
    public var warmRequests: Spread
    public var warmBytes: Spread
    public var warmNotModified: Spread
    /// Tiles the lists' stations sit in, and the stations of a list not found (none, in a build that holds them all).
    public var tiles: Spread
    public var missed: Spread

    /// A policy that trusts nothing it holds, so that the warm lookup asks again about every file.
    static let distrusting = TileCachePolicy(
        tileTrust: 0, emptyTrust: 0, indexTrust: 0, format2IndexTrust: 0, lookupDeadline: 3_600)

    /// Looks up each list cold, then warm, against the build in `base` in `format`.
    /// - Throws: ``BenchError`` naming the format and the list when a lookup fails.
    static func measure(format: Int, base: URL, lists: [[StationReference]]) async throws -> WatchListFigures {
        let transport = SwitchingTransport(base: base)
        var columns: [[Double]] = Array(repeating: [], count: 7)
        for (position, list) in lists.enumerated() {
            let client = TileClient(
                base: base, transport: transport, policy: distrusting, format: format == 1 ? .v1 : .v2)
            var row: [Double] = []
            var result: NearbyResult?
            for _ in 0..<2 {
                transport.reset()
                do {
                    result = try await client.stations(ids: list)
                } catch {
                    throw BenchError("watch list \(position + 1) failed in format \(format): \(error)")
                }
                let counts = transport.counts
                row += [Double(counts.requests), Double(counts.bytes)]
                if row.count == 4 { row.append(Double(counts.notModified)) }
            }
            row += [Double(Set(list.compactMap(\.cell)).count), Double(list.count - (result?.stations.count ?? 0))]
            for (column, value) in row.enumerated() { columns[column].append(value) }
        }
        let spreads = columns.map(Spread.init)
        return WatchListFigures(
            format: format, coldRequests: spreads[0], coldBytes: spreads[1], warmRequests: spreads[2],
            warmBytes: spreads[3], warmNotModified: spreads[4], tiles: spreads[5], missed: spreads[6])
    }

    /// `count` lists of `size` distinct published stations each, drawn with `rng`, each id with its cell.
    static func draw(
        _ count: Int, of size: Int, from stations: [StationReference], rng: inout SplitMix64
    ) -> [[StationReference]] {
        guard !stations.isEmpty else { return [] }
        return (0..<count).map { _ in
            var chosen: [StationReference] = []
            var seen = Set<String>()
            while chosen.count < min(size, stations.count) {
                let station = stations[rng.below(stations.count)]
                if seen.insert(station.id).inserted { chosen.append(station) }
            }
            return chosen
        }
    }
}
