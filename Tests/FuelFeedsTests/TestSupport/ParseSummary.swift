import Foundation
import FuelFeeds

/// What a whole parse came to, compared as one value in the tests of whole samples and captures: the records read,
/// the stations made, whether nothing was rejected, and the newest time in the feed.
struct ParseSummary: Equatable {
    var records: Int
    var stations: Int
    var nothingRejected: Bool
    /// As `FeedRun.utc` reads it: `2025-09-27T16:05:47Z`.
    var referenceTime: Date

    init(records: Int, stations: Int, nothingRejected: Bool = true, referenceTime: String) {
        self.records = records
        self.stations = stations
        self.nothingRejected = nothingRejected
        self.referenceTime = FeedRun.utc(referenceTime)
    }

    init(_ result: FeedParseResult) {
        records = result.records
        stations = result.stations.count
        nothingRejected = result.rejects.isEmpty
        referenceTime = result.referenceTime
    }
}
