import Foundation
import FuelFormat
import FuelProcess

/// `fuel-bench day --faults`: the hourly job over a faulted span against SeaweedFS (see ``FaultDaySimulation``),
/// measured: publishes missed, manual steps, invariant violations and the worst price age at the phone.
public enum FaultDayBench {
    /// Runs the faulted span.
    /// - Parameter log: progress lines.
    /// - Throws: ``BenchError`` when a server cannot start, the checker cannot read the bucket, or the bench's own
    ///   bookkeeping fails (never for a fault of the job, which the report counts).
    public static func run(_ options: FaultDayOptions, log: @escaping (String) -> Void = { _ in }) async throws
        -> FaultDayReport
    {
        for file in [options.s3Script, options.proxyScript, options.publisher]
        where !FileManager.default.fileExists(atPath: file.path) {
            throw BenchError("\(file.path) is missing")
        }
        let started = Date()
        try? FileManager.default.removeItem(at: options.work)
        try FileManager.default.createDirectory(at: options.work, withIntermediateDirectories: true)
        let bucket = "fuel-fault-day"
        log("starting SeaweedFS")
        let server = try S3ServerProcess(script: options.s3Script, bucket: bucket, timeout: 120)
        defer { server.stop() }
        let proxyLog = options.work.appendingPathComponent("s3-proxy.log")
        let proxyOut = options.work.appendingPathComponent("s3-proxy.stdout")
        let proxy = try ChildProcess(
            "python3",
            [
                "-u", options.proxyScript.path, "--port", "0", "--upstream", server.endpoint, "--log", proxyLog.path,
                "--rate", "\(options.faultRate)", "--seed", "\(options.seed)",
            ], stdout: .file(proxyOut.path), stderr: .null)
        defer { proxy.stop() }
        let port = try StartupLines.waitUntilReady(proxyOut, from: proxy, timeout: 30) { lines in
            lines.lazy.compactMap { line -> Int? in
                let words = line.split(separator: " ")
                return words.count == 2 && words[0] == "PORT" ? Int(words[1]) : nil
            }.first
        }
        let simulation = FaultDaySimulation(
            options: options, server: server, proxyEndpoint: "http://127.0.0.1:\(port)", bucket: bucket, log: log)
        let (runs, checker, ages, feeds) = try await simulation.run()
        let proxyLines = ((try? String(contentsOf: proxyLog, encoding: .utf8)) ?? "").split(separator: "\n")
        return FaultDayReport(
            hours: options.hours, scale: options.scale, seed: options.seed, faultRate: options.faultRate,
            start: UTCTime.format(options.start), lockLease: options.lockLease, runs: runs,
            missed: runs.filter { $0.outcome == .failed && !everyCountryDown($0.down, options) }.count,
            manualSteps: runs.filter { $0.manualStep != nil }.count, violations: checker.violations,
            badClockRewinds: checker.badClockRewinds, formatsApart: checker.formatsApart,
            format1Mixed: checker.format1Mixed,
            worstAgeHours: ages, feedRequests: feeds.requests, feedFaults: feeds.faults, feedRefused: feeds.refused,
            s3Requests: proxyLines.count, s3Faults: proxyLines.filter { !$0.hasSuffix(" -") }.count,
            wallSeconds: Date().timeIntervalSince(started))
    }

    /// Whether no country answered during a run.
    static func everyCountryDown(_ down: [String], _ options: FaultDayOptions) -> Bool {
        Set(FeedGenerator.countries).isSubset(of: down)
    }
}
