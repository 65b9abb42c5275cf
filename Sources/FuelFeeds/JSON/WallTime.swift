/// A local wall-clock time read from fixed-width text such as `27/09/2025 18:05:47` or `2025-09-27 18:05`.
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

    /// Parses text that matches a pattern exactly: `yyyy`, `MM`, `dd`, `HH`, `mm`, `ss` are digits, any other
    /// pattern character must appear as is. Surrounding spaces are ignored.
    /// - Returns: nil when the shape differs or a field is out of range (month 13, 31 April, hour 24, …).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, pattern: StaticString) -> WallTime? {
        var low = 0
        var high = bytes.count
        while low < high && bytes[low] == 0x20 { low += 1 }
        while high > low && bytes[high - 1] == 0x20 { high -= 1 }
        let shape = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
        guard high - low == shape.count else { return nil }
        var time = WallTime(year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0)
        for index in 0..<shape.count {
            let letter = shape[index]
            let byte = bytes[low + index]
            let digit = Int(byte &- 0x30)
            switch letter {
            case 0x79: time.year = time.year * 10 + digit  // y
            case 0x4D: time.month = time.month * 10 + digit  // M
            case 0x64: time.day = time.day * 10 + digit  // d
            case 0x48: time.hour = time.hour * 10 + digit  // H
            case 0x6D: time.minute = time.minute * 10 + digit  // m
            case 0x73: time.second = time.second * 10 + digit  // s
            default:
                guard byte == letter else { return nil }
                continue
            }
            guard digit < 10 else { return nil }
        }
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
