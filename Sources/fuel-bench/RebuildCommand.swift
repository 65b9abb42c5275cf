import Foundation
import FuelBench
import FuelCommandLine

/// `fuel-bench rebuild`: what the hourly job's rebuilds cost against a fresh build.
enum RebuildCommand {
    static let usage = """
        usage: fuel-bench rebuild [--scales 1,3] [--runs 3] [--seed N] [--publisher PATH] [--work DIR]
                                  [--adapters DIR] [--output FILE] [--write-benchmarks] [--json]

        Generates feeds at each scale, times a fresh `fuel-publish build` and the gzip -9 floor of its output,
        then a rebuild an hour later over a copy of it in each hourly case: nothing changed, 5 % of one
        country's prices changed, 5 % of every country's, one country's feed replaced. Each is the best of
        --runs runs, with CPU time and peak RSS, and each case's output is compared byte for byte with a
        rebuild that ignores the kept state (--ignore-kept-state).

        options:
          --scales LIST        comma-separated scales (default 1,3; 1 ≈ 52,000 stations)
          --runs N             runs of each build (default 3)
          --seed N             the generator's seed (default 1)
          --publisher PATH     fuel-publish to run (default: the one beside this fuel-bench)
        \(BenchCommandOutput.usage(work: ".build/bench-rebuild"))
        """

    static func run(_ arguments: inout Arguments) throws {
        let (options, output) = try arguments.parse(usage: usage) { arguments in
            let output = try BenchCommandOutput(&arguments, work: ".build/bench-rebuild")
            var options = HourlyRebuildBench.Options(
                publisher: try arguments.option("--publisher") ?? FaultDayCommand.besideThisExecutable().path)
            (options.work, options.adapters) = (output.work, output.adapters)
            options.scales =
                try arguments.list("--scales")?.map { text -> Double in
                    guard let scale = Double(text), scale > 0, scale <= 20 else {
                        throw UsageError("--scales takes numbers above 0 and at most 20, got \(text)")
                    }
                    return scale
                } ?? [1, 3]
            options.runs = try arguments.option("--runs", as: { Int($0) }, expected: "a whole number") ?? 3
            guard (1...10).contains(options.runs) else { throw UsageError("--runs must be 1 to 10") }
            options.seed = try arguments.seed(or: 1)
            return (options, output)
        }
        var report = try HourlyRebuildBench.run(options) { Console.error($0) }
        report.run.command = BenchCommandOutput.commandLine
        try output.deliver(json: report.json, summary: report.summary(), report.write(to:))
    }
}
