import Foundation
import FuelBuild
import FuelUpload

/// What `fuel-bench run` measures and where.
public struct BenchOptions: Sendable {
    /// The release `fuel-publish` to measure.
    public var publisher: String
    /// Scratch folder for feeds, builds and logs.
    public var work: URL
    /// `BENCHMARKS.md`; the measured section is replaced, hand-written text around it is kept.
    public var output: URL
    /// `adapters/`.
    public var adapters: URL
    /// `scripts/servers/s3_server.py`.
    public var s3Script: URL
    /// `scripts/servers/seaweedfs_server.py`, for format 2's uploads (its prefix has a `/`, which moto mis-signs).
    public var seaweedScript: URL {
        s3Script.deletingLastPathComponent().appendingPathComponent("seaweedfs_server.py")
    }
    public var scales: [Double]
    /// Build runs per scale, and gzip floor runs below scale 5 (larger scales time gzip once); medians are reported.
    public var runs: Int
    public var seed: UInt64
    public var lookupPoints: Int
    public var upload: Bool
    public var lookups: Bool
    public var profile: Bool

    public init(
        publisher: String, work: URL, output: URL, adapters: URL, s3Script: URL, scales: [Double] = [1, 20],
        runs: Int = 5, seed: UInt64 = 1, lookupPoints: Int = 1_000, upload: Bool = true, lookups: Bool = true,
        profile: Bool = true
    ) {
        self.publisher = publisher
        self.work = work
        self.output = output
        self.adapters = adapters
        self.s3Script = s3Script
        self.scales = scales
        self.runs = runs
        self.seed = seed
        self.lookupPoints = lookupPoints
        self.upload = upload
        self.lookups = lookups
        self.profile = profile
    }

    /// The index time every benchmark build uses, so builds of the same feeds are byte-identical.
    static let builtAt = "2026-11-30T08:00:00Z"
    /// The rebuild after the 5% price change is a day later, as the daily job would be.
    static let rebuiltAt = "2026-12-01T08:00:00Z"
}

/// Everything one `fuel-bench run` measured.
public struct BenchResults: Sendable, Codable {
    /// One scale's build.
    public struct Scale: Sendable, Codable {
        public var scale: Double
        public var stationsWritten: Int
        public var expectedValid: Int
        public var generationSeconds: Double
        public var feedBytes: Int
        public var builds: [ProcessMeasurement]
        public var report: BuildReport
        public var floor: CompressionFloor

        public var wall: Double { BenchMath.median(builds.map(\.wallSeconds)) }
        public var cpu: Double { BenchMath.median(builds.map(\.cpuSeconds)) }
        public var peakRSS: Int { builds.map(\.maxRSSBytes).max() ?? 0 }
        public var published: Int { report.countries.reduce(0) { $0 + $1.kept } }
    }

    /// One target of the issue, checked.
    public struct Target: Sendable, Codable {
        public var name: String
        public var limit: String
        public var measured: String
        /// nil when it could not be measured.
        public var pass: Bool?
        /// The range over the runs, or why a single figure has none (an exact count).
        public var spread: String = ""
        /// The command that made the figure.
        public var command: String = ""
    }

    public var date: String
    /// `git describe`-like: the short commit measured, with `-dirty` when the tree had changes.
    public var commit: String
    public var machine: Machine
    public var commands: [String]
    public var scales: [Scale]
    /// One per scale.
    public var profiles: [PhaseProfile]
    public var upload: UploadStats?
    public var lookups: LookupStats?
    /// Incremental rebuilds at scale 1.
    public var rebuilds: RebuildStats?
    /// Why a part was not measured.
    public var notes: [String]
    public var targets: [Target]
}

/// Runs the benchmark: generate, build (timed, with rusage), gzip floor, profile, upload and lookups.
public struct BenchRunner: Sendable {
    public var options: BenchOptions
    private let log: @Sendable (String) -> Void

    public init(options: BenchOptions, log: @escaping @Sendable (String) -> Void) {
        self.options = options
        self.log = log
    }

