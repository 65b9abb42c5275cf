import Foundation
import FuelFeeds

/// When a country is due to be fetched again, from its `refreshMinutes` and `refreshAfter` fetch settings: every
/// `refreshMinutes` after its last fetch, and, with `refreshAfter`, once a day from that local time on. A run that
/// fetches only what is due (`fetch --due`) leaves a country alone until then, its files and manifest entry as they
/// are.
public struct RefreshSchedule: Sendable, Equatable {
    /// Minutes from one fetch to the next; nil: no interval.
    public var minutes: Int?
    /// The local time from which the country is due once a day; nil: none.
    public var dailyAfter: (hour: Int, minute: Int)?
    /// The country's time zone, in which ``dailyAfter`` is read.
    public var timeZone: TimeZone

    /// The schedule of `transport`'s settings in `timeZone`; nil when it sets neither key (always due).
    public init?(_ transport: TransportSettings, timeZone: TimeZone) {
        guard transport.refreshMinutes != nil || transport.refreshAfter != nil else { return nil }
        minutes = transport.refreshMinutes
        dailyAfter = transport.refreshAfter.flatMap(TransportSettings.localTime)
        self.timeZone = timeZone
    }

    /// The first moment after `lastFetch` at which the country is due: the earlier of the interval's end and the
    /// next local ``dailyAfter`` time (a day with a DST change included).
    public func nextDue(after lastFetch: Date) -> Date {
        var candidates: [Date] = []
        if let minutes { candidates.append(lastFetch.addingTimeInterval(Double(minutes) * 60)) }
        if let dailyAfter {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let time = DateComponents(hour: dailyAfter.hour, minute: dailyAfter.minute, second: 0)
            // A local time that a spring-forward day skips is taken at the next moment that exists.
            if let next = calendar.nextDate(
                after: lastFetch, matching: time, matchingPolicy: .nextTime, direction: .forward)
            {
                candidates.append(next)
            }
        }
        return candidates.min() ?? lastFetch
    }

    /// Whether a country last fetched at `lastFetch` is due at `now`.
    public func isDue(lastFetch: Date, now: Date) -> Bool { now >= nextDue(after: lastFetch) }

    public static func == (lhs: RefreshSchedule, rhs: RefreshSchedule) -> Bool {
        lhs.minutes == rhs.minutes && lhs.dailyAfter?.hour == rhs.dailyAfter?.hour
            && lhs.dailyAfter?.minute == rhs.dailyAfter?.minute && lhs.timeZone == rhs.timeZone
    }
}
