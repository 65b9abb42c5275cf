/// The FR feed's wall-clock times: `2024-05-08 12:30:00`, `2021-01-08T10:20:52`, `2013-09-23 09:19:53.795804`.
///
/// The date and time may be separated by `T` or a space; fractions of a second are allowed and dropped. There is
/// never an offset: the times are Europe/Paris local time, converted by ``LocalClock``.
enum FRTime {
    /// Seconds since 1970 (UTC), or nil when the bytes are not such a time.
    static func utcSeconds(_ bytes: UnsafeBufferPointer<UInt8>, clock: inout LocalClock) -> Int64? {
        let text = Text.trimmed(bytes)
        guard text.count >= 19, text[4] == 0x2D, text[7] == 0x2D, text[10] == 0x54 || text[10] == 0x20,
            text[13] == 0x3A, text[16] == 0x3A
        else { return nil }
        if text.count > 19 {
            guard text[19] == 0x2E, text.count > 20 else { return nil }
            for index in 20..<text.count where text[index] &- 0x30 >= 10 { return nil }
        }
        func number(_ range: Range<Int>) -> Int? { ByteNumbers.integer(UnsafeBufferPointer(rebasing: text[range])) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        return clock.utcSeconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
}
