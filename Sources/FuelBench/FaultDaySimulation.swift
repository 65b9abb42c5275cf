import Foundation
import FuelFetch
import FuelFormat
import FuelProcess
import FuelPublishing
import FuelUpload

/// The faulted day: the hourly job as `.github/workflows/publish.yml` runs it (fetch `--due`; build
/// `--carry-forward 48 --skip-unchanged --layout both`, `--first-run` the first time; upload `--layout both` only when
/// the build changed; `out/` kept only after an upload that succeeded), with the build and the upload real
/// `fuel-publish` child processes that the bench kills with SIGKILL, the fetch in process on the job's clock, the
/// feeds and S3 behind fault injectors, and ``FaultDayChecker`` reading the bucket after every hour.
struct FaultDaySimulation {
    let options: FaultDayOptions
    let server: S3ServerProcess
    let proxyEndpoint: String
    let bucket: String
    let log: (String) -> Void

    private var work: URL { options.work }
    private var folders: JobFolders { JobFolders(work: work) }
    /// What the workflow's cache keeps: `out/` as of the last upload that succeeded.
    private var publishedFolder: URL { work.appendingPathComponent("published-out") }

    /// Runs every hour and returns what each did, the checker, and the worst ages.
    func run() async throws -> (
        runs: [FaultDayReport.Run], checker: FaultDayChecker, ages: [String: Double],
        feeds: (requests: Int, faults: Int, refused: Int)
    ) {
        let clock = SimulatedClock(options.start)
        let model = DayPriceModel(start: options.start, scale: options.scale, seed: options.seed)
        let feeds = FaultyFeeds(
            feeds: DayFeeds(clock: clock, model: model, work: folders.generated),
            rate: options.faultRate, seed: options.seed)
        var checker = FaultDayChecker(client: try settings(endpoint: server.endpoint).makeClient())
        let plan = options.killPlan()
        var lastSeconds: [FaultDayKill.Phase: Double] = [.build: 1, .upload: 1]
        var runs: [FaultDayReport.Run] = []
        var ages: [String: Double] = [:]
        var held = Held()
        for run in 0..<options.hours {
            let now = options.trueTime(run)
            let jobTime = options.jobTime(run)
            let down = options.down(run)
            clock.set(now)
            feeds.setDown(down)
            let started = Date()
            var record = FaultDayReport.Run(
                run: run, at: UTCTime.format(now), clock: UTCTime.format(jobTime), down: down.sorted(),
                outcome: .failed, seconds: 0)
            try restorePublished()
            let kill = plan[run]
            let outcome = try await job(
                run: run, at: jobTime, trueTime: now, feeds: feeds, kill: kill, held: &held,
                lastSeconds: &lastSeconds)
            record.outcome = outcome.0
            record.cause = outcome.1
            if outcome.0 == .failed, outcome.1?.contains("another upload") == true {
                // Main's lock holds for an hour of real time, far past this bench: a person deletes it.
                try await deleteLocks(checker.client)
                record.manualStep = "deleted fuel/.lock and fuel/v2/.lock left by a killed upload"
            }
            if outcome.0 == .killed, let lease = options.lockLeaseSeconds {
                // An hour passes before the next run in production, far more than any lease: let the killed run's
                // lease lapse in real time, as the hour would.
                try await Task.sleep(nanoseconds: UInt64((lease + 1) * 1e9))
            }
            record.seconds = Date().timeIntervalSince(started)
            log(
                "run \(run) at \(record.at) (clock \(record.clock))\(down.isEmpty ? "" : ", down \(record.down)"): "
                    + "\(record.outcome.rawValue)\(record.cause.map { ": \($0)" } ?? "")")
            runs.append(record)
            let label = "run \(run) (\(record.at))"
            if let index = try await checker.check(at: now, label: label) {
                // The age of each country's prices at the phone just before the next run: since the moment its
                // service published the data the live build holds.
                let next = options.trueTime(run + 1)
                guard let moments = held.builds[UTCTime.format(index.builtAt)] else {
                    throw BenchError("\(label): the live index is of a build the bench did not make")
                }
                for (country, moment) in moments where index.countries[country] != nil {
                    ages[country] = max(ages[country] ?? 0, next.timeIntervalSince(moment) / 3_600)
                }
            }
        }
        return (runs, checker, ages, feeds.totals)
    }

    /// Per country, the moment its service published the data the feeds folder holds; per build (by `builtAt`),
    /// the same for the data it was built from.
    struct Held {
        var feeds: [String: Date] = [:]
        var builds: [String: [String: Date]] = [:]
    }

