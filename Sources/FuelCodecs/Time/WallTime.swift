/// A local wall-clock time read from text such as `27/09/2025 18:05:47`, `13/09/2025 2:46:36` or `2025-09-27 18:05`.
public struct WallTime: Sendable, Equatable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Parses text against a pattern: `yyyy` is four digits; `MM`, `dd` and `HH` are one or two digits, since the
    /// publishers drop the leading zero (MITECO writes `13/09/2025 2:46:36`); `mm` and `ss` are two digits. Any other
    /// pattern character must appear as is. Surrounding spaces are ignored.
    /// - Returns: nil when the shape differs or a field is out of range (month 13, 31 April, hour 24, …).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, pattern: StaticString) -> WallTime? {
        var low = 0
        var high = bytes.count
        while low < high && bytes[low] == 0x20 { low += 1 }
        while high > low && bytes[high - 1] == 0x20 { high -= 1 }
        let shape = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
        var time = WallTime(year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0)
        var position = low
        var index = 0
        while index < shape.count {
            let letter = shape[index]
            var width = 1
            while index + width < shape.count && shape[index + width] == letter { width += 1 }
            index += width
            let unpaddable = letter == 0x4D || letter == 0x64 || letter == 0x48  // M d H
            guard letter == 0x79 || letter == 0x6D || letter == 0x73 || unpaddable else {  // y m s
                // Literal characters, matched one by one.
                for _ in 0..<width {
                    guard position < high, bytes[position] == letter else { return nil }
                    position += 1
                }
                continue
            }
            var value = 0
            var digits = 0
            while digits < width && position < high, case let digit = bytes[position] &- 0x30, digit < 10 {
                value = value * 10 + Int(digit)
                digits += 1
                position += 1
            }
            guard digits == width || (unpaddable && digits >= 1) else { return nil }
            switch letter {
            case 0x79: time.year = value
            case 0x4D: time.month = value
            case 0x64: time.day = value
            case 0x48: time.hour = value
            case 0x6D: time.minute = value
            default: time.second = value
            }
        }
        guard position == high else { return nil }
        return time.isValid ? time : nil
    }

    /// The same, for a `String`.
    public static func parse(_ text: String, pattern: StaticString) -> WallTime? {
        var text = text
        return text.withUTF8 { parse($0, pattern: pattern) }
    }

    /// True for a real calendar date and a time of day from 00:00:00 to 23:59:59.
    public var isValid: Bool {
        guard year >= 1970, (1...12).contains(month), day >= 1, hour < 24, minute < 60, second < 60 else {
            return false
        }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    /// Seconds since 1970 (UTC), reading this wall time in the clock's zone.
    public func utcSeconds(_ clock: inout LocalClock) -> Int64 {
        clock.utcSeconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
}
