import Foundation
import FuelBench
import FuelCommandLine

/// `fuel-bench run`: the benchmark of issue 7, written into BENCHMARKS.md.
enum RunCommand {
    static let usage = """
        usage: fuel-bench run [--publisher PATH] [--work DIR] [--output FILE] [--adapters DIR] [--scales 1,20]
                              [--runs 5] [--seed N] [--points 1000] [--no-upload] [--no-lookups] [--no-profile]

        Generates feeds at each scale, times the release `fuel-publish build` on them (wall, CPU and peak RSS of
        the child process), measures the single-threaded gzip -9 floor of what it wrote, profiles the build's
        phases, publishes to a local S3 server three times (first, unchanged, after 5% of prices changed) and runs
        the client's 10 km lookup at 1,000 points. Writes the figures between the markers of BENCHMARKS.md and
        everything as JSON into WORK/results.json. Run it through scripts/bench, which builds in release first.

        options:
          --publisher PATH   the fuel-publish to measure (default: .build/release/fuel-publish)
          --work DIR         scratch folder (default: .build/bench)
          --output FILE      the Markdown file to update (default: BENCHMARKS.md)
          --adapters DIR     per-country metadata (default: adapters)
          --scales LIST      comma-separated scales (default: 1,20)
          --runs N           builds per scale, and gzip runs below scale 5; medians reported (default: 5)
          --seed N           generator seed (default: 1)
          --points N         lookup points (default: 1000)
          --no-upload, --no-lookups, --no-profile   skip a part
        """

    static func run(_ arguments: inout Arguments) async throws {
        let options = try arguments.parse(usage: usage) { arguments in
            let publisher = try arguments.option("--publisher") ?? ".build/release/fuel-publish"
            let work = try arguments.option("--work") ?? ".build/bench"
            let output = try arguments.option("--output") ?? "BENCHMARKS.md"
            let adapters = try arguments.option("--adapters") ?? "adapters"
            var scales: [Double] = [1, 20]
            if let items = try arguments.list("--scales") {
                scales = try items.map { item -> Double in
                    guard let scale = Double(item), scale > 0 else {
                        throw UsageError("--scales takes positive numbers, got '\(item)'")
                    }
                    return scale
                }
            }
            let runs = try arguments.option("--runs", as: { Int($0) }, expected: "a whole number") ?? 5
            let seed = try arguments.seed(or: 1)
            let points = try arguments.option("--points", as: { Int($0) }, expected: "a whole number") ?? 1_000
            let upload = try !arguments.flag("--no-upload")
            let lookups = try !arguments.flag("--no-lookups")
            let profile = try !arguments.flag("--no-profile")
            return BenchOptions(
                publisher: publisher, work: URL(fileURLWithPath: work), output: URL(fileURLWithPath: output),
                adapters: URL(fileURLWithPath: adapters),
                s3Script: URL(fileURLWithPath: "scripts/servers/s3_server.py"),
                scales: scales, runs: runs, seed: seed, lookupPoints: points, upload: upload, lookups: lookups,
                profile: profile)
        } then: { options in
            guard FileManager.default.isExecutableFile(atPath: options.publisher) else {
                throw UsageError("\(options.publisher) is not an executable; build it with swift build -c release")
            }
            return options
        }
        let results = try await BenchRunner(options: options) { Console.error($0) }.run()
        for target in results.targets {
            let verdict = target.pass.map { $0 ? "pass" : "MISS" } ?? "not measured"
            Console.error("\(verdict): \(target.name): \(target.measured) (target \(target.limit))")
        }
        Console.error("wrote \(options.output.path) and \(options.work.path)/results.json")
    }
}
