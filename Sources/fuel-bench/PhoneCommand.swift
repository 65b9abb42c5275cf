import Foundation
import FuelBench
import FuelCommandLine

/// `fuel-bench phone`: what the phone reads, on a first read and along a route.
enum PhoneCommand {
    static let usage = """
        usage: fuel-bench phone [--lookups N] [--radius-km KM] [--routes N] [--length-km KM] [--buffer-km KM]
                                [--scale S] [--seed N] [--publisher PATH] [--work DIR] [--adapters DIR]
                                [--output FILE] [--write-benchmarks] [--json]

        Generates feeds, builds both formats with fuel-publish, and runs cold lookups (a new client each, nothing
        cached) in format 1 and format 2: lookups at published stations, their bytes against the floor (the
        answer alone, gzipped) and their requests; and lookups along routes of about the length between two
        published stations: corridor cells, tiles read, requests, bytes and time. Medians and p95.

        options:
          --lookups N          first-read lookups (default 100)
          --radius-km KM       their radius (default 10)
          --routes N           routes to draw (default 30)
          --length-km KM       route length, within 10 % (default 300)
          --buffer-km KM       the corridor's buffer (default 5)
        \(BothFormatsBuild.usage)
        \(BenchCommandOutput.usage(work: ".build/bench-phone"))
        """

    static func run(_ arguments: inout Arguments) async throws {
        let (options, output) = try arguments.parse(usage: usage) { arguments in
            let output = try BenchCommandOutput(&arguments, work: ".build/bench-phone")
            var options = PhoneBench.Options(try BothFormatsBuild(&arguments, output: output))
            options.lookups = try arguments.number("--lookups", default: 100, within: 1...10_000)
            options.radiusKm = try arguments.number("--radius-km", default: 10, above: 0, atMost: 50)
            options.routes = try arguments.number("--routes", default: 30, within: 1...1_000)
            options.lengthKm = try arguments.number("--length-km", default: 300, above: 0, atMost: 2_000)
            options.bufferKm = try arguments.number("--buffer-km", default: 5, above: 0, atMost: 50)
            return (options, output)
        }
        var report = try await PhoneBench.run(options) { Console.error($0) }
        report.run.command = BenchCommandOutput.commandLine
        try output.deliver(json: report.json, summary: report.summary(), report.write(to:))
    }
}
