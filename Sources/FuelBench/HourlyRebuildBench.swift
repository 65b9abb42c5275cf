import Foundation

/// What the hourly job's rebuilds cost against a fresh build, measured side by side in one run (issue 38): a fresh
/// build, the gzip floor of its output, and a rebuild over a copy of it in each of the hourly cases, each the best of
/// several runs, with its CPU time and peak RSS, and a check that it published the same bytes as a rebuild that
/// ignores the kept state (`--ignore-kept-state`).
public struct HourlyRebuildReport: Sendable, Codable, Equatable, BenchReport {
    /// One scale's figures.
    public struct Scale: Sendable, Codable, Equatable {
        public var scale: Double
        /// Stations the generator wrote, valid or not.
        public var stations: Int
        public var fresh: [ProcessMeasurement]
        public var floor: CompressionFloor
        public var cases: [Case]

        /// The fastest fresh build.
        public var bestFresh: ProcessMeasurement? { fresh.min { $0.wallSeconds < $1.wallSeconds } }
        /// The fastest `gzip -9 -n` of the floor.
        public var bestFloorSeconds: Double { floor.runs.map(\.wallSeconds).min() ?? 0 }
    }

    /// One hourly case at one scale.
    public struct Case: Sendable, Codable, Equatable {
        public var name: HourlyCase
        public var runs: [ProcessMeasurement]
        /// Whether the last run published exactly the bytes of a rebuild with `--ignore-kept-state`.
        public var identicalToIgnoringState: Bool
        /// The paths that differed, when any.
        public var differences: [String]

        /// The fastest run.
        public var best: ProcessMeasurement? { runs.min { $0.wallSeconds < $1.wallSeconds } }
        /// The highest peak RSS over the runs.
        public var peakRSSBytes: Int { runs.map(\.maxRSSBytes).max() ?? 0 }
    }

    /// The machine, commit and command line (quoted in the report's section of BENCHMARKS.md).
    public var run: BenchRun
    public var runs: Int
    public var scales: [Scale]

}

/// How the feeds of an hourly rebuild differ from those of the build before it.
public enum HourlyCase: String, Sendable, Codable, CaseIterable {
    case unchanged
    case fivePercentInOneCountry = "5 % of prices changed in one country (ES)"
    case fivePercentEverywhere = "5 % of prices changed in every country"
    case oneFeedReplaced = "one country's feed replaced (FR, another seed)"

    /// Writes the case's feeds into `folder`, a copy of the base feeds generated with `options`.
    func prepare(_ folder: URL, base options: GeneratorOptions) throws {
        var changed = options
        changed.output = folder
        switch self {
        case .unchanged: return
        case .fivePercentInOneCountry:
            changed.changedFraction = 0.05
            changed.countries = ["ES"]
        case .fivePercentEverywhere:
            changed.changedFraction = 0.05
        case .oneFeedReplaced:
            changed.seed = options.seed + 1
            changed.countries = ["FR"]
        }
        _ = try FeedGenerator.generate(changed)
    }
}

/// Runs the hourly rebuild benchmark (`fuel-bench rebuild`).
public enum HourlyRebuildBench {
    /// What to measure: the scales, the runs of each build, the generator's seed, the scratch folder, the
    /// `fuel-publish` to run and the country metadata it reads.
    public struct Options: Sendable {
        public var scales = [1.0, 3.0]
        public var runs = 3
        public var seed: UInt64 = 1
        public var work = URL(fileURLWithPath: ".build/bench-rebuild")
        public var publisher: String
        public var adapters = URL(fileURLWithPath: "adapters")

        public init(publisher: String) { self.publisher = publisher }
    }

    static let builtAt = BenchOptions.builtAt
    /// An hour after ``builtAt``, as the hourly job runs.
    static let rebuiltAt = "2026-11-30T09:00:00Z"

    /// Measures every scale of `options`.
    /// - Throws: ``BenchError`` when generating, building or measuring fails.
    public static func run(_ options: Options, log: (String) -> Void) throws -> HourlyRebuildReport {
        let trash = Trash(work: options.work)
        defer { trash.empty() }
        var scales: [HourlyRebuildReport.Scale] = []
        for scale in options.scales {
            scales.append(try measure(scale: scale, options, trash: trash, log: log))
        }
        return HourlyRebuildReport(
            run: .current(publisher: options.publisher), runs: options.runs,
            scales: scales)
    }

