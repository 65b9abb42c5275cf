import Foundation
import FuelFormat

/// Everything `fuel-bench day` measured.
public struct DayReport: Sendable, Codable, Equatable, BenchReport {
    public var scale: Double
    public var seed: UInt64
    public var start: String
    public var schedules: [DayScheduleReport]

    /// The report of one schedule.
    public func schedule(_ schedule: DaySchedule) -> DayScheduleReport? {
        schedules.first { $0.schedule == schedule.rawValue }
    }

}
