import Foundation
import FuelBench
import FuelCommandLine

/// `fuel-bench route`: what a lookup along a route costs the phone.
enum RouteCommand {
    static let usage = """
        usage: fuel-bench route [--routes N] [--length-km KM] [--buffer-km KM] [--scale S] [--seed N]
                                [--publisher PATH] [--work DIR] [--adapters DIR] [--output FILE]
                                [--write-benchmarks] [--json]

        Generates feeds, builds both formats with fuel-publish, draws routes of about the length between two
        published stations, and looks each up cold (a new client, nothing cached) with TileClient.stationsAlong
        in format 1 and format 2: corridor cells, tiles read, requests, body bytes and time per route, median
        and p95.

        options:
          --routes N           routes to draw (default 30)
          --length-km KM       route length, within 10 % (default 300)
          --buffer-km KM       the corridor's buffer (default 5)
        \(BothFormatsBuild.usage)
        \(BenchCommandOutput.usage(work: ".build/bench-route"))
        """

    static func run(_ arguments: inout Arguments) async throws {
        let (options, output) = try arguments.parse(usage: usage) { arguments in
            let output = try BenchCommandOutput(&arguments, work: ".build/bench-route")
            var options = RouteLookupBench.Options(try BothFormatsBuild(&arguments, output: output))
            options.routes = try arguments.option("--routes", as: { Int($0) }, expected: "a whole number") ?? 30
            guard (1...1_000).contains(options.routes) else { throw UsageError("--routes must be 1 to 1000") }
            options.lengthKm = try arguments.option("--length-km", as: { Double($0) }, expected: "kilometres") ?? 300
            guard (1...2_000).contains(options.lengthKm) else { throw UsageError("--length-km must be 1 to 2000") }
            options.bufferKm = try arguments.option("--buffer-km", as: { Double($0) }, expected: "kilometres") ?? 5
            guard options.bufferKm > 0, options.bufferKm <= 50 else {
                throw UsageError("--buffer-km must be above 0, at most 50")
            }
            return (options, output)
        }
        var report = try await RouteLookupBench.run(options) { Console.error($0) }
        report.run.command = BenchCommandOutput.commandLine
        try output.deliver(json: report.json, summary: report.summary(), report.write(to:))
    }
}
