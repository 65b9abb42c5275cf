import FuelFormat

/// Reads the common patterns of MITECO's free-text `Horario` into the machine-readable `openingHours`
/// (``OpeningHours``' subset); anything else gives nil, and the adapter counts it.
///
/// The patterns, which cover all but two of the 1,255 distinct values of a national response:
/// - rules `<days>: <times>` joined by `; `, for example `L-V: 06:00-22:00; S: 07:00-15:00`;
/// - days one letter, `L M X J V S D` (Monday to Sunday), alone or as a range `L-V` that does not wrap;
/// - times `24H` (the whole day) or spans `H:MM-HH:MM` joined by ` y ` (`07:00-13:00 y 15:00-21:00`); an hour of one
///   digit gains its zero; a span that ends at or before its start runs past midnight (`06:00-01:00`), one that ends
///   when it starts is refused.
///
/// Each day may be named once. Days the text does not name are closed, as the text says by leaving them out and as
/// the OpenStreetMap syntax reads them: `L-V: 08:00-14:00` becomes `Mo-Fr 08:00-14:00`. Every day `24H` is `24/7`.
enum ESOpeningHours {
    private static let dayLetters: [Character] = ["L", "M", "X", "J", "V", "S", "D"]

    /// The `openingHours` value of `text`, or nil when it is not one of the patterns.
    static func value(_ text: String) -> String? {
        var week: [[OpeningHours.Span]?] = Array(repeating: nil, count: 7)
        for rule in text.split(separator: "; ", omittingEmptySubsequences: false) {
            let parts = rule.split(separator: ": ", omittingEmptySubsequences: false)
            guard parts.count == 2, let days = days(parts[0]), let spans = spans(parts[1]) else { return nil }
            for day in days {
                guard week[day] == nil else { return nil }
                week[day] = spans
            }
        }
        return OpeningHours(week: week).text
    }

    /// `L` or `L-V` as day indexes, Monday 0.
    private static func days(_ text: Substring) -> ClosedRange<Int>? {
        let ends = text.split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count <= 2, ends.allSatisfy({ $0.count == 1 }),
            let first = dayLetters.firstIndex(of: ends[0].first!)
        else { return nil }
        guard ends.count == 2 else { return first...first }
        guard let last = dayLetters.firstIndex(of: ends[1].first!), last > first else { return nil }
        return first...last
    }

    /// `24H` or spans joined by ` y `.
    private static func spans(_ text: Substring) -> [OpeningHours.Span]? {
        if text == "24H" { return [OpeningHours.Span(start: 0, end: 1440)!] }
        var spans: [OpeningHours.Span] = []
        for part in text.split(separator: " y ", omittingEmptySubsequences: false) {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false)
            guard ends.count == 2, let start = minutes(ends[0]), let end = minutes(ends[1]),
                let span = OpeningHours.Span(start: start, end: end)
            else { return nil }
            spans.append(span)
        }
        return spans
    }

    /// `H:MM` or `HH:MM`, up to `24:00`, as minutes.
    private static func minutes(_ text: Substring) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts[0].allSatisfy(\.isASCII), parts[1].allSatisfy(\.isASCII),
            let hour = Int(parts[0]), let minute = Int(parts[1]), hour >= 0, minute >= 0, minute < 60,
            hour < 24 || (hour == 24 && minute == 0)
        else { return nil }
        return hour * 60 + minute
    }
}
