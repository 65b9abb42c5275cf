import Foundation
import FuelBench
import FuelCommandLine

/// `fuel-bench day --faults`: the hourly job over a faulted span (usage in ``DayCommand/usage``).
enum FaultDayCommand {
    static func run(_ arguments: inout Arguments) async throws {
        let (options, output) = try arguments.parse(usage: DayCommand.usage) { arguments in
            _ = try arguments.flag("--faults")
            let hours = try arguments.option("--hours", as: { Int($0) }, expected: "a whole number of hours") ?? 48
            guard hours >= 2, hours <= 96 else { throw UsageError("--hours must be 2 to 96 with --faults") }
            let scale = try arguments.option("--scale", as: { Double($0) }, expected: "a positive number") ?? 0.02
            guard scale > 0, scale <= 1 else { throw UsageError("--scale must be above 0 and at most 1") }
            let seed = try arguments.option("--seed", as: { UInt64($0) }, expected: "a non-negative integer") ?? 1
            let rate = try arguments.option("--fault-rate", as: { Double($0) }, expected: "a share") ?? 0.05
            guard (0...0.5).contains(rate) else { throw UsageError("--fault-rate must be 0 to 0.5") }
            let kills = try arguments.option("--kills", as: { Int($0) }, expected: "a whole number") ?? 6
            guard kills >= 0, kills < hours else { throw UsageError("--kills must be 0 to one less than --hours") }
            let lease = try arguments.option("--lock-lease")
            let publisher =
                try arguments.option("--publisher").map { URL(fileURLWithPath: $0) } ?? Self.besideThisExecutable()
            let output = try BenchCommandOutput(&arguments, work: ".build/bench-fault-day")
            let options = FaultDayOptions(
                hours: hours, scale: scale, seed: seed, faultRate: rate, kills: kills, lockLease: lease,
                work: output.work, adapters: output.adapters,
                s3Script: URL(fileURLWithPath: "scripts/servers/seaweedfs_server.py"),
                proxyScript: URL(fileURLWithPath: "scripts/servers/fault_proxy.py"), publisher: publisher)
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
