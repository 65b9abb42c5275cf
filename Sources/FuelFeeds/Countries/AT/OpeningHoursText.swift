/// Turns E-Control `openingHours` entries into compact text: `Mo-Fr 06:00-22:00; Sa 07:00-20:00; PH 08:00-18:00`.
///
/// The rule:
/// 1. Day codes `MO DI MI DO FR SA SO FE` become `Mo Tu We Th Fr Sa Su PH` (FE, Feiertag, is a public holiday).
///    Unknown codes and entries without both times are skipped.
/// 2. A day's times are its `from-to` spans, sorted and joined with `,` (`Mo 06:00-12:00,14:00-20:00`); times are
///    kept as the feed writes them, `24:00` included.
/// 3. A day whose only entry is `00:00-00:00` is closed, as real E-Control answers mark a closed day, and reads
///    `closed`; never a span.
/// 4. Consecutive weekdays (Monday to Sunday) with the same times form a range (`Mo-Fr`); days the feed does not
///    list are left out, since the feed does not say whether they are closed.
/// 5. Groups are joined with `; ` in weekday order, and the public-holiday group comes last.
/// 6. Open all day (`00:00-24:00` or `00:00-23:59`) on all seven days, and on holidays too or with no holiday entry,
///    is `24/7`, as for FR.
///
/// - Returns: nil when no entry is usable.
enum OpeningHoursText {
    static let dayNames = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su", "PH"]
    /// `from` and `to` of a closed day.
    static let closedMark = "00:00"

    /// The index (0 = Monday, 7 = public holiday) of an E-Control day code.
    static func dayIndex(_ code: String) -> Int? {
        switch code.uppercased() {
        case "MO": 0
        case "DI": 1
        case "MI": 2
        case "DO": 3
        case "FR": 4
        case "SA": 5
        case "SO": 6
        case "FE": 7
        default: nil
        }
    }

    /// - Parameter entries: (day code, from, to) as the feed gives them.
    static func format(_ entries: [(day: String, from: String, to: String)]) -> String? {
        var spans = Array(repeating: [String](), count: 8)
        var closed = Array(repeating: false, count: 8)
        for entry in entries {
            guard let index = dayIndex(entry.day), !entry.from.isEmpty, !entry.to.isEmpty else { continue }
            if entry.from == closedMark && entry.to == closedMark {
                closed[index] = true
                continue
            }
            let span = entry.from + "-" + entry.to
            if !spans[index].contains(span) { spans[index].append(span) }
        }
        let times = spans.indices.map { day in
            spans[day].isEmpty && closed[day] ? "closed" : spans[day].sorted().joined(separator: ",")
        }
        let allDay: Set = ["00:00-24:00", "00:00-23:59"]
        if times[0..<7].allSatisfy(allDay.contains) && (times[7].isEmpty || allDay.contains(times[7])) {
            return "24/7"
        }
        var groups: [String] = []
        var day = 0
        while day < 7 {
            guard !times[day].isEmpty else {
                day += 1
                continue
            }
            var last = day
            while last + 1 < 7 && times[last + 1] == times[day] { last += 1 }
            let days = last == day ? dayNames[day] : dayNames[day] + "-" + dayNames[last]
            groups.append(days + " " + times[day])
            day = last + 1
        }
        if !times[7].isEmpty { groups.append("PH " + times[7]) }
        return groups.isEmpty ? nil : groups.joined(separator: "; ")
    }
}
