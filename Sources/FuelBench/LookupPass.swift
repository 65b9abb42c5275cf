import Foundation

/// One pass of ``LookupBench`` over its points (``LookupStats/cold`` or ``LookupStats/warm``): what each lookup
/// fetched, and the pass's totals.
public struct LookupPass: Sendable, Codable, Equatable {
    /// Tile files fetched per lookup (200 answers for `tiles/…`).
    public var tiles: Spread
    /// Gzipped tile bytes per lookup.
    public var bytes: Spread
    /// Index fetches in the whole pass and their bytes.
    public var indexFetches: Int
    public var indexBytes: Int
    /// Wall time of the pass.
    public var seconds: Double
}
