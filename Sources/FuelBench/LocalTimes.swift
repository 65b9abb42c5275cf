import Foundation
import FuelCodecs
import FuelFormat

extension WallTime {
    /// The UTC wall-clock time of seconds since 1970: what the generator prints into the feeds, the same type the
    /// adapters read them into.
    init(utcSeconds: Int64) {
        let (days, second) = UTCTime.dayAndSecond(of: utcSeconds)
        let secondOfDay = Int(second)
        let date = UTCTime.civil(fromDays: days)
        self.init(
            year: Int(date.year), month: Int(date.month), day: Int(date.day), hour: secondOfDay / 3600,
            minute: secondOfDay / 60 % 60, second: secondOfDay % 60)
    }
}

/// UTC instants to one zone's wall-clock time, with the offset cached per UTC hour.
struct LocalTimes {
    private let zone: TimeZone
    private var offsets: [Int64: Int64] = [:]

    init(zone identifier: String) {
        guard let zone = TimeZone(identifier: identifier) else { preconditionFailure("unknown zone \(identifier)") }
        self.init(zone: zone)
    }

    init(zone: TimeZone) { self.zone = zone }

    /// The wall-clock time of a UTC instant.
    mutating func local(_ utcSeconds: Int64) -> WallTime {
        let hour = UTCTime.floorDivide(utcSeconds, 3600)
        let offset: Int64
        if let cached = offsets[hour] {
            offset = cached
        } else {
            offset = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(hour * 3600))))
            offsets[hour] = offset
        }
        return WallTime(utcSeconds: utcSeconds + offset)
    }
}

/// When prices were last changed, relative to the feed's reference time (UTC seconds).
struct PriceTimes: Sendable {
    let reference: Int64

    /// The newest price time any feed holds: ten minutes before the reference time. Every country's first station
    /// carries it, and changed prices stay at or below it, so a perturbed feed keeps its reference time.
    var newest: Int64 { reference - 600 }

    /// A current price: 90% within four days, the rest up to fourteen days old.
    func fresh(_ rng: inout SplitMix64) -> Int64 {
        let span: Int64 = rng.chance(0.9) ? 4 * 86_400 : 14 * 86_400
        return newest - Int64(rng.unit() * Double(span))
    }

    /// A price a station stopped updating years ago (2.5 to 12 years).
    func stale(_ rng: inout SplitMix64) -> Int64 {
        reference - 79_000_000 - Int64(rng.unit() * 300_000_000)
    }

    /// A price changed in the last three hours (the 5% republish).
    func changed(_ rng: inout SplitMix64) -> Int64 { newest - Int64(rng.unit() * 3 * 3600) }
}
