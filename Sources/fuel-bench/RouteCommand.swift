import Foundation
import FuelBench
import FuelCommandLine

/// `fuel-bench route`: what a lookup along a route costs the phone.
enum RouteCommand {
    static let usage = """
        usage: fuel-bench route [--scale S] [--routes N] [--length-km KM] [--buffer-km KM] [--seed N]
                                [--publisher PATH] [--work DIR] [--adapters DIR] [--output FILE]
                                [--write-benchmarks] [--json]

        Generates feeds, builds both formats with fuel-publish, draws routes of about the length between two
        published stations, and looks each up cold (a new client, nothing cached) with TileClient.stationsAlong
        in format 1 and format 2: requests, tiles, body bytes and time per route, median and p95.

        options:
          --scale S            the generator's scale (default 1 ≈ 52,000 stations)
          --routes N           routes to draw (default 30)
          --length-km KM       route length, within 10 % (default 300)
          --buffer-km KM       the corridor's buffer (default 5)
          --seed N             seed of the generator and of the routes (default 1)
          --publisher PATH     fuel-publish to build with (default: the one beside this fuel-bench)
          --work DIR           scratch folder (default .build/bench-route)
          --adapters DIR       country metadata (default adapters)
          --output FILE        the Markdown file to update (default BENCHMARKS.md)
          --write-benchmarks   replace the marked section of --output with the results
          --json               print the results as JSON on stdout
        """

    static func run(_ arguments: inout Arguments) async throws {
        let (options, output, write, json) = try arguments.parse(usage: usage) { arguments in
            var options = RouteLookupBench.Options(
                publisher: try arguments.option("--publisher") ?? FaultDayCommand.besideThisExecutable().path)
            options.scale = try arguments.option("--scale", as: { Double($0) }, expected: "a positive number") ?? 1
            guard options.scale > 0, options.scale <= 20 else {
                throw UsageError("--scale must be above 0, at most 20")
            }
            options.routes = try arguments.option("--routes", as: { Int($0) }, expected: "a whole number") ?? 30
            guard (1...1_000).contains(options.routes) else { throw UsageError("--routes must be 1 to 1000") }
            options.lengthKm = try arguments.option("--length-km", as: { Double($0) }, expected: "kilometres") ?? 300
            guard options.lengthKm >= 1, options.lengthKm <= 2_000 else {
                throw UsageError("--length-km must be 1 to 2000")
            }
            options.bufferKm = try arguments.option("--buffer-km", as: { Double($0) }, expected: "kilometres") ?? 5
            guard options.bufferKm > 0, options.bufferKm <= 50 else {
                throw UsageError("--buffer-km must be above 0, at most 50")
            }
            options.seed = try arguments.option("--seed", as: { UInt64($0) }, expected: "a non-negative integer") ?? 1
            options.work = URL(fileURLWithPath: try arguments.option("--work") ?? ".build/bench-route")
            options.adapters = URL(fileURLWithPath: try arguments.option("--adapters") ?? "adapters")
            let output = URL(fileURLWithPath: try arguments.option("--output") ?? "BENCHMARKS.md")
            return (options, output, try arguments.flag("--write-benchmarks"), try arguments.flag("--json"))
        }
        let report = try await RouteLookupBench.run(options) { Console.error($0) }
        let markdown = RouteLookupMarkdown(report, command: DayCommand.commandLine)
        try DayCommand.deliver(
            json: json ? report.json() : nil, summary: markdown.summary(), write: write ? output : nil,
            markdown.write(to:))
    }
}
