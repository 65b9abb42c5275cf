import Foundation

/// How long the client trusts what it has without asking the server again, and how much it keeps in memory.
public struct TileCachePolicy: Sendable, Hashable {
    /// A format-1 tile is used without a request for this long (6 hours), then revalidated with its ETag /
    /// Last-Modified. A format-2 tile is never revalidated: its name is the hash of its JSON.
    public var tileTrust: TimeInterval
    /// A format-1 404 for a tile the index lists (a missing tile, ``TileOutcome/missing``) is remembered for this
    /// long (5 minutes). Format 2 never answers without a tile, and never remembers a 404.
    public var emptyTrust: TimeInterval
    /// The format-1 index is used without a request for this long (5 minutes, its `max-age`).
    public var indexTrust: TimeInterval
    /// The format-2 index, the only file of format 2 that changes, is used without a request for this long
    /// (60 seconds, its `max-age`).
    public var format2IndexTrust: TimeInterval
    /// Parsed files kept in memory; the least recently used beyond this are dropped (and re-read from the cache
    /// directory when needed again).
    public var filesInMemory: Int
    /// Seconds a whole lookup may take, the index and every tile, before it is cancelled (30).
    public var lookupDeadline: TimeInterval

    /// A policy; every period is in seconds.
    public init(
        tileTrust: TimeInterval = 6 * 3600,
        emptyTrust: TimeInterval = 300,
        indexTrust: TimeInterval = 300,
        format2IndexTrust: TimeInterval = 60,
        filesInMemory: Int = 256,
        lookupDeadline: TimeInterval = 30
    ) {
        self.tileTrust = tileTrust
        self.emptyTrust = emptyTrust
        self.indexTrust = indexTrust
        self.format2IndexTrust = format2IndexTrust
        self.filesInMemory = max(filesInMemory, 2)
        self.lookupDeadline = lookupDeadline
    }

    /// The periods above, as documented.
    public static let standard = TileCachePolicy()
}
