import Foundation

/// Which publish schedule a simulated day runs.
public enum DaySchedule: String, Sendable, Codable, CaseIterable {
    /// One run a day at 05:17 UTC, every country fetched, a full build.
    case daily
    /// A run at 7 minutes past every hour with `fetch --due` and `build --skip-unchanged`, as the publish workflow.
    case hourly

    /// The daily run's minute of the UTC day (05:17).
    static let dailyMinute = 5.0 * 60 + 17
    /// The hourly run's minute of the hour.
    static let hourlyMinute = 7.0
}
