import Foundation
import FuelBench
import FuelCommandLine

/// `fuel-bench day`: freshness and cost of the publish schedules over a simulated day.
enum DayCommand {
    static let usage = """
        usage: fuel-bench day [--hours 24] [--scale S] [--schedule daily|hourly|both] [--seed N] [--points N]
                              [--work DIR] [--adapters DIR] [--output FILE] [--write-benchmarks] [--json]
               fuel-bench day --faults [--hours 48] [--scale S] [--seed N] [--fault-rate 0.05] [--kills N]
                              [--lock-lease DURATION] [--publisher PATH] [--work DIR] [--adapters DIR]
                              [--output FILE] [--write-benchmarks] [--json]

        Simulates the publish job on an injected clock (no waiting): the five national services publish at their
        real rhythms with prices changing through the day, the real fetch, build and upload run on the schedule to
        a local SeaweedFS, and a phone looks up random points every 10 minutes with its disk cache. Prints, per
        schedule, the age of the prices the phone sees, the requests to each service against its budget, the
        bucket's PUTs and Class A operations, the phone's requests and bytes, and the wall time of a run.

        options:
          --hours H             simulated hours (default 24)
          --scale S             feed sizes, 1 ≈ 52,000 stations (default 0.05)
          --schedule WHICH      daily, hourly or both (default both)
          --seed N              generator and phone seed (default 1)
          --points N            lookups at each of the phone's checks (default 5)
          --work DIR            scratch folder (default .build/bench-day)
          --adapters DIR        per-country metadata (default adapters)
          --output FILE         the Markdown file --write-benchmarks updates (default BENCHMARKS.md)
          --write-benchmarks    write the section between the day markers of the output file
          --json                print the report as JSON on stdout

        With --faults: the hourly job as the workflow runs it, one run per simulated hour, with the build and the
        upload real fuel-publish child processes, against SeaweedFS behind a fault proxy: a share of the feed and
        S3 requests faulted, runs killed with SIGKILL at random moments, the clock 3 h ahead for 3 runs then back,
        ES down for 30 hours and PT down during the first run. An independent checker reads the bucket after each
        hour. Prints the publishes missed, the manual steps, the invariant violations and the worst price age at
        the phone per country (see BENCHMARKS.md).
          --faults              run the faulted span (defaults: --hours 48 --scale 0.02)
          --fault-rate R        share of feed and S3 requests faulted (default 0.05)
          --kills N             runs to kill with SIGKILL (default 6; a kill due after its process ended is skipped)
          --lock-lease D        passed to upload --lock-lease; after a kill the bench waits it out, as the hour would
          --publisher PATH      the fuel-publish executable (default: beside fuel-bench)
        """

    static func run(_ arguments: inout Arguments) async throws {
        if CommandMain.arguments.contains("--faults") { return try await FaultDayCommand.run(&arguments) }
        let (options, output) = try arguments.parse(usage: usage) { arguments in
            let output = try BenchCommandOutput(&arguments, work: ".build/bench-day")
            var options = DayOptions(
                work: output.work, adapters: output.adapters,
                s3Script: URL(fileURLWithPath: "scripts/servers/seaweedfs_server.py"))
            // Each option not given keeps the default DayOptions declares.
            options.hours =
                try arguments.option("--hours", as: { Double($0) }, expected: "a number of hours") ?? options.hours
            guard options.hours > 0, options.hours <= 72 else {
                throw UsageError("--hours must be above 0 and at most 72")
            }
            options.scale = try arguments.dayScale(or: options.scale)
            switch try arguments.option("--schedule") ?? "both" {
            case "both": options.schedules = DaySchedule.allCases
            case let which:
                guard let schedule = DaySchedule(rawValue: which) else {
                    throw UsageError("--schedule takes daily, hourly or both, got '\(which)'")
                }
                options.schedules = [schedule]
            }
            options.seed = try arguments.seed(or: options.seed)
            options.lookupsPerCheck =
                try arguments.option("--points", as: { Int($0) }, expected: "a whole number") ?? options.lookupsPerCheck
            guard options.lookupsPerCheck > 0 else { throw UsageError("--points must be at least 1") }
            return (options, output)
        }
        let report = try await DayBench.run(options) { Console.error($0) }
        let markdown = DayMarkdown(report: report, command: BenchCommandOutput.commandLine)
        try output.deliver(json: report.json, summary: markdown.summary(), markdown.write(to:))
    }
}
