import Foundation

/// What `fuel-bench day --faults` runs: the hourly job over ``hours`` simulated hours with every fault of issue 36's
/// item 10, all seeded.
public struct FaultDayOptions: Sendable {
    /// Hourly runs, one per simulated hour from ``start``.
    public var hours = 48
    /// Feed sizes as a multiple of the real ones.
    public var scale = 0.02
    public var seed: UInt64 = 1
    /// The share of feed and S3 requests faulted (503, connection reset before or after the request, stall).
    public var faultRate = 0.05
    /// Runs whose build or upload process is killed with SIGKILL at a random moment.
    public var kills = 6
    /// Kills placed by hand instead of ``kills`` drawn by seed (tests).
    public var plannedKills: [Int: FaultDayKill]?
    /// The first run that runs with its clock ahead, and for how many runs and hours.
    public var jumpRun = 20
    public var jumpRuns = 3
    public var jumpHours = 3.0
    /// The country whose service is down from run ``outageRun`` for ``outageHours`` hours.
    public var outageCountry = "ES"
    public var outageRun = 6
    public var outageHours = 30
    /// The country whose service is down during the first run (a `--first-run` build).
    public var firstRunDown = "PT"
    /// `upload --lock-lease` (a duration such as `3s`), for a publisher that has the lease; nil leaves the option out.
    public var lockLease: String?
    /// ``lockLease`` in seconds (`90s`, `10m`, `1h` or plain seconds); nil when it is not given or cannot be read.
    public var lockLeaseSeconds: Double? {
        guard let text = lockLease?.trimmingCharacters(in: .whitespaces), let last = text.last else { return nil }
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600]
        if let unit = units[last] { return Double(text.dropLast()).map { $0 * unit } }
        return Double(text)
    }

    /// The simulated span's start, UTC.
    public var start = DayOptions.defaultStart
    /// Scratch folder.
    public var work: URL
    /// The countries' metadata (`adapters/`).
    public var adapters: URL
    /// `scripts/servers/seaweedfs_server.py` and `scripts/servers/fault_proxy.py`.
    public var s3Script: URL
    public var proxyScript: URL
    /// The `fuel-publish` executable the job runs as a child process.
    public var publisher: URL

    /// The default faulted span over these folders and programs, every other option at the default its property
    /// declares; a command or a test sets the ones it is given.
    public init(work: URL, adapters: URL, s3Script: URL, proxyScript: URL, publisher: URL) {
        self.work = work
        self.adapters = adapters
        self.s3Script = s3Script
        self.proxyScript = proxyScript
        self.publisher = publisher
    }

    /// Run `run`'s true time.
    public func trueTime(_ run: Int) -> Date { start.addingTimeInterval(Double(run) * 3_600) }

    /// The clock run `run`'s job reads: ``jumpHours`` ahead during the jump, true otherwise.
    public func jobTime(_ run: Int) -> Date {
        let ahead = (jumpRun..<(jumpRun + jumpRuns)).contains(run)
        return trueTime(run).addingTimeInterval(ahead ? jumpHours * 3_600 : 0)
    }

    /// The countries whose service does not answer during run `run`.
    public func down(_ run: Int) -> Set<String> {
        var down: Set<String> = []
        if run == 0 { down.insert(firstRunDown) }
        if (outageRun..<(outageRun + outageHours)).contains(run) { down.insert(outageCountry) }
        return down
    }

    /// The planned kills: run index → the phase killed and the moment, as a share of that phase's last duration.
    public func killPlan() -> [Int: FaultDayKill] {
        if let plannedKills { return plannedKills }
        guard hours > 1, kills > 0 else { return [:] }
        var rng = SplitMix64(seed, SplitMix64.tag("fault day kills"))
        var plan: [Int: FaultDayKill] = [:]
        while plan.count < min(kills, hours - 1) {
            let run = 1 + rng.below(hours - 1)
            guard plan[run] == nil else { continue }
            let phase: FaultDayKill.Phase = rng.below(3) == 0 ? .build : .upload
            plan[run] = FaultDayKill(phase: phase, share: Double(rng.below(1_000)) / 1_000)
        }
        return plan
    }
}

/// One planned kill -9.
public struct FaultDayKill: Sendable, Equatable, Codable {
    public enum Phase: String, Sendable, Codable { case build, upload }
    public var phase: Phase
    /// When, as a share (0 to 1) of the phase's previous duration.
    public var share: Double

    public init(phase: Phase, share: Double) {
        self.phase = phase
        self.share = share
    }
}
