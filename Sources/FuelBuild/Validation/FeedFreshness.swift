import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat

/// Refuses a feed that stopped moving: one whose newest time lags far behind the fetch that downloaded it.
///
/// A publisher that freezes (an export that still runs but repeats old prices, a stale mirror, a server that answers
/// 304 day after day) would otherwise be republished every day as if current. Price ages cannot catch it, because
/// they are measured against the feed's own reference time. The fetch time comes from the feeds manifest, so
/// hand-placed feeds (samples, tests) have none and are not checked.
public enum FeedFreshness {
    /// Throws when `referenceTime` is more than `maxAgeHours` before `fetchedAt`.
    /// - Parameters:
    ///   - fetchedAt: the country's fetch time from the manifest, `2026-11-30T05:17:00Z`.
    ///   - file: the feed folder, for the error.
    public static func check(
        country: String, file: String, referenceTime: Date, fetchedAt: String, maxAgeHours: Int
    ) throws(FeedError) {
        guard let fetchedSeconds = UTCTime.parse(fetchedAt) else {
            throw FeedError(
                country: country, file: file,
                reason: "the fetch manifest has an unreadable fetchedAt \"\(fetchedAt)\"; fetch the country again")
        }
        let lag = TimeInterval(fetchedSeconds) - referenceTime.timeIntervalSince1970
        guard lag > TimeInterval(maxAgeHours) * 3600 else { return }
        throw FeedError(
            country: country, file: file,
            reason: "the feed looks frozen: its newest time, \(UTCTime.format(referenceTime)), is \(describe(lag)) "
                + "older than the fetch at \(fetchedAt) (the limit is \(maxAgeHours) h in source.json); the "
                + "publisher may have stopped updating it. Check the feed, or pass --allow-stale-feeds to publish it")
    }

    /// Throws when every file of the country's last fetch has been byte-identical since more than `maxAgeHours`
    /// before that fetch (``FeedManifest/unchangedSince(country:)``).
    ///
    /// The check for a feed whose own times cannot show it froze: AT's prices carry no time, so its reference time
    /// is its fetch time and ``check(country:file:referenceTime:fetchedAt:maxAgeHours:)`` never fires. For the other
    /// countries it is a second opinion, since unchanged bytes also mean an unchanged newest time. Files the
    /// manifest does not date (fetched before the time was recorded) are not checked.
    public static func checkUnchanged(
        country: String, file: String, manifest: FeedManifest, fetchedAt: String, maxAgeHours: Int
    ) throws(FeedError) {
        guard let since = manifest.unchangedSince(country: country), let sinceSeconds = UTCTime.parse(since),
            let fetchedSeconds = UTCTime.parse(fetchedAt)
        else { return }
        let lag = TimeInterval(fetchedSeconds - sinceSeconds)
        guard lag > TimeInterval(maxAgeHours) * 3600 else { return }
        throw FeedError(
            country: country, file: file,
            reason: "the feed looks frozen: every response has been byte-identical to the previous fetch's since "
                + "\(since), \(describe(lag)) before the fetch at \(fetchedAt) (the limit is \(maxAgeHours) h in "
                + "source.json); the publisher may have stopped updating it. Check the feed, or pass "
                + "--allow-stale-feeds to publish it")
    }

    /// `72.5 h` up to four days, then `59 days`.
    static func describe(_ seconds: TimeInterval) -> String {
        let hours = seconds / 3600
        return hours < 96 ? String(format: "%.1f h", hours) : "\(Int(hours / 24)) days"
    }
}
