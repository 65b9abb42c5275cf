import Foundation
import FuelBench
import FuelCommandLine

/// `fuel-bench day --faults`: the hourly job over a faulted span (usage in ``DayCommand/usage``).
enum FaultDayCommand {
    static func run(_ arguments: inout Arguments) async throws {
        let (options, output) = try arguments.parse(usage: DayCommand.usage) { arguments in
            _ = try arguments.flag("--faults")
            let output = try BenchCommandOutput(&arguments, work: ".build/bench-fault-day")
            let publisher =
                try arguments.option("--publisher").map { URL(fileURLWithPath: $0) } ?? Self.besideThisExecutable()
            var options = FaultDayOptions(
                work: output.work, adapters: output.adapters,
                s3Script: URL(fileURLWithPath: "scripts/servers/seaweedfs_server.py"),
                proxyScript: URL(fileURLWithPath: "scripts/servers/fault_proxy.py"), publisher: publisher)
            // Each option not given keeps the default FaultDayOptions declares.
            options.hours =
                try arguments.option("--hours", as: { Int($0) }, expected: "a whole number of hours") ?? options.hours
            guard options.hours >= 2, options.hours <= 96 else {
                throw UsageError("--hours must be 2 to 96 with --faults")
            }
            options.scale = try arguments.dayScale(or: options.scale)
            options.seed = try arguments.seed(or: options.seed)
            options.faultRate =
                try arguments.option("--fault-rate", as: { Double($0) }, expected: "a share") ?? options.faultRate
            guard (0...0.5).contains(options.faultRate) else { throw UsageError("--fault-rate must be 0 to 0.5") }
            options.kills =
                try arguments.option("--kills", as: { Int($0) }, expected: "a whole number") ?? options.kills
            guard options.kills >= 0, options.kills < options.hours else {
                throw UsageError("--kills must be 0 to one less than --hours")
            }
            options.lockLease = try arguments.option("--lock-lease")
            return (options, output)
        }
        let report = try await FaultDayBench.run(options) { Console.error($0) }
        let markdown = FaultDayMarkdown(report: report, command: BenchCommandOutput.commandLine)
        try output.deliver(json: report.json, summary: markdown.summary(), markdown.write(to:))
    }

    /// `fuel-publish` in the folder of the running `fuel-bench`, as `swift build` lays them out.
    static func besideThisExecutable() -> URL {
        let me = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return me.deletingLastPathComponent().appendingPathComponent("fuel-publish")
    }
}
