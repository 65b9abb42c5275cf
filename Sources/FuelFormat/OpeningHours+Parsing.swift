extension OpeningHours {
    /// Reads a value written in the subset (``OpeningHours``' grammar); nil for anything outside it: another
    /// spelling, a wrapping day range, a weekday or `PH` named twice, a time out of range, a span that ends when it
    /// starts.
    public init?(parsing text: String) {
        if text == "24/7" {
            self = .twentyFourSeven
            return
        }
        var week: [[Span]?] = Array(repeating: nil, count: 7)
        var holidays: [Span]?
        for rule in text.split(separator: "; ", omittingEmptySubsequences: false) {
            guard let space = rule.firstIndex(of: " "),
                let spans = Self.times(rule[rule.index(after: space)...])
            else { return nil }
            let selector = rule[..<space]
            if selector == "PH" {
                guard holidays == nil else { return nil }
                holidays = spans
                continue
            }
            guard let days = Self.days(selector) else { return nil }
            for day in days {
                guard week[day] == nil else { return nil }
                week[day] = spans
            }
        }
        self.init(week: week, holidays: holidays)
    }

    /// `Mo-Fr,Su` as day indexes (0 = Monday); nil when malformed or wrapping.
    private static func days(_ text: Substring) -> [Int]? {
        var result: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false)
            guard ends.count <= 2, let first = dayNames.firstIndex(of: String(ends[0])) else { return nil }
            guard ends.count == 2 else {
                result.append(first)
                continue
            }
            guard let last = dayNames.firstIndex(of: String(ends[1])), last > first else { return nil }
            result += first...last
        }
        return result
    }

    /// `off`, `closed` (no spans) or `HH:MM-HH:MM` spans joined by `,`; nil when malformed.
    private static func times(_ text: Substring) -> [Span]? {
        if text == "off" || text == "closed" { return [] }
        var spans: [Span] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false)
            guard ends.count == 2, let start = minutes(String(ends[0])), let end = minutes(String(ends[1])),
                let span = Span(start: start, end: end)
            else { return nil }
            spans.append(span)
        }
        return spans
    }

    /// `HH:MM` (two digits each) as minutes after midnight, up to `24:00`; nil otherwise.
    public static func minutes(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":") else { return nil }
        let digits = [bytes[0], bytes[1], bytes[3], bytes[4]]
        guard digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        let values = digits.map { Int($0 - UInt8(ascii: "0")) }
        let hour = values[0] * 10 + values[1]
        let minute = values[2] * 10 + values[3]
        guard minute < 60, hour < 24 || (hour == 24 && minute == 0) else { return nil }
        return hour * 60 + minute
    }
}
