import Foundation

/// How long the client trusts what it has without asking the server again, and how much it keeps in memory.
public struct TileCachePolicy: Sendable, Hashable {
    /// A tile is used without a request for this long (6 hours), then revalidated with its ETag / Last-Modified.
    public var tileTrust: TimeInterval
    /// A 404 (empty cell) is remembered for this long (5 minutes).
    public var emptyTrust: TimeInterval
    /// The index is used without a request for this long (5 minutes, its `max-age`).
    public var indexTrust: TimeInterval
    /// Parsed files kept in memory; the least recently used beyond this are dropped (and re-read from the cache
    /// directory when needed again).
    public var filesInMemory: Int
    /// Seconds a whole lookup may take, the index and every tile, before it is cancelled (30).
    public var lookupDeadline: TimeInterval

    public init(
        tileTrust: TimeInterval = 6 * 3600,
        emptyTrust: TimeInterval = 300,
        indexTrust: TimeInterval = 300,
        filesInMemory: Int = 256,
        lookupDeadline: TimeInterval = 30
    ) {
        self.tileTrust = tileTrust
        self.emptyTrust = emptyTrust
        self.indexTrust = indexTrust
        self.filesInMemory = max(filesInMemory, 2)
        self.lookupDeadline = lookupDeadline
    }

    public static let standard = TileCachePolicy()
}
