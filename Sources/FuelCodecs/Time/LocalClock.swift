import Foundation
import FuelFormat

/// Converts wall-clock times of one IANA zone to UTC, as the feeds give local times with no offset.
///
/// Offsets are looked up once per local hour and cached, so converting 100,000 prices costs a few hundred
/// time-zone lookups. Times in a DST gap move forward; times in the repeated hour take the earlier (summer) offset.
public struct LocalClock: Sendable {
    public let zone: TimeZone
    private var offsets: [Int64: Int64] = [:]

    /// - Returns: nil when the identifier is not a known zone.
    public init?(zoneIdentifier: String) {
        guard let zone = TimeZone(identifier: zoneIdentifier) else { return nil }
        self.zone = zone
    }

    /// Seconds since 1970 (UTC) of a local wall-clock time.
    public mutating func utcSeconds(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    ) -> Int64 {
        let naive =
            UTCTime.days(fromCivilYear: Int64(year), month: Int64(month), day: Int64(day)) * 86_400
            + Int64(hour * 3600 + minute * 60 + second)
        let hourKey = naive / 3600
        if let offset = offsets[hourKey] { return naive - offset }
        func offset(at seconds: Int64) -> Int64 {
            Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))))
        }
        // Solve utc + offset(utc) == naive with the offsets in force a few hours either side (zones change at most
        // once a day). Two solutions: the repeated autumn hour, take the earlier instant (the larger offset).
        // None: the spring gap, read the time with the offset from before the change, which moves it forward.
        let candidates = Set([offset(at: naive - 10_800), offset(at: naive + 10_800)])
        let valid = candidates.filter { offset(at: naive - $0) == $0 }
        let chosen = valid.max() ?? candidates.min() ?? 0
        offsets[hourKey] = chosen
        return naive - chosen
    }

    /// The same, as a date.
    public mutating func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Date {
        Date(
            timeIntervalSince1970: TimeInterval(
                utcSeconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second)))
    }
}
