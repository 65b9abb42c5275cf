import Foundation
import FuelFormat

/// A country's trend (`docs/format.md` "Trends"), read through the index the client reads lookups through.
extension TileClient {
    /// The trend of `country` (a code such as `XX`) that the current index lists: each day's median, p10, p90, lowest price and
    /// station count per fuel and unit. A format-2 trend is held to the hash in its name like a tile. It is read
    /// afresh each time (a trend changes once a build, and is small); only the index is cached.
    /// - Returns: the trend, or nil when the index lists none for the country (a country not covered, an index of a
    ///   publisher before trends, or a carried country whose trend was lost).
    /// - Throws: ``NearbyError``: the index's codes as for a lookup; ``NearbyError/Code/hashMismatch`` for a format-2
    ///   trend that is not the document its name hashes; ``NearbyError/Code/trendUnavailable`` when the trend cannot
    ///   be fetched or read, is of a newer format, or is another country's.
    public func trend(of country: String) async throws(NearbyError) -> TrendFile? {
        let index = try await lookupIndex(refetch: false)
        guard let (path, nameHash) = index.trendFile(of: country) else { return nil }
        return try await document(at: path, nameHash: nameHash, unavailable: NearbyError.trendUnavailable) {
            (trend: TrendFile) in trend.country == country ? nil : "it is the trend of \(trend.country)"
        }
    }
}
