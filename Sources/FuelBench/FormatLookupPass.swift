import Foundation

/// One pass of ``FormatLookupBench`` in one format (``FormatLookupStats/cold`` or
/// ``FormatLookupStats/warmAfterRebuild``): per-lookup figures, and the pass's totals.
public struct FormatLookupPass: Sendable, Codable, Equatable {
    /// Requests per lookup.
    public var requestsPerLookup: Spread
    /// Body bytes per lookup.
    public var bytesPerLookup: Spread
    /// Requests of the whole pass, and how many were revalidations answered 304.
    public var requests: Int
    public var notModified: Int
}
