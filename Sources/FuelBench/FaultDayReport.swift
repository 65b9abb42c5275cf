import Foundation

/// What `fuel-bench day --faults` measured.
public struct FaultDayReport: Sendable, Codable, Equatable, BenchReport {
    /// One hourly run.
    public struct Run: Sendable, Codable, Equatable {
        public enum Outcome: String, Sendable, Codable {
            /// Built and uploaded.
            case published
            /// Nothing changed since the published build: nothing to upload.
            case unchanged
            /// The bench killed its build or upload with SIGKILL.
            case killed
            /// It ended with an error of its own.
            case failed
        }
        public var run: Int
        /// The true time and the time the job's clock read.
        public var at: String
        public var clock: String
        public var down: [String]
        public var outcome: Outcome
        /// Why it failed or was killed (the last error line, or the phase killed).
        public var cause: String?
        /// The step the bench took by hand after it, if any.
        public var manualStep: String?
        public var seconds: Double
    }

    public var hours: Int
    public var scale: Double
    public var seed: UInt64
    public var faultRate: Double
    public var start: String
    /// `upload --lock-lease`, when the publisher has it.
    public var lockLease: String?
    public var runs: [Run]
    /// Runs that failed on their own (not killed) while at least one country answered.
    public var missed: Int
    public var manualSteps: Int
    public var violations: [String]
    public var badClockRewinds: Int
    public var formatsApart: Int
    /// Format-1 tiles left holding another build's JSON than their index's build (``FaultDayChecker/format1Mixed``).
    public var format1Mixed: [String]
    /// The worst age, in hours, of each country's prices as the phone saw them just before each next run.
    public var worstAgeHours: [String: Double]
    /// Requests and faults, feeds and S3.
    public var feedRequests: Int
    public var feedFaults: Int
    public var feedRefused: Int
    public var s3Requests: Int
    public var s3Faults: Int
    public var wallSeconds: Double

    public var killed: Int { runs.filter { $0.outcome == .killed }.count }
    public var published: Int { runs.filter { $0.outcome == .published }.count }

}