    /// Runs everything and writes `BENCHMARKS.md`.
    /// - Throws: ``BenchError`` when a build fails or publishes other counts than the generator promised.
    public func run() async throws -> BenchResults {
        let manager = FileManager.default
        try manager.createDirectory(at: options.work, withIntermediateDirectories: true)
        let logs = options.work.appendingPathComponent("logs", isDirectory: true)
        try manager.createDirectory(at: logs, withIntermediateDirectories: true)
        var notes: [String] = []
        var commands: [String] = []
        var scales: [BenchResults.Scale] = []
        for scale in options.scales {
            let (result, used) = try measure(scale: scale, logs: logs)
            scales.append(result)
            commands += used
        }
        let first = scales.first { $0.scale == 1 } ?? scales.first
        let base = first.map { outFolder($0.scale) }

        var profiles: [PhaseProfile] = []
        if options.profile {
            for scale in scales {
                log("profile: the build's phases at scale \(BenchMarkdown.scaleText(scale.scale)), one thread")
                profiles.append(
                    try PhaseProfiler.profile(
                        feeds: feedsFolder(scale.scale), adapters: options.adapters, scratch: options.work,
                        scale: scale.scale))
            }
        }

        var upload: UploadStats?
        if options.upload, let first, let base {
            do {
                upload = try await measureUploads(scale: first.scale, base: base, logs: logs)
                commands += [
                    "python3 \(Self.relative(options.s3Script.path)) --port 0 --bucket fuel-bench   # moto, SigV4 checked",
                    "fuel-publish upload --from OUT --bucket fuel-bench --prefix '' --endpoint http://127.0.0.1:PORT"
                        + "   # run in process: Publisher(settings:).run() with layout v1, default concurrency",
                    "fuel-bench gen --scale 1 --seed \(options.seed) --change-prices 0.05 --out FEEDS-CHANGED; "
                        + "fuel-publish build … --built-at \(BenchOptions.rebuiltAt); then upload again",
                    "python3 \(Self.relative(options.seaweedScript.path)) --port 0 --bucket fuel-bench   # SeaweedFS",
                    "fuel-publish build … --layout both; fuel-publish upload --layout v2 --keep 48 --now BUILT_AT "
                        + "--bucket fuel-bench --endpoint http://127.0.0.1:PORT   # in process: Publisher with layout v2",
                ]
            } catch {
                notes.append("upload not measured: \(error)")
                log("upload: not measured: \(error)")
            }
        }

        var lookups: LookupStats?
        if options.lookups, let base {
            log("lookups: \(options.lookupPoints) points at 10 km, cold and warm")
            do {
                lookups = try await LookupBench.run(base: base, points: options.lookupPoints, seed: options.seed)
            } catch {
                notes.append("lookups not measured: \(error)")
            }
        }

        var rebuilds: RebuildStats?
        if let first, let base, first.scale == 1 {
            do {
                let changed = feedsFolder(first.scale, changed: true)
                if !FileManager.default.fileExists(atPath: changed.path) {
                    _ = try FeedGenerator.generate(
                        GeneratorOptions(scale: 1, seed: options.seed, output: changed, changedFraction: 0.05))
                }
                rebuilds = try RebuildBench.measure(
                    publisher: options.publisher, adapters: options.adapters, base: base, feeds: feedsFolder(1),
                    changedFeeds: changed, work: options.work, runs: max(1, options.runs), fullSeconds: first.wall,
                    logs: logs, log: log)
                commands.append(
                    "cp -R OUT OUT-COPY; fuel-publish build --feeds FEEDS[-CHANGED] --out OUT-COPY --built-at "
                        + "\(BenchOptions.rebuiltAt) --json   # a fresh copy of the scale-1 build each run, copy not timed"
                )
            } catch {
                notes.append("rebuilds not measured: \(error)")
            }
        }

        Trash(work: options.work).empty()
        let results = BenchResults(
            date: UTCTimeNow.text(), commit: Machine.commit(), machine: Machine.current(publisher: options.publisher),
            commands: commands,
            scales: scales, profiles: profiles, upload: upload, lookups: lookups, rebuilds: rebuilds, notes: notes,
            targets: BenchTargets.check(scales: scales, upload: upload, lookups: lookups, rebuilds: rebuilds))
        try BenchMarkdown.write(results, to: options.output)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(results).write(to: options.work.appendingPathComponent("results.json"))
        return results
    }

    /// A path relative to the current folder when it is below it, for readable commands.
    static func relative(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(current) ? String(path.dropFirst(current.count)) : path
    }

    private func feedsFolder(_ scale: Double, changed: Bool = false) -> URL {
        options.work.appendingPathComponent("feeds-\(BenchMarkdown.scaleText(scale))\(changed ? "-changed" : "")")
    }

    private func outFolder(_ scale: Double, changed: Bool = false) -> URL {
        options.work.appendingPathComponent("out-\(BenchMarkdown.scaleText(scale))\(changed ? "-changed" : "")")
    }

