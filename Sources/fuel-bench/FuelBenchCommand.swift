import FuelCommandLine

@main
struct FuelBenchCommand {
    static func main() async {
        await CommandMain.run(usage: "usage: fuel-bench (not built yet)") { throw ExitCode.failure }
    }
}
