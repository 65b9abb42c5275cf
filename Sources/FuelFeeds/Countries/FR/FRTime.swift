import FuelCodecs

/// The FR feed's wall-clock times: `2024-05-08 12:30:00`, `2021-01-08T10:20:52`, `2013-09-23 09:19:53.795804`.
///
/// The date and time may be separated by `T` or a space; fractions of a second are allowed and dropped. The fields
/// are read by ``WallTime``, so an unpadded day, month or hour is accepted as in every other feed. There is never an
/// offset: the times are Europe/Paris local time, converted by ``LocalClock``.
enum FRTime {
    /// Seconds since 1970 (UTC), or nil when the bytes are not such a time.
    static func utcSeconds(_ bytes: UnsafeBufferPointer<UInt8>, clock: inout LocalClock) -> Int64? {
        var text = Text.trimmed(bytes)
        if let dot = text.lastIndex(of: 0x2E) {
            let fraction = text[(dot + 1)...]
            guard !fraction.isEmpty, fraction.allSatisfy({ $0 &- 0x30 < 10 }) else { return nil }
            text = UnsafeBufferPointer(rebasing: text[..<dot])
        }
        guard
            let wall = WallTime.parse(text, pattern: "yyyy-MM-dd HH:mm:ss")
                ?? WallTime.parse(text, pattern: "yyyy-MM-ddTHH:mm:ss")
        else { return nil }
        return wall.utcSeconds(&clock)
    }
}
