import Foundation
import FuelBench
import FuelCommandLine

/// `fuel-bench first-read`: what a phone's cold lookup reads against the answer's own size.
enum FirstReadCommand {
    static let usage = """
        usage: fuel-bench first-read [--scale S] [--lookups N] [--radius-km KM] [--seed N] [--publisher PATH]
                                     [--work DIR] [--adapters DIR] [--output FILE] [--write-benchmarks] [--json]

        Generates feeds, builds both formats with fuel-publish, and runs cold lookups (a new client, nothing
        cached) at published stations in format 1 and format 2: body bytes read against the floor (the answer's
        stations alone, gzipped) and requests, median and p95.

        options:
          --scale S            the generator's scale (default 1 ≈ 52,000 stations)
          --lookups N          lookups (default 100)
          --radius-km KM       the lookups' radius (default 10)
          --seed N             seed of the generator and of the points (default 1)
          --publisher PATH     fuel-publish to build with (default: the one beside this fuel-bench)
          --work DIR           scratch folder (default .build/bench-first-read)
          --adapters DIR       country metadata (default adapters)
          --output FILE        the Markdown file to update (default BENCHMARKS.md)
          --write-benchmarks   replace the marked section of --output with the results
          --json               print the results as JSON on stdout
        """

    static func run(_ arguments: inout Arguments) async throws {
        let (options, output, write, json) = try arguments.parse(usage: usage) { arguments in
            var options = FirstReadBench.Options(
                publisher: try arguments.option("--publisher") ?? FaultDayCommand.besideThisExecutable().path)
            options.scale = try arguments.option("--scale", as: { Double($0) }, expected: "a positive number") ?? 1
            guard options.scale > 0, options.scale <= 20 else {
                throw UsageError("--scale must be above 0, at most 20")
            }
            options.lookups = try arguments.option("--lookups", as: { Int($0) }, expected: "a whole number") ?? 100
            guard (1...10_000).contains(options.lookups) else { throw UsageError("--lookups must be 1 to 10000") }
            options.radiusKm = try arguments.option("--radius-km", as: { Double($0) }, expected: "kilometres") ?? 10
            guard options.radiusKm > 0, options.radiusKm <= 50 else {
                throw UsageError("--radius-km must be above 0, at most 50")
            }
            options.seed = try arguments.option("--seed", as: { UInt64($0) }, expected: "a non-negative integer") ?? 1
            options.work = URL(fileURLWithPath: try arguments.option("--work") ?? ".build/bench-first-read")
            options.adapters = URL(fileURLWithPath: try arguments.option("--adapters") ?? "adapters")
            let output = URL(fileURLWithPath: try arguments.option("--output") ?? "BENCHMARKS.md")
            return (options, output, try arguments.flag("--write-benchmarks"), try arguments.flag("--json"))
        }
        let report = try await FirstReadBench.run(options) { Console.error($0) }
        let markdown = FirstReadMarkdown(report, command: DayCommand.commandLine)
        try DayCommand.deliver(
            json: json ? report.json() : nil, summary: markdown.summary(), write: write ? output : nil,
            markdown.write(to:))
    }
}
