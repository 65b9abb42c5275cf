import Foundation
import FuelFormat

/// What `fuel-bench day` simulates.
public struct DayOptions: Sendable {
    /// Simulated hours (from ``start``).
    public var hours = 24.0
    /// Feed sizes as a multiple of the real ones.
    public var scale = 0.05
    public var schedules = DaySchedule.allCases
    public var seed: UInt64 = 1
    /// Lookups the phone makes at each check.
    public var lookupsPerCheck = 5
    /// Minutes between the phone's checks.
    public var phoneEveryMinutes = 10
    /// The simulated day's start, UTC; also yesterday's last run, which every schedule starts from.
    public var start = DayOptions.defaultStart
    /// Scratch folder.
    public var work: URL
    /// The countries' metadata (`adapters/`).
    public var adapters: URL
    /// `scripts/servers/seaweedfs_server.py`.
    public var s3Script: URL

    /// 2026-11-30T05:18:00Z, a Monday, just after the daily run's time: the daily schedule's one run in 24 hours
    /// then comes a full day after yesterday's, as it does in production.
    public static let defaultStart = Date(timeIntervalSince1970: 1_796_015_880)

    /// The default day over these folders, every other option at the default its property declares; a command or
    /// a test sets the ones it is given.
    public init(work: URL, adapters: URL, s3Script: URL) {
        self.work = work
        self.adapters = adapters
        self.s3Script = s3Script
    }
}