    /// One hourly job. Returns its outcome and cause.
    private func job(
        run: Int, at time: Date, trueTime: Date, feeds: FaultyFeeds, kill: FaultDayKill?, held: inout Held,
        lastSeconds: inout [FaultDayKill.Phase: Double]
    ) async throws -> (FaultDayReport.Run.Outcome, String?) {
        let fetchOptions = folders.fetchOptions(adapters: options.adapters, onlyDue: true) { time }
        // A failed country is marked in the manifest, and the build carries it forward.
        let fetched = try await FeedFetcher(options: fetchOptions, client: feeds).run()
        for result in fetched.results where !result.failed && result.notDueUntil == nil {
            held.feeds[result.country] = DayFeeds.publishedMoment(result.country, at: trueTime)
        }
        let stamp = UTCTime.format(time)
        var build = [
            "build", "--feeds", folders.feeds.path, "--out", folders.out.path, "--adapters", options.adapters.path,
            "--layout", "both", "--skip-unchanged", "--built-at", stamp,
        ]
        build += run == 0 ? ["--first-run"] : ["--carry-forward", "48"]
        let link = folders.out.appendingPathComponent("fuel").path
        let before = try? FileManager.default.destinationOfSymbolicLink(atPath: link)
        let built = try await child(
            build, name: "build-\(run)", kill: kill?.phase == .build ? kill : nil, last: &lastSeconds)
        if built.killed { return (.killed, "kill -9 during the build") }
        if built.status != 0 { return (.failed, "build exited \(built.status): \(built.error)") }
        let after = try? FileManager.default.destinationOfSymbolicLink(atPath: link)
        if before != nil, before == after { return (.unchanged, nil) }
        held.builds[stamp] = held.feeds
        var upload = [
            "upload", "--from", folders.out.path, "--bucket", bucket, "--endpoint", proxyEndpoint, "--layout", "both",
            "--now", stamp, "--stall-timeout", "10",
        ]
        if let lease = options.lockLease { upload += ["--lock-lease", lease] }
        let uploaded = try await child(
            upload, name: "upload-\(run)", kill: kill?.phase == .upload ? kill : nil, last: &lastSeconds)
        if uploaded.killed { return (.killed, "kill -9 during the upload") }
        if uploaded.status != 0 { return (.failed, "upload exited \(uploaded.status): \(uploaded.error)") }
        try keepPublished()
        return (.published, nil)
    }

    /// Runs `fuel-publish arguments`, killing it with SIGKILL at the planned moment when `kill` is set.
    private func child(
        _ arguments: [String], name: String, kill: FaultDayKill?, last: inout [FaultDayKill.Phase: Double]
    ) async throws -> (status: Int32, killed: Bool, error: String) {
        let stderr = work.appendingPathComponent("logs/\(name).stderr")
        try FileManager.default.createDirectory(
            at: stderr.deletingLastPathComponent(), withIntermediateDirectories: true)
        let phase: FaultDayKill.Phase = arguments[0] == "build" ? .build : .upload
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in server.environment { environment[key] = value }
        let started = ChildProcess.monotonicSeconds()
        let process = try ChildProcess(
            options.publisher.path, arguments, environment: environment, stdout: .null, stderr: .file(stderr.path))
        var killed = false
        var status: Int32 = 0
        if let kill {
            // The wait kills the child with SIGKILL when the time is up, and throws. It waits asynchronously, so that a
            // run of minutes leaves the shared threads to the rest (the test suite's lookups among them).
            do {
                status = try await process.waitAsync(timeout: kill.share * (last[phase] ?? 1))
            } catch is ChildProcessError {
                killed = true
            }
        } else {
            status = try await process.waitAsync(timeout: 600)
        }
        if killed { status = 128 + SIGKILL }
        if !killed { last[phase] = ChildProcess.monotonicSeconds() - started }
        // Paths inside the scratch folder are named from it, so that the report does not carry this machine's.
        let text = ((try? String(contentsOf: stderr, encoding: .utf8)) ?? "")
            .replacingOccurrences(of: work.path + "/", with: "")
        let lines = text.split(separator: "\n")
        let error = lines.last { $0.lowercased().contains("error") } ?? lines.last ?? ""
        return (status, killed, String(error.prefix(240)))
    }

    private func restorePublished() throws {
        guard FileManager.default.fileExists(atPath: publishedFolder.path) else {
            try? FileManager.default.removeItem(at: folders.out)
            return
        }
        try copy(publishedFolder, to: folders.out)
    }

    private func keepPublished() throws { try copy(folders.out, to: publishedFolder) }

    /// `cp -a`: symbolic links stay links, as the workflow's cache keeps them.
    private func copy(_ from: URL, to: URL) throws {
        try? FileManager.default.removeItem(at: to)
        let status = try ChildProcess("cp", ["-a", from.path, to.path], stdout: .null, stderr: .null).wait()
        guard status == 0 else { throw BenchError("cp -a \(from.path) \(to.path) exited \(status)") }
    }

    private func deleteLocks(_ client: S3Client) async throws {
        for key in ["fuel/.lock", "fuel/v2/.lock"] { _ = try await client.delete(key: key) }
    }

    func settings(endpoint: String) throws -> UploadSettings {
        var options = UploadOptions(from: folders.out, bucket: bucket, endpoint: endpoint)
        options.layout = .both
        return try UploadSettings(options: options, environment: server.environment)
    }
}
