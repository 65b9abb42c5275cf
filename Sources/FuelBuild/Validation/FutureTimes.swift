import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat

/// Drops prices dated in the future, before anything is measured against them.
///
/// A price time more than a day after the fetch (or, for files placed by hand, after the files' modification time)
/// cannot be true, and the newest price time is most countries' reference time: a single row dated 2099 would make
/// every other price look decades old and drop it. Such prices are rejected and counted, and the reference time is
/// taken again from the prices that remain.
enum FutureTimes {
    /// How far after the fetch a price time may lie: clocks and time zones, not real future prices.
    static let tolerance: TimeInterval = 86_400

    /// The reject reason in the report.
    static let reason = Reason.priceAfterFetch(days: Int(tolerance / 86_400))

    /// The latest believable price time of a country: its manifest fetch time, else the newest modification time
    /// of its feed files, plus ``tolerance``; nil when neither is known.
    static func limit(fetchedAt: String?, folder: URL) -> Date? {
        if let fetchedAt, let seconds = UTCTime.parse(fetchedAt) {
            return Date(timeIntervalSince1970: TimeInterval(seconds) + tolerance)
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let newest = names.filter { !$0.hasPrefix(".") }.compactMap { name in
            (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path))?[
                .modificationDate] as? Date
        }.max()
        return newest.map { $0.addingTimeInterval(tolerance) }
    }

    /// The parse with future prices removed, the count removed, and the reference time moved back to the newest
    /// remaining price when it lay past the limit.
    static func drop(from parse: FeedParseResult, limit: Date) -> (parse: FeedParseResult, rejected: Int) {
        var rejected = 0
        var parse = parse
        for index in parse.stations.indices where parse.stations[index].prices.contains(where: { $0.updated > limit }) {
            let before = parse.stations[index].prices.count
            parse.stations[index].prices.removeAll { $0.updated > limit }
            rejected += before - parse.stations[index].prices.count
        }
        if parse.referenceTime > limit {
            let newest = parse.stations.lazy.flatMap(\.prices).map(\.updated).max()
            parse.referenceTime = newest ?? limit
            parse.notes.append(
                "the feed's reference time lay more than 1 day after the fetch; it is the newest believable price "
                    + "time instead, \(UTCTime.format(parse.referenceTime))")
        }
        return (parse, rejected)
    }
}
