import FuelFormat

/// Turns E-Control `openingHours` entries into the machine-readable `openingHours` (``OpeningHours``' subset), only
/// where they say everything:
///
/// 1. Every entry has a known day code (`MO`…`SO`, `FE` for public holidays) and both times as `HH:MM`.
/// 2. All seven weekdays are listed; a day the feed leaves out gives nil, since the feed does not say whether it is
///    closed (the readable text leaves it out the same way).
/// 3. A day whose only entry is `00:00-00:00` is closed (`off`), as in the readable text; `00:00-00:00` beside a
///    real span, or a span that ends when it starts, gives nil.
/// 4. `00:00-23:59` is the whole day, `00:00-24:00`, as the readable text reads it.
/// 5. `FE` becomes the `PH` rule; without `FE` there is no `PH` rule.
enum ATOpeningHours {
    /// - Parameter entries: (day code, from, to) as the feed gives them.
    static func value(_ entries: [(day: String, from: String, to: String)]) -> String? {
        var spans = Array(repeating: [OpeningHours.Span](), count: 8)
        var closed = Array(repeating: false, count: 8)
        var listed = Array(repeating: false, count: 8)
        for entry in entries {
            guard let index = OpeningHoursText.dayIndex(entry.day), let from = OpeningHours.minutes(entry.from),
                var to = OpeningHours.minutes(entry.to)
            else { return nil }
            listed[index] = true
            if from == 0 && to == 0 {
                closed[index] = true
                continue
            }
            if from == 0 && to == 23 * 60 + 59 { to = 24 * 60 }
            guard let span = OpeningHours.Span(start: from, end: to) else { return nil }
            if !spans[index].contains(span) { spans[index].append(span) }
        }
        guard listed[0..<7].allSatisfy({ $0 }) else { return nil }
        for day in 0..<8 where closed[day] && !spans[day].isEmpty { return nil }
        let ordered = spans.map { $0.sorted { ($0.start, $0.end) < ($1.start, $1.end) } }
        return OpeningHours(week: Array(ordered[0..<7]), holidays: listed[7] ? ordered[7] : nil).text
    }
}
