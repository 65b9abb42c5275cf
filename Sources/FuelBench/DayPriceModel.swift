import Foundation
import Synchronization

/// The simulated day's clock: every part of the run (feeds, fetch, build, upload, phone) reads it, and only the

/// How prices change during the simulated day.
///

/// Each station draws a threshold once; it changes its prices (by 0.5 to 4 cents, each fuel, once in the span) when

/// the country's cumulative changed share passes its threshold. The share grows by ``daytimeRate`` per hour from

/// 07:00 to 21:00 local time and by ``nightRate`` per hour otherwise: about 47 % of stations change a price in a day,

/// a few percent an hour in daytime, a trickle at night. A feed published at a moment holds every change made before

/// it (``FeedGenerator`` with nested changes), so each change has a known first-published time at the feed.
struct DayPriceModel: Sendable {
    static let daytimeRate = 0.03
    static let nightRate = 0.005

    var start: Date
    var scale: Double
    var seed: UInt64

    /// The share of the country's stations whose prices changed between ``start`` and `moment`.
    func changedShare(_ country: String, at moment: Date) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = BenchCountries.timeZone(country)
        var share = 0.0
        var cursor = start
        while cursor < moment {
            let next = min(moment, cursor.addingTimeInterval(600))
            let hour = calendar.component(.hour, from: cursor)
            let rate = (7..<21).contains(hour) ? Self.daytimeRate : Self.nightRate
            share += rate * next.timeIntervalSince(cursor) / 3_600
            cursor = next
        }
        return min(1, share)
    }

    /// The generator's options for the country's feed as published at `moment`: the feeds' reference time stays the
    /// start of the day, so only the changed stations differ from one publication to the next.
    func generatorOptions(_ country: String, at moment: Date, output: URL) -> GeneratorOptions {
        var options = GeneratorOptions(
            scale: scale, seed: seed, output: output, referenceTime: Int64(start.timeIntervalSince1970),
            changedFraction: changedShare(country, at: moment), countries: [country])
        options.nestedChanges = true
        return options
    }

}
