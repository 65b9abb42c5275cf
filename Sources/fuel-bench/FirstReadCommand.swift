import Foundation
import FuelBench
import FuelCommandLine

/// `fuel-bench first-read`: what a phone's cold lookup reads against the answer's own size.
enum FirstReadCommand {
    static let usage = """
        usage: fuel-bench first-read [--lookups N] [--radius-km KM] [--scale S] [--seed N] [--publisher PATH]
                                     [--work DIR] [--adapters DIR] [--output FILE] [--write-benchmarks] [--json]

        Generates feeds, builds both formats with fuel-publish, and runs cold lookups (a new client, nothing
        cached) at published stations in format 1 and format 2: body bytes read against the floor (the answer's
        stations alone, gzipped) and requests, median and p95.

        options:
          --lookups N          lookups (default 100)
          --radius-km KM       the lookups' radius (default 10)
        \(BothFormatsBuild.usage)
        \(BenchCommandOutput.usage(work: ".build/bench-first-read"))
        """

    static func run(_ arguments: inout Arguments) async throws {
        let (options, output) = try arguments.parse(usage: usage) { arguments in
            let output = try BenchCommandOutput(&arguments, work: ".build/bench-first-read")
            var options = FirstReadBench.Options(try BothFormatsBuild(&arguments, output: output))
            options.lookups = try arguments.option("--lookups", as: { Int($0) }, expected: "a whole number") ?? 100
            guard (1...10_000).contains(options.lookups) else { throw UsageError("--lookups must be 1 to 10000") }
            options.radiusKm = try arguments.option("--radius-km", as: { Double($0) }, expected: "kilometres") ?? 10
            guard options.radiusKm > 0, options.radiusKm <= 50 else {
                throw UsageError("--radius-km must be above 0, at most 50")
            }
            return (options, output)
        }
        var report = try await FirstReadBench.run(options) { Console.error($0) }
        report.run.command = BenchCommandOutput.commandLine
        try output.deliver(json: report.json, summary: report.summary(), report.write(to:))
    }
}
