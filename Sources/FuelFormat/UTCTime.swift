import Foundation

/// Formats and parses the one time format every file uses: `2025-09-27T16:05:47Z` (UTC, whole seconds).
///
/// Pure integer arithmetic (days from civil dates), so it is fast, thread-safe and locale-free.
public enum UTCTime {
    /// Formats seconds since 1970 as `YYYY-MM-DDTHH:MM:SSZ`.
    public static func format(seconds: Int64) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        append(seconds: seconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The days since 1970-01-01 and the second of that day, of seconds since 1970 (before 1970 too).
    package static func dayAndSecond(of seconds: Int64) -> (days: Int64, secondOfDay: Int64) {
        let days = floorDivide(seconds, 86_400)
        return (days, seconds - days * 86_400)
    }

    /// Appends `YYYY-MM-DDTHH:MM:SSZ` as UTF-8, without building a string (the tile writer's hot path).
    public static func append(seconds: Int64, to bytes: inout [UInt8]) {
        let (days, secondOfDay) = dayAndSecond(of: seconds)
        let (year, month, day) = civil(fromDays: days)
        if year < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(abs(year), width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(day, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(secondOfDay / 3600, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 3600 / 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Appends a date as ``append(seconds:to:)`` does, dropping fractions of a second.
    public static func append(_ date: Date, to bytes: inout [UInt8]) {
        append(seconds: Int64(date.timeIntervalSince1970.rounded(.down)), to: &bytes)
    }

    /// Formats a date, dropping fractions of a second.
    public static func format(_ date: Date) -> String {
        format(seconds: Int64(date.timeIntervalSince1970.rounded(.down)))
    }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ`; returns seconds since 1970, or nil for anything else.
    public static func parse(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A,
            bytes[16] == 0x3A, bytes[19] == 0x5A
        else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                let digit = bytes[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        return days(fromCivilYear: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    public static func days(fromCivilYear year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian (year, month, day) of a day count since 1970-01-01; the inverse of
    /// ``days(fromCivilYear:month:day:)``.
    public static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Division rounding towards minus infinity, for days and hours before 1970.
    public static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    /// Appends a non-negative number in decimal, zero-padded to at least `width` digits.
    private static func appendDigits(_ value: Int64, width: Int, to bytes: inout [UInt8]) {
        var divisor: Int64 = 1
        var digits = 1
        while digits < width || value / divisor >= 10 {
            divisor *= 10
            digits += 1
        }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}
