import Foundation
import FuelFormat

/// One station of a lookup, with its great-circle distance from the query point.
public struct NearbyStation: Sendable, Hashable, Encodable {
    public var station: Station
    /// Haversine distance from the query point, in kilometres (``Earth/distanceKm(fromLatitude:longitude:toLatitude:longitude:)``).
    public var distanceKm: Double

    public init(station: Station, distanceKm: Double) {
        self.station = station
        self.distanceKm = distanceKm
    }

    private enum CodingKeys: String, CodingKey { case station, distanceKm }

    /// Writes the distance rounded to metres; the station as the tile contract spells it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode((distanceKm * 1000).rounded() / 1000, forKey: .distanceKm)
        try container.encode(station, forKey: .station)
    }
}

/// How the client settled one cell that the query circle touches.
public enum TileOutcome: String, Sendable, Hashable, Codable {
    /// The index does not list the cell: no stations there, nothing was fetched.
    case notListed = "not-listed"
    /// A current copy: fresh from the server, confirmed by a 304, or within its trust period; for format 2, the file
    /// with the hash the index names, fetched or cached.
    case ok
    /// Format 1 only: the server answered 404 for a cell the index lists and no copy was cached (the cell was pruned
    /// after the index was read): no stations, remembered for 5 minutes. ``NearbyResult/emptyTiles`` lists them, so
    /// an app can tell an answer that may lack stations. With a cached copy the outcome is ``stale`` instead. Format 2
    /// never reads a 404 as an empty cell: it reads the index again, or fails.
    case empty
    /// Format 1 only: the server could not be reached or failed; an older cached copy was used instead. A format-2
    /// tile is never stale: a cached copy is the file itself.
    case stale
}

/// The answer to ``TileClient/stationsAround(latitude:longitude:radiusKm:fuel:brand:limit:)``.
public struct NearbyResult: Sendable, Hashable, Encodable {
    /// Stations inside the radius, nearest first (ties by id), filtered and limited.
    public var stations: [NearbyStation]
    /// The outcome of every cell the query touched, by cell.
    public var tiles: [TileKey: TileOutcome]
    /// When the index in use was built.
    public var indexBuiltAt: Date
    /// Why the index could not be refreshed (`HTTP 503`, a transport error) when an older copy was used; nil when
    /// the index is current.
    public var indexStaleReason: String?
    /// Why each stale cell could not be refreshed, by cell.
    public var staleTileReasons: [TileKey: String]
    /// The published format the answer was read from: 1 (`fuel/`) or 2 (`fuel/v2/`).
    public var formatVersion: Int

    /// A result, as ``TileClient`` builds it.
    public init(
        stations: [NearbyStation],
        tiles: [TileKey: TileOutcome],
        indexBuiltAt: Date,
        indexStaleReason: String? = nil,
        staleTileReasons: [TileKey: String] = [:],
        formatVersion: Int = TileFormat.version
    ) {
        self.stations = stations
        self.tiles = tiles
        self.indexBuiltAt = indexBuiltAt
        self.indexStaleReason = indexStaleReason
        self.staleTileReasons = staleTileReasons
        self.formatVersion = formatVersion
    }

    /// True when the index could not be refreshed and an older copy was used.
    public var indexIsStale: Bool { indexStaleReason != nil }

    /// Cells answered from an older cached copy because the server failed, sorted.
    public var staleTiles: [TileKey] { tiles.filter { $0.value == .stale }.keys.sorted() }

    /// Cells the index lists that answered 404 with nothing cached: their stations may be missing from the answer.
    public var emptyTiles: [TileKey] { tiles.filter { $0.value == .empty }.keys.sorted() }

    /// True when any part of the answer (a tile or the index) is an older copy kept because a refresh failed.
    public var isStale: Bool { indexIsStale || !staleTiles.isEmpty }

    /// Each stale file, by its path below `fuel/` (`tiles/76_-18.json`, then `index.json`, or `v2/index.json` for
    /// format 2), and why it could not be refreshed. Format 2's tiles are never stale: they never change.
    public var staleReasons: [(path: String, reason: String)] {
        let indexPath = formatVersion == SnapshotFormat.version ? RemoteFile.snapshotIndex.path : TileFormat.indexPath
        return staleTiles.map { (TileFormat.tilePath($0), staleTileReasons[$0] ?? "the refresh failed") }
            + (indexStaleReason.map { [(indexPath, $0)] } ?? [])
    }

    private enum CodingKeys: String, CodingKey {
        case format, stale, staleTiles, staleReasons, indexIsStale, indexBuiltAt, tiles, stations
    }

    /// `{"format":2, "stale":…, "staleTiles":[…], "staleReasons":{"tiles/76_-18.json":"HTTP 500"}, "indexIsStale":…,
    /// "indexBuiltAt":"…", "tiles":{"77_-19":"ok"}, "stations":[…]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(formatVersion, forKey: .format)
        try container.encode(isStale, forKey: .stale)
        try container.encode(staleTiles.map(\.description), forKey: .staleTiles)
        try container.encode(
            Dictionary(uniqueKeysWithValues: staleReasons.map { ($0.path, $0.reason) }), forKey: .staleReasons)
        try container.encode(indexIsStale, forKey: .indexIsStale)
        try container.encode(UTCTime.format(indexBuiltAt), forKey: .indexBuiltAt)
        try container.encode(
            Dictionary(uniqueKeysWithValues: tiles.map { ($0.key.description, $0.value.rawValue) }), forKey: .tiles)
        try container.encode(stations, forKey: .stations)
    }
}
