import Foundation
import FuelFormat

/// Whether a station is open at an instant, from its `openingHours` and `automatHours` (`docs/format.md`, "Reading
/// the data", R11).
public enum OpenState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Its `openingHours` say it is open (with staff).
    case open
    /// Open for card payment at the automat (its `automatHours` say so), while its staff hours say closed or cannot
    /// say.
    case automat
    /// Its hours say it is closed.
    case closed
    /// Its hours cannot say: it has no `openingHours`, they are outside the published subset, or they have a `PH`
    /// (public holiday) rule and the reader has no holiday list covering the day and the day before.
    case unknown

    /// The answer for a station's `openingHours` and `automatHours` at one local time of its own time zone:
    /// `open` when the opening hours say so, else `automat` when the automat hours say so, else what the opening
    /// hours say (`closed` or `unknown`).
    public static func of(
        _ openingHours: String?, automatHours: String? = nil, at time: LocalTime
    ) -> OpenState {
        let staffed = state(of: openingHours, at: time)
        if staffed == .open { return .open }
        if automatHours != nil, state(of: automatHours, at: time) == .open { return .automat }
        return staffed
    }

    /// The answer for `openingHours` at `localWeekday` (0 = Monday) and `localMinute` (minutes after midnight) of
    /// the station's own time zone, on a day nobody knows to be a holiday or not.
    public static func of(_ openingHours: String?, localWeekday: Int, localMinute: Int) -> OpenState {
        state(of: openingHours, at: LocalTime(weekday: localWeekday, minute: localMinute))
    }

    /// One value of the subset: open, closed, or unknown.
    private static func state(of text: String?, at time: LocalTime) -> OpenState {
        guard let text, let hours = OpeningHours(parsing: text) else { return .unknown }
        if hours.alwaysOpen { return .open }
        // A PH rule decides on a holiday; a day the list does not cover cannot be told (nil rule).
        func rule(weekday: Int, holiday: Bool?) -> [OpeningHours.Span]? {
            guard let spans = hours.holidays else { return hours.week[weekday] ?? [] }
            guard let holiday else { return nil }
            return holiday ? spans : hours.week[weekday] ?? []
        }
        guard let today = rule(weekday: time.weekday, holiday: time.isHoliday),
            let yesterday = rule(weekday: (time.weekday + 6) % 7, holiday: time.yesterdayIsHoliday)
        else { return .unknown }
        for span in today where time.minute >= span.start && (span.crossesMidnight || time.minute < span.end) {
            return .open
        }
        for span in yesterday where span.crossesMidnight && time.minute < span.end { return .open }
        return .closed
    }
}

/// A time on a station's own clock, as R11 reads it: the weekday, the minute, and whether the day and the day before
/// are public holidays (nil when no list says).
public struct LocalTime: Sendable, Hashable {
    /// 0 for Monday … 6 for Sunday.
    public var weekday: Int
    /// Minutes after midnight, 0...1439 (seconds dropped).
    public var minute: Int
    /// Whether the local date is a public holiday; nil when the list does not cover it.
    public var isHoliday: Bool?
    /// Whether the day before is; nil when the list does not cover it.
    public var yesterdayIsHoliday: Bool?

    /// A local time; the holidays unknown unless given.
    public init(weekday: Int, minute: Int, isHoliday: Bool? = nil, yesterdayIsHoliday: Bool? = nil) {
        self.weekday = weekday
        self.minute = minute
        self.isHoliday = isHoliday
        self.yesterdayIsHoliday = yesterdayIsHoliday
    }
}

extension Station {
    /// The IANA time zone of the station's clock, from its country's data (``CountryClock``): the area of the
    /// country holding the station, else the country's zone.
    public func timeZoneIdentifier(in clock: CountryClock) -> String {
        clock.timeZone(latitude: latitude, longitude: longitude)
    }

    /// Whether the station is open at `instant`, read in its own time zone (``timeZoneIdentifier(in:)``): `open`,
    /// `automat` (card payment only), `closed`, or `unknown` without hours, outside the subset, without a `clock`
    /// (its country has no zone in the data) or with a zone this platform does not know, or with a `PH` rule on a
    /// day the clock's holidays (its country's `publicHolidays` from `sources.json`) do not cover.
    public func openState(at instant: Date, clock: CountryClock?) -> OpenState {
        guard openingHours != nil || automatHours != nil, let clock,
            let zone = TimeZone(identifier: timeZoneIdentifier(in: clock))
        else { return .unknown }
        let holidays = clock.holidays
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .weekday, .hour, .minute], from: instant)
        guard let year = parts.year, let month = parts.month, let day = parts.day, let weekday = parts.weekday,
            let hour = parts.hour, let minute = parts.minute
        else { return .unknown }
        let date = CivilDate(year: year, month: month, day: day)
        // Calendar's weekday is 1 for Sunday; the syntax's week starts on Monday.
        let time = LocalTime(
            weekday: (weekday + 5) % 7, minute: hour * 60 + minute, isHoliday: holidays?.isHoliday(date.text),
            yesterdayIsHoliday: holidays?.isHoliday(date.adding(days: -1).text))
        return .of(openingHours, automatHours: automatHours, at: time)
    }
}
