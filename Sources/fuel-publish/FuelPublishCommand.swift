import FuelCommandLine

@main
struct FuelPublishCommand {
    static func main() async {
        // TEMPORARY (http branch): only `fetch` is wired, so it can be tried end to end; the lead owns the
        // real dispatcher.
        var arguments = Arguments(CommandMain.arguments)
        guard arguments.subcommand(["fetch"]) != nil else {
            await CommandMain.run(usage: "usage: fuel-publish fetch …") { throw ExitCode.failure }
        }
        let taken = arguments
        await CommandMain.run(usage: FetchCommand.usage) {
            var arguments = taken
            try await FetchCommand.run(&arguments)
        }
    }
}
