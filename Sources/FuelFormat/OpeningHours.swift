/// A station's `openingHours`: the subset of OpenStreetMap's `opening_hours` syntax that the tiles publish
/// (`docs/format.md`, "Opening hours for machines").
///
/// The grammar, every rule separated by `"; "`:
///
/// ```
/// value    = "24/7" | rule *("; " rule)
/// rule     = selector " " times
/// selector = "PH" | days *("," days)
/// days     = day ["-" day]              ; Mo Tu We Th Fr Sa Su, a range never wraps past Su
/// times    = "off" | "closed" | span *("," span)
/// span     = time "-" time              ; start 00:00-23:59, end 00:00-24:00, never equal;
///                                       ; an end at or before the start runs past midnight
/// time     = 2DIGIT ":" 2DIGIT
/// ```
///
/// Each weekday is named by at most one rule and `PH` by at most one, so no rule overrides another. A day no rule
/// names is closed, as in OpenStreetMap.
public struct OpeningHours: Sendable, Hashable {
    /// One opening span in minutes of the day: `start` 0...1439, `end` 0...1440, never equal; `end <= start` runs
    /// past midnight into the next day, until `end` (`22:00-00:00` closes at midnight).
    public struct Span: Sendable, Hashable {
        /// Minutes after midnight when it opens.
        public var start: Int
        /// Minutes after midnight when it closes, 1440 for `24:00`.
        public var end: Int

        /// A span; nil unless `start` is 0...1439, `end` 0...1440 and they differ.
        public init?(start: Int, end: Int) {
            guard (0..<1440).contains(start), (0...1440).contains(end), start != end else { return nil }
            self.start = start
            self.end = end
        }

        /// Whether it runs past midnight into the next day.
        public var crossesMidnight: Bool { end <= start }

        /// `HH:MM-HH:MM`.
        public var text: String { Self.clock(start) + "-" + Self.clock(end) }

        static func clock(_ minutes: Int) -> String {
            let hour = minutes / 60
            let minute = minutes % 60
            return (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
        }
    }

    /// The weekdays' names in the syntax, Monday first.
    public static let dayNames = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]

    /// True for `24/7`: always open, holidays included.
    public var alwaysOpen: Bool
    /// Monday to Sunday: nil when no rule names the day (closed), empty for `off` or `closed`, else its spans.
    public var week: [[Span]?]
    /// The `PH` rule's spans (empty for `off`/`closed`), or nil when there is none.
    public var holidays: [Span]?

    /// Always open: `24/7`.
    public static let twentyFourSeven = OpeningHours(alwaysOpen: true, week: Array(repeating: nil, count: 7))

    /// Hours from each weekday's spans (nil: not named; empty: closed) and an optional `PH` rule.
    public init(week: [[Span]?], holidays: [Span]? = nil) {
        precondition(week.count == 7, "a week has seven days")
        self.init(alwaysOpen: false, week: week, holidays: holidays)
    }

    private init(alwaysOpen: Bool, week: [[Span]?], holidays: [Span]? = nil) {
        self.alwaysOpen = alwaysOpen
        self.week = week
        self.holidays = holidays
    }

    /// Whether every weekday is named and open all day (`00:00-24:00`), with no `PH` rule or an all-day one:
    /// ``text`` then writes `24/7`.
    var isAllDayEveryDay: Bool {
        let allDay = [Span(start: 0, end: 1440)!]
        return week.allSatisfy { $0 == allDay } && (holidays == nil || holidays == allDay)
    }

    /// The value in the subset, in its canonical spelling: consecutive days with the same times merged into a range,
    /// days in weekday order, `PH` last, `off` for a closed day. Nil when no rule names anything.
    public var text: String? {
        if alwaysOpen || isAllDayEveryDay { return "24/7" }
        var rules: [String] = []
        var day = 0
        while day < 7 {
            guard let spans = week[day] else {
                day += 1
                continue
            }
            var last = day
            while last + 1 < 7 && week[last + 1] == spans { last += 1 }
            let days = last == day ? Self.dayNames[day] : Self.dayNames[day] + "-" + Self.dayNames[last]
            rules.append(days + " " + Self.times(spans))
            day = last + 1
        }
        if let holidays { rules.append("PH " + Self.times(holidays)) }
        return rules.isEmpty ? nil : rules.joined(separator: "; ")
    }

    private static func times(_ spans: [Span]) -> String {
        spans.isEmpty ? "off" : spans.map(\.text).joined(separator: ",")
    }
}