    /// Generates a scale, builds it (several times for small scales) and measures its gzip floor.
    private func measure(scale: Double, logs: URL) throws -> (BenchResults.Scale, [String]) {
        let name = BenchMarkdown.scaleText(scale)
        let feeds = feedsFolder(scale)
        let out = outFolder(scale)
        log("scale \(name): generating feeds into \(feeds.path)")
        let started = ProcessMeter.monotonicSeconds()
        let generated = try FeedGenerator.generate(GeneratorOptions(scale: scale, seed: options.seed, output: feeds))
        let generation = ProcessMeter.monotonicSeconds() - started
        let arguments = [
            "build", "--feeds", feeds.path, "--out", out.path, "--adapters", options.adapters.path, "--built-at",
            BenchOptions.builtAt, "--json",
        ]
        let runs = max(1, options.runs)
        var builds: [ProcessMeasurement] = []
        var report: BuildReport?
        let trash = Trash(work: options.work)
        for run in 1...runs {
            try trash.setAside(out)
            ProcessMeter.settle()
            log("scale \(name): build \(run) of \(runs)")
            let stdout = logs.appendingPathComponent("build-\(name)-\(run).json")
            let measurement = try ProcessMeter.run(
                options.publisher, arguments, stdout: stdout,
                stderr: logs.appendingPathComponent("build-\(name)-\(run).err"))
            guard measurement.status == 0 else {
                throw BenchError("the scale-\(name) build failed (status \(measurement.status)); see \(logs.path)")
            }
            builds.append(measurement)
            report = try JSONDecoder().decode(BuildReport.self, from: Data(contentsOf: stdout))
            log(
                "scale \(name): "
                    + String(
                        format: "%.2f s wall, %.2f s CPU, %.0f MB peak RSS", measurement.wallSeconds,
                        measurement.cpuSeconds, Double(measurement.maxRSSBytes) / 1_048_576))
        }
        guard let report else { throw BenchError("no build report") }
        let kept = Dictionary(uniqueKeysWithValues: report.countries.map { ($0.country, $0.kept) })
        for country in generated.countries where kept[country.country] != country.expectedValid {
            throw BenchError(
                "scale \(name): \(country.country) published \(kept[country.country] ?? 0) stations, "
                    + "the generator wrote "
                    + "\(country.expectedValid) valid")
        }
        log("scale \(name): gzip -9 floor")
        let floor = try CompressionFloorMeter.measure(
            published: out.appendingPathComponent("fuel"), scratch: options.work, runs: scale < 5 ? runs : 1)
        trash.empty()
        let result = BenchResults.Scale(
            scale: scale, stationsWritten: generated.stations, expectedValid: generated.expectedValid,
            generationSeconds: generation, feedBytes: generated.countries.reduce(0) { $0 + $1.bytes }, builds: builds,
            report: report, floor: floor)
        let commands = [
            "fuel-bench gen --scale \(name) --seed \(options.seed) --out \(Self.relative(feeds.path))",
            ([options.publisher] + arguments).map(Self.relative).joined(separator: " ") + "   # \(runs)×, median",
            "gzip -9 -n -c FLOOR.json > /dev/null   # FLOOR.json = every file of \(Self.relative(out.path))/fuel, "
                + "decompressed, concatenated",
        ]
        return (result, commands)
    }

    /// First publish, unchanged republish, and a republish after 5% of stations changed price.
    private func measureUploads(scale: Double, base: URL, logs: URL) async throws -> UploadStats {
        guard FileManager.default.fileExists(atPath: options.s3Script.path) else {
            throw BenchError("\(options.s3Script.path) is missing")
        }
        log("upload: starting the local S3 server")
        let server = try S3ServerProcess(script: options.s3Script, bucket: UploadBench.bucket)
        defer { server.stop() }
        log("upload: first publish")
        let first = try await UploadBench.upload("first publish", from: base, server: server)
        log("upload: unchanged republish")
        let unchanged = try await UploadBench.upload("unchanged republish", from: base, server: server)

        log("upload: regenerating with 5% of stations' prices changed, rebuilding a day later")
        let feeds = feedsFolder(scale, changed: true)
        let out = outFolder(scale, changed: true)
        _ = try FeedGenerator.generate(
            GeneratorOptions(scale: scale, seed: options.seed, output: feeds, changedFraction: 0.05))
        try? FileManager.default.removeItem(at: out)
        let build = try ProcessMeter.run(
            options.publisher,
            [
                "build", "--feeds", feeds.path, "--out", out.path, "--adapters", options.adapters.path, "--built-at",
                BenchOptions.rebuiltAt,
            ],
            stderr: logs.appendingPathComponent("build-changed.err"))
        guard build.status == 0 else { throw BenchError("the 5% rebuild failed; see \(logs.path)/build-changed.err") }
        let diff = BuildDiff.between(base.appendingPathComponent("fuel"), out.appendingPathComponent("fuel"))
        log("upload: republish after the change")
        let changed = try await UploadBench.upload("5% of stations changed", from: out, server: server)
        server.stop()
        var snapshot: Format2UploadStats?
        do {
            snapshot = try await Format2Bench.measure(
                script: options.seaweedScript, base: feedsFolder(scale), changed: feeds, work: options.work,
                points: options.lookupPoints, seed: options.seed,
                build: { feeds, out, builtAt in
                    let result = try ProcessMeter.run(
                        options.publisher,
                        [
                            "build", "--feeds", feeds.path, "--out", out.path, "--adapters", options.adapters.path,
                            "--built-at", builtAt, "--layout", "both",
                        ],
                        stderr: logs.appendingPathComponent("build-both.err"))
                    guard result.status == 0 else {
                        throw BenchError("a --layout both build failed; see build-both.err")
                    }
                }, log: log)
        } catch {
            log("upload, format 2: not measured: \(error)")
        }
        return UploadStats(first: first, unchanged: unchanged, changed: changed, diff: diff, snapshot: snapshot)
    }
}

/// The current UTC time as text (the benchmark's date; the generator never reads the clock).
enum UTCTimeNow {
    static func text() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }
}
