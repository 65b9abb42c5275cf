import Foundation
import FuelBench
import FuelCommandLine

/// `fuel-bench`: the full-size feed generator and the benchmark driver.
@main
struct FuelBenchCommand {
    static let usage = """
        usage: fuel-bench <command> [options]

        commands:
          gen         write synthetic feeds in the five real formats (deterministic for a seed)
          day         simulate a day of the publish job, daily against hourly: freshness and cost
          run         measure build, gzip floor, memory, scale, upload and lookups; update BENCHMARKS.md
          rebuild     the hourly job's rebuilds (unchanged, 5 % changed, a feed replaced) against a fresh build
          phone       what the phone reads: a cold lookup against its answer, and along a route, in each format

        Run 'fuel-bench <command> --help' for a command's options; --version prints the version.
        """

    static func main() async {
        await CommandMain.run(usage: usage) {
            var arguments = Arguments(CommandMain.arguments)
            switch arguments.subcommand(["day", "gen", "phone", "rebuild", "run"]) {
            case "gen":
                try GenCommand.run(&arguments)
            case "day":
                try await DayCommand.run(&arguments)
            case "phone":
                try await PhoneCommand.run(&arguments)
            case "rebuild":
                try RebuildCommand.run(&arguments)
            case "run":
                try await RunCommand.run(&arguments)
            default:
                if arguments.wantsHelp { throw CleanExit(usage) }
                throw UsageError("missing or unknown command")
            }
        }
    }
}
