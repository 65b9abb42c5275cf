import FuelCommandLine

/// `fuel-publish`: fetch the five national feeds, build the tiles and publish them.
@main
struct FuelPublishCommand {
    static let usage = """
        usage: fuel-publish <command> [options]

        commands:
          fetch     download the national feeds into a folder (all-or-nothing per country, manifest.json)
          build     parse feeds from a folder and write the gzipped tile set to OUT/fuel (complete or nothing)

        Run 'fuel-publish <command> --help' for a command's options.
        Exit codes: 0 ok, 1 failure (nothing published), 64 usage error.
        """

    static func main() async {
        await CommandMain.run(usage: usage) {
            var arguments = Arguments(CommandMain.arguments)
            switch arguments.subcommand(["build", "fetch"]) {
            case "build":
                try await BuildCommand.run(&arguments)
            case "fetch":
                try await FetchCommand.run(&arguments)
            default:
                if arguments.wantsHelp { throw CleanExit(usage) }
                throw UsageError("missing or unknown command")
            }
        }
    }
}
