/// A day of the proleptic Gregorian calendar, without a time or a zone.
public struct CivilDate: Sendable, Hashable, Comparable {
    /// The year, for example 2026.
    public var year: Int
    /// 1...12.
    public var month: Int
    /// 1...31.
    public var day: Int

    /// A date; `month` 1...12 and `day` valid in it.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD`.
    public var text: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    /// Whether `lhs` is the earlier day.
    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Days in `month` of `year`.
    public static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Easter Sunday of the Gregorian calendar (the anonymous algorithm, Meeus/Jones/Butcher).
    public static func easterSunday(of year: Int) -> CivilDate {
        let a = year % 19
        let b = year / 100
        let c = year % 100
        let d = b / 4
        let e = b % 4
        let f = (b + 8) / 25
        let g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let i = c / 4
        let k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31
        let day = (h + l - 7 * m + 114) % 31 + 1
        return CivilDate(year: year, month: month, day: day)
    }

    /// The date `days` later (earlier when negative).
    public func adding(days: Int) -> CivilDate {
        var result = self
        var left = days
        while left > 0 {
            result.day += 1
            if result.day > Self.days(inMonth: result.month, year: result.year) {
                result.day = 1
                result.month += 1
                if result.month > 12 {
                    result.month = 1
                    result.year += 1
                }
            }
            left -= 1
        }
        while left < 0 {
            result.day -= 1
            if result.day < 1 {
                result.month -= 1
                if result.month < 1 {
                    result.month = 12
                    result.year -= 1
                }
                result.day = Self.days(inMonth: result.month, year: result.year)
            }
            left += 1
        }
        return result
    }
}
