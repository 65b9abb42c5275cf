import FuelCommandLine

@main
struct FuelPublishCommand {
    static func main() async {
        await CommandMain.run(usage: "usage: fuel-publish (not built yet)") { throw ExitCode.failure }
    }
}
