import FuelCodecs
import FuelFormat

/// Turns an FR `<horaires>` element into the readable `hours` text.
///
/// The rule:
/// - `automate-24-24="1"` (a card-operated pump that works around the clock) gives `24/7 automat` first.
/// - Each `<jour>` (id 1…7 = Monday…Sunday) gives `Mo`…`Su` followed by its intervals `HH:MM-HH:MM` joined by
///   `,`, in the order of the feed; the feed's `06.30` becomes `06:30`. An interval that closes when it opens
///   (`00.00-00.00`, `01.00-01.00`) or runs from `00.00` to `23.59` means open all day and reads `00:00-24:00`.
/// - `ferme="1"` reads `closed`. A day that is neither closed nor has an interval says nothing and is left out;
///   a malformed time is left out too (and counted by the caller).
/// - Consecutive days with the same text merge into a range: `Mo-Fr 07:30-21:00`.
/// - All seven days open all day read `24/7` (the tile format's word for always open), which also covers the
///   automat.
/// - Parts are joined by `; `, for example `24/7 automat; Mo-Fr 06:30-20:00; Sa 07:00-12:30; Su closed`.
/// - No automat and no day with something to say gives nil.
struct FRHours: Equatable {
    /// One `<jour>`.
    struct Day: Equatable {
        var id: Int
        var closed: Bool
        /// `HH:MM-HH:MM` texts, already converted.
        var intervals: [String] = []
        /// True when one of its `<horaire>` had a malformed time (and was left out).
        var malformed = false
    }

    var automat = false
    var days: [Day] = []

    private static let dayNames = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]

    /// `06.30` or `06:30` as `06:30`; nil when malformed.
    static func clockTime(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let text = Text.trimmed(bytes)
        guard text.count == 5 || text.count == 4, text[text.count - 3] == 0x2E || text[text.count - 3] == 0x3A,
            let hour = ByteNumbers.integer(UnsafeBufferPointer(rebasing: text[0..<(text.count - 3)])),
            let minute = ByteNumbers.integer(UnsafeBufferPointer(rebasing: text[(text.count - 2)...])),
            hour <= 24, minute < 60
        else { return nil }
        return (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    /// One interval; an interval that closes when it opens means the whole day.
    static func interval(opening: String, closing: String) -> String {
        let allDay = opening == closing || (opening == "00:00" && (closing == "23:59" || closing == "24:00"))
        return allDay ? Self.allDay : opening + "-" + closing
    }

    private static let allDay = "00:00-24:00"

    /// True when all seven days, Monday to Sunday, are marked `ferme="1"`.
    var isClosedAllWeek: Bool {
        let closedDays = Set(days.filter { $0.closed }.map(\.id))
        return (1...7).allSatisfy(closedDays.contains)
    }

    /// The text, or nil when there is nothing to say.
    var text: String? {
        var runs: [(first: Int, last: Int, text: String)] = []
        for day in days.sorted(by: { $0.id < $1.id }) where (1...7).contains(day.id) {
            let text = day.closed ? "closed" : day.intervals.joined(separator: ",")
            if text.isEmpty { continue }
            if let last = runs.last, last.last == day.id - 1, last.text == text {
                runs[runs.count - 1].last = day.id
            } else {
                runs.append((day.id, day.id, text))
            }
        }
        if runs.count == 1 && runs[0].first == 1 && runs[0].last == 7 && runs[0].text == Self.allDay { return "24/7" }
        var parts: [String] = automat ? ["24/7 automat"] : []
        for run in runs {
            let first = Self.dayNames[run.first - 1]
            let name = run.first == run.last ? first : first + "-" + Self.dayNames[run.last - 1]
            parts.append(name + " " + run.text)
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// The machine-readable `openingHours` (``OpeningHours``' subset), only where the days say everything: each of
    /// the seven days given once, either `ferme="1"` with no interval or open with well-formed intervals. A day
    /// missing, given twice, marked closed while it has intervals, or with a malformed time gives nil, since the feed
    /// then does not say when the station is open. The automat is not in it (it is in ``text``): these are the
    /// station's opening hours.
    var openingHours: String? {
        var week: [[OpeningHours.Span]?] = Array(repeating: nil, count: 7)
        for day in days {
            guard (1...7).contains(day.id), week[day.id - 1] == nil, !day.malformed,
                day.closed == day.intervals.isEmpty
            else { return nil }
            var spans: [OpeningHours.Span] = []
            for interval in day.intervals {
                guard let span = Self.span(interval) else { return nil }
                spans.append(span)
            }
            week[day.id - 1] = spans
        }
        guard week.allSatisfy({ $0 != nil }) else { return nil }
        return OpeningHours(week: week).text
    }

    /// `HH:MM-HH:MM` (as ``interval(opening:closing:)`` writes it) as a span.
    private static func span(_ interval: String) -> OpeningHours.Span? {
        let ends = interval.split(separator: "-")
        guard ends.count == 2, let start = OpeningHours.minutes(String(ends[0])),
            let end = OpeningHours.minutes(String(ends[1]))
        else { return nil }
        return OpeningHours.Span(start: start, end: end)
    }
}
