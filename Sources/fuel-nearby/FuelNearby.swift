import FuelCommandLine

@main
struct FuelNearby {
    static func main() async {
        await CommandMain.run(usage: "usage: fuel-nearby (not built yet)") { throw ExitCode.failure }
    }
}
