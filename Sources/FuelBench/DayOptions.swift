import Foundation
import FuelFormat

/// What `fuel-bench day` simulates.
public struct DayOptions: Sendable {
    /// Simulated hours (from ``start``).
    public var hours: Double
    /// Feed sizes as a multiple of the real ones.
    public var scale: Double
    public var schedules: [DaySchedule]
    public var seed: UInt64
    /// Lookups the phone makes at each check.
    public var lookupsPerCheck: Int
    /// Minutes between the phone's checks.
    public var phoneEveryMinutes = 10
    /// The simulated day's start, UTC; also yesterday's last run, which every schedule starts from.
    public var start: Date
    /// Scratch folder.
    public var work: URL
    /// The countries' metadata (`adapters/`).
    public var adapters: URL
    /// `scripts/servers/seaweedfs_server.py`.
    public var s3Script: URL

    /// 2026-11-30T05:18:00Z, a Monday, just after the daily run's time: the daily schedule's one run in 24 hours
    /// then comes a full day after yesterday's, as it does in production.
    public static let defaultStart = Date(timeIntervalSince1970: 1_796_015_880)

    public init(
        hours: Double = 24, scale: Double = 0.05, schedules: [DaySchedule] = DaySchedule.allCases, seed: UInt64 = 1,
        lookupsPerCheck: Int = 5, start: Date = DayOptions.defaultStart, work: URL, adapters: URL, s3Script: URL
    ) {
        self.hours = hours
        self.scale = scale
        self.schedules = schedules
        self.seed = seed
        self.lookupsPerCheck = lookupsPerCheck
        self.start = start
        self.work = work
        self.adapters = adapters
        self.s3Script = s3Script
    }
}
