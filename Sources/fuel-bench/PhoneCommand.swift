import Foundation
import FuelBench
import FuelCommandLine

/// `fuel-bench phone`: what the phone reads, on a first read, along a route and for a watch list.
enum PhoneCommand {
    static let usage = """
        usage: fuel-bench phone [--lookups N] [--radius-km KM] [--routes N] [--length-km KM] [--buffer-km KM]
                                [--watch-lists N] [--watch-list-size N] [--scale S] [--seed N]
                                [--publisher PATH] [--work DIR] [--adapters DIR] [--output FILE]
                                [--write-benchmarks] [--json]

        Generates feeds, builds both formats with fuel-publish, and runs cold lookups (a new client each, nothing
        cached) in format 1 and format 2: lookups at published stations, their bytes against the floor (the
        answer alone, gzipped) and their requests; and lookups along routes of about the length between two
        published stations: corridor cells, tiles read, requests, bytes and time; and watch lists of stations by
        id with their cells, cold and then warm (the same client once every trust period has passed). Medians
        and p95.

        options:
          --lookups N          first-read lookups (default 100)
          --radius-km KM       their radius (default 10)
          --routes N           routes to draw (default 30)
          --length-km KM       route length, within 10 % (default 300)
          --buffer-km KM       the corridor's buffer (default 5)
          --watch-lists N      watch lists to draw (default 30)
          --watch-list-size N  stations in each (default 10)
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
            options.watchLists = try arguments.number("--watch-lists", default: 30, within: 1...1_000)
            options.watchListSize = try arguments.number("--watch-list-size", default: 10, within: 1...1_000)
            return (options, output)
        }
        var report = try await PhoneBench.run(options) { Console.error($0) }
        report.run.command = BenchCommandOutput.commandLine
        try output.deliver(json: report.json, summary: report.summary(), report.write(to:))
    }
}