    private static func measure(
        scale: Double, _ options: Options, trash: Trash, log: (String) -> Void
    ) throws -> HourlyRebuildReport.Scale {
        let folder = options.work.appendingPathComponent("scale-\(scale)")
        try trash.setAside(folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let logs = folder.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let generator = GeneratorOptions(
            scale: scale, seed: options.seed, output: folder.appendingPathComponent("feeds"))
        log("scale \(scale): generating feeds")
        let generated = try FeedGenerator.generate(generator)
        var feeds: [HourlyCase: URL] = [:]
        for hourly in HourlyCase.allCases {
            guard hourly != .unchanged else {
                feeds[hourly] = generator.output
                continue
            }
            let copy = folder.appendingPathComponent("feeds-\(HourlyCase.allCases.firstIndex(of: hourly) ?? 0)")
            try FileManager.default.copyItem(at: generator.output, to: copy)
            try hourly.prepare(copy, base: generator)
            feeds[hourly] = copy
        }

        func build(_ feeds: URL, into out: URL, at time: String, label: String, extra: [String] = []) throws
            -> ProcessMeasurement
        {
            ProcessMeter.settle()
            let measurement = try ProcessMeter.run(
                options.publisher,
                [
                    "build", "--feeds", feeds.path, "--out", out.path, "--adapters", options.adapters.path,
                    "--built-at", time, "--json",
                ] + extra,
                stdout: logs.appendingPathComponent("\(label).json"),
                stderr: logs.appendingPathComponent("\(label).err"))
            guard measurement.status == 0 else {
                throw BenchError("the build \(label) failed; see \(logs.appendingPathComponent("\(label).err").path)")
            }
            return measurement
        }

        let base = folder.appendingPathComponent("fresh")
        var fresh: [ProcessMeasurement] = []
        for run in 1...options.runs {
            log("scale \(scale): fresh build, run \(run) of \(options.runs)")
            try trash.setAside(base)
            fresh.append(try build(generator.output, into: base, at: builtAt, label: "fresh-\(run)"))
        }
        log("scale \(scale): gzip -9 floor")
        let floor = try CompressionFloorMeter.measure(
            published: base.appendingPathComponent("fuel"), scratch: folder.appendingPathComponent("floor"),
            runs: options.runs)

        var cases: [HourlyRebuildReport.Case] = []
        let scratch = folder.appendingPathComponent("rebuild")
        let ignoring = folder.appendingPathComponent("rebuild-ignoring-state")
        for hourly in HourlyCase.allCases {
            guard let caseFeeds = feeds[hourly] else { continue }
            var runs: [ProcessMeasurement] = []
            for run in 1...options.runs {
                log("scale \(scale): rebuild, \(hourly.rawValue), run \(run) of \(options.runs)")
                try trash.setAside(scratch)
                try FileManager.default.copyItem(at: base, to: scratch)  // not timed
                runs.append(try build(caseFeeds, into: scratch, at: rebuiltAt, label: "\(hourly)-\(run)"))
            }
            try trash.setAside(ignoring)
            try FileManager.default.copyItem(at: base, to: ignoring)
            _ = try build(
                caseFeeds, into: ignoring, at: rebuiltAt, label: "\(hourly)-ignoring", extra: ["--ignore-kept-state"])
            let differences = differences(scratch, ignoring)
            cases.append(
                HourlyRebuildReport.Case(
                    name: hourly, runs: runs, identicalToIgnoringState: differences.isEmpty, differences: differences))
        }
        return HourlyRebuildReport.Scale(
            scale: scale, stations: generated.stations, fresh: fresh, floor: floor,
            cases: cases)
    }

    /// The paths under `OUT/fuel` whose bytes differ between two outputs, or that only one has.
    static func differences(_ first: URL, _ second: URL) -> [String] {
        let (a, b) = (
            first.appendingPathComponent("fuel").resolvingSymlinksInPath(),
            second.appendingPathComponent("fuel").resolvingSymlinksInPath()
        )
        let paths = Set(CompressionFloorMeter.publishedFiles(a)).union(CompressionFloorMeter.publishedFiles(b))
        return paths.filter { path in
            FileManager.default.contents(atPath: a.appendingPathComponent(path).path)
                != FileManager.default.contents(atPath: b.appendingPathComponent(path).path)
        }.sorted()
    }
}
