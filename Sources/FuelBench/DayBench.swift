import Foundation
import FuelFormat

/// `fuel-bench day`: a simulated day (or more) of the publish job on an injected clock, under each schedule, with
/// the real fetch, build and upload and a phone reading the bucket, measuring the freshness the phone sees and what
/// each schedule costs the national services and the bucket.
public enum DayBench {
    /// Simulates every schedule of `options` (each against a SeaweedFS server of its own) and measures it.
    /// - Parameter log: progress lines.
    /// - Throws: ``BenchError`` when the S3 server cannot start or a run or lookup fails.
    public static func run(_ options: DayOptions, log: @escaping (String) -> Void = { _ in }) async throws -> DayReport
    {
        guard FileManager.default.fileExists(atPath: options.s3Script.path) else {
            throw BenchError("\(options.s3Script.path) is missing")
        }
        var reports: [DayScheduleReport] = []
        for schedule in options.schedules {
            log("\(schedule.rawValue): starting SeaweedFS")
            let bucket = "fuel-day-\(schedule.rawValue)"
            let server = try S3ServerProcess(script: options.s3Script, bucket: bucket, timeout: 120)
            defer { server.stop() }
            let simulation = DaySimulation(
                options: options, schedule: schedule, server: server, bucket: bucket, log: log)
            reports.append(try await simulation.run())
        }
        return DayReport(
            scale: options.scale, seed: options.seed, start: UTCTime.format(options.start), schedules: reports)
    }
}
