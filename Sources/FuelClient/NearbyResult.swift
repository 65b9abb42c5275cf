import Foundation
import FuelFormat

/// One station of a lookup, with its great-circle distance from the query point, or, along a route, its distance
/// from the route and along it. Only the client makes one.
public struct NearbyStation: Sendable, Hashable, Encodable {
    /// The station, as its tile publishes it.
    public var station: Station
    /// Haversine distance from the query point, in kilometres (``Earth/distanceKm(fromLatitude:longitude:toLatitude:longitude:)``);
    /// along a route, the distance from the route (``Route/Position/offKm``).
    public var distanceKm: Double

    /// Along a route: the distance along it, from its first point to the point nearest the station, in km
    /// (``Route/Position/alongKm``); nil for a lookup around a point.
    public var alongKm: Double?

    /// Along a route: the detour, there and back, twice ``distanceKm``; nil for a lookup around a point.
    public var detourKm: Double? { alongKm.map { _ in 2 * distanceKm } }

    /// For a lookup of one fuel, the price to show and the station's other prices of it (``DisplayedPrice``, the
    /// rule of `docs/format.md`); nil for a lookup of every fuel, where ``Station/displayedPrice(of:)`` gives it.
    public var displayed: DisplayedPrice?

    /// For a lookup of stations open at an instant, whether this one is ``OpenState/open``,
    /// ``OpenState/automat`` or ``OpenState/unknown`` then (closed ones are left out); nil for any other lookup.
    public var open: OpenState?

    private enum CodingKeys: String, CodingKey { case station, distanceKm, alongKm, detourKm, displayed, open }

    /// Writes the distance rounded to metres; the station as the tile contract spells it; `displayed` only for a
    /// lookup of one fuel; `open` only for a lookup of open stations; `alongKm` and `detourKm` (rounded to metres)
    /// only along a route.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let metres = { (km: Double) in (km * 1000).rounded() / 1000 }
        try container.encode(metres(distanceKm), forKey: .distanceKm)
        try container.encodeIfPresent(alongKm.map(metres), forKey: .alongKm)
        try container.encodeIfPresent(detourKm.map(metres), forKey: .detourKm)
        try container.encode(station, forKey: .station)
        try container.encodeIfPresent(displayed, forKey: .displayed)
        try container.encodeIfPresent(open, forKey: .open)
    }
}

/// How the client settled one cell that the query circle touches.
public enum TileOutcome: String, Sendable, Hashable, Codable {
    /// The index does not list the cell: no stations there, nothing was fetched.
    case notListed = "not-listed"
    /// A current copy: fresh from the server, confirmed by a 304, or within its trust period; for format 2, the file
    /// with the hash the index names, fetched or cached.
    case ok
    /// Format 1 only: the server (or the build folder) answered 404 for a cell the index lists and no copy was cached
    /// (the cell was pruned after the index was read): the answer lacks whatever stations the cell had, and the 404
    /// is remembered for 5 minutes (``TileCachePolicy/emptyTrust``). ``NearbyResult/missingTiles`` lists such cells,
    /// so an app can tell a partial answer. With a cached copy the outcome is ``stale`` instead. Format 2 never
    /// answers without a tile: it reads the index again, and fails.
    case missing

    /// The name of ``missing`` before it said what it means: the cell is not known to be empty.
    @available(*, deprecated, renamed: "missing")
    public static var empty: TileOutcome { .missing }
    /// Format 1 only: the server could not be reached or failed; an older cached copy was used instead. A format-2
    /// tile is never stale: a cached copy is the file itself.
    case stale
}

/// The answer to ``TileClient/stationsAround(latitude:longitude:radiusKm:fuel:brand:limit:)``.
public struct NearbyResult: Sendable, Hashable, Encodable {
    /// Stations inside the radius, filtered, in the lookup's order (nearest first, ties by id, or cheapest first), and
    /// limited.
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
    /// For a lookup by id (``TileClient/stations(ids:fuel:)``), what became of each id asked for, in the order
    /// asked; nil for any other lookup.
    public var ids: [WatchedStation]?
    /// Whether the index read was format 2's root (R15), so that a stale index is `v2/root.json`.
    var indexFromRoot = false

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

    /// Cells the index lists whose tile answered 404 with nothing cached (format 1 only), sorted: their stations are
    /// missing from the answer.
    public var missingTiles: [TileKey] { tiles.filter { $0.value == .missing }.keys.sorted() }

    /// The name of ``missingTiles`` before it said what it lists.
    @available(*, deprecated, renamed: "missingTiles")
    public var emptyTiles: [TileKey] { missingTiles }

    /// True when the answer lacks the stations of cells the index lists (``missingTiles``): show it as incomplete.
    public var isPartial: Bool { !missingTiles.isEmpty }

    /// True when any part of the answer (a tile or the index) is an older copy kept because a refresh failed.
    public var isStale: Bool { indexIsStale || !staleTiles.isEmpty }

    /// Each stale file, by its path below `fuel/` (`tiles/76_-18.json`, then `index.json`, or `v2/root.json` or
    /// `v2/index.json` for format 2), and why it could not be refreshed. Format 2's tiles are never stale: they never change.
    public var staleReasons: [(path: String, reason: String)] {
        let indexPath =
            formatVersion != Format2.version
            ? TileFormat.indexPath : indexFromRoot ? RemoteFile.format2Root.path : RemoteFile.format2Index.path
        return staleTiles.map { (TileFormat.tilePath($0), staleTileReasons[$0] ?? "the refresh failed") }
            + (indexStaleReason.map { [(indexPath, $0)] } ?? [])
    }

    private enum CodingKeys: String, CodingKey {
        case format, partial, missingTiles, stale, staleTiles, staleReasons, indexIsStale, indexBuiltAt, tiles, ids
        case stations
    }

    /// `{"format":2, "partial":…, "missingTiles":[…], "stale":…, "staleTiles":[…],
    /// "staleReasons":{"tiles/76_-18.json":"HTTP 500"}, "indexIsStale":…, "indexBuiltAt":"…", "tiles":{"77_-19":"ok"},
    /// "ids":[…] (a lookup by id only), "stations":[…]}`, as `docs/format.md` documents under "A lookup's answer".
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(formatVersion, forKey: .format)
        try container.encode(isPartial, forKey: .partial)
        try container.encode(missingTiles, forKey: .missingTiles)
        try container.encode(isStale, forKey: .stale)
        try container.encode(staleTiles, forKey: .staleTiles)
        try container.encode(
            Dictionary(uniqueKeysWithValues: staleReasons.map { ($0.path, $0.reason) }), forKey: .staleReasons)
        try container.encode(indexIsStale, forKey: .indexIsStale)
        try container.encode(UTCTime.format(indexBuiltAt), forKey: .indexBuiltAt)
        try container.encode(
            Dictionary(uniqueKeysWithValues: tiles.map { ($0.key.description, $0.value.rawValue) }), forKey: .tiles)
        try container.encodeIfPresent(ids, forKey: .ids)
        try container.encode(stations, forKey: .stations)
    }
}
