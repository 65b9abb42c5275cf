import Foundation
import FuelFeeds
import FuelFormat
import Synchronization

/// The politeness budget of every publisher: how many requests fetching sent to each country in the current UTC
/// day, kept in `DIR/requests.json` from run to run, and the fetch settings that bound it
/// (`maxRequestsPerDay`, `minInterval`).
///
/// Every request counts, retries and answers of 304 included; `fetch --check`'s light probes do not. A request
/// past a country's `maxRequestsPerDay` is refused with an error naming the country, which fails its fetch like
/// any other (its previous files stay). A fetch sooner than `minInterval` after the country's last one (its
/// `fetchedAt` in the manifest) is refused before it sends anything, and leaves the manifest as it was.
public final class RequestBudget: Sendable {
    /// The ledger's file name in the feeds folder.
    public static let fileName = "requests.json"

    /// What `requests.json` holds.
    public struct Ledger: Sendable, Codable, Equatable {
        public var version = 1
        /// The UTC day counted, `YYYY-MM-DD`.
        public var day: String
        /// Requests sent to each country's publisher that day.
        public var requests: [String: Int]

        public init(day: String, requests: [String: Int] = [:]) {
            self.day = day
            self.requests = requests
        }
    }

    private let file: URL
    private let ledger: Mutex<Ledger>

    /// The ledger of `feedsDirectory` for the UTC day of `now`: the saved counts when they are that day's, else
    /// none. An unreadable ledger counts from zero, since refusing every fetch for it would help no one.
    public init(feedsDirectory: URL, now: Date) {
        file = feedsDirectory.appendingPathComponent(Self.fileName)
        let day = String(UTCTime.format(now).prefix(10))
        let saved = FileManager.default.contents(atPath: file.path).flatMap {
            try? JSONDecoder().decode(Ledger.self, from: $0)
        }
        ledger = Mutex(saved?.day == day ? saved! : Ledger(day: day))
    }

    /// The requests counted for `country` today.
    public func requests(_ country: String) -> Int { ledger.withLock { $0.requests[country] ?? 0 } }

    /// Counts one request to `country`'s publisher.
    /// - Throws: ``FetchError`` naming the country when `limit` requests were sent today already.
    func claim(_ country: String, limit: Int?, file: String) throws(FetchError) {
        let refused = ledger.withLock { ledger -> Int? in
            let sent = ledger.requests[country] ?? 0
            if let limit, sent >= limit { return sent }
            ledger.requests[country] = sent + 1
            return nil
        }
        if let sent = refused {
            throw FetchError(
                country: country, file: file,
                reason: "\(country)'s politeness budget is spent: \(sent) requests sent on \(ledger.withLock(\.day)) "
                    + "(UTC), the most its fetch setting maxRequestsPerDay allows; the request was not sent")
        }
    }

    /// Writes the counts to `requests.json`, atomically.
    /// - Throws: ``FetchError`` when it cannot be written.
    func save() throws(FetchError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            try encoder.encode(ledger.withLock { $0 }).write(to: file, options: .atomic)
        } catch {
            throw FetchError(
                country: "-", file: file.path, reason: "cannot save the request counts: \(ErrorText.describe(error))")
        }
    }

    /// Why a fetch of `country` at `now` is too soon after its last one, `lastFetch`; nil when it may run.
    static func tooSoon(
        _ country: String, lastFetch: String?, now: Date, minInterval: Double?, file: String
    ) -> FetchError? {
        guard let minInterval, let lastFetch, let seconds = UTCTime.parse(lastFetch) else { return nil }
        let waited = now.timeIntervalSince1970 - TimeInterval(seconds)
        guard waited < minInterval else { return nil }
        let next = UTCTime.format(Date(timeIntervalSince1970: TimeInterval(seconds) + minInterval))
        return FetchError(
            country: country, file: file,
            reason: "\(country) was fetched at \(lastFetch), \(NumberText.plain(waited.rounded(.down))) s ago; its "
                + "fetch setting minInterval asks \(NumberText.plain(minInterval)) s between fetches, so nothing "
                + "was sent (next allowed at \(next))")
    }
}
