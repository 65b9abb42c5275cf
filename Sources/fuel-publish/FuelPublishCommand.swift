import FuelCommandLine

/// `fuel-publish`: fetch the five national feeds, build the tiles and publish them.
@main
struct FuelPublishCommand {
    static let usage = """
        usage: fuel-publish [--dry-run] [--offline] [options]     the whole run: fetch, build, upload
               fuel-publish <command> [options]

        commands:
          fetch     download the national feeds into a folder (all-or-nothing per country, manifest.json)
          build     parse feeds from a folder and write the gzipped tile set to OUT/fuel (complete or nothing)
          upload    publish OUT/fuel to S3/R2: changed tiles, then brands, trends and sources, then the index, then deletes
          status    how old the published data is (exit 1 when stale), for an operator or a monitor
          builds    format 2: the archived builds in the bucket, with age and stations, and which are restorable
          rollback  format 2: make an archived build the live index again (--to BUILT_AT)
          verify    read back every object the live indexes name and check it (exit 1 names what is wrong)
          diff      what changed between two builds: stations added, removed and moved, prices, tiles
          report    one self-contained HTML file: a map of the build's stations, its cells, a table per country
          help      this text, or with a command's name its options (exit 0)

        Run 'fuel-publish <command> --help' or 'fuel-publish help <command>' for a command's options; --version
        prints the version.

        \(ExitCodes.help)
        """

    /// The commands, as typed after `fuel-publish`.
    static let commands = [
        "fetch", "build", "upload", "status", "builds", "rollback", "verify", "diff", "report", "help",
    ]

    static func main() async {
        await CommandMain.run(usage: usage) {
            var arguments = Arguments(CommandMain.arguments)
            switch arguments.subcommand(Set(commands)) {
            case "help":
                try help(&arguments)
            case "build":
                try await BuildCommand.run(&arguments)
            case "fetch":
                try await FetchCommand.run(&arguments)
            case "upload":
                try await UploadCommand.run(&arguments)
            case "status":
                try await StatusCommand.run(&arguments)
            case "builds":
                try await BuildsCommand.run(&arguments)
            case "rollback":
                try await RollbackCommand.run(&arguments)
            case "verify":
                try await VerifyCommand.run(&arguments)
            case "diff":
                try await DiffCommand.run(&arguments)
            case "report":
                try await ReportCommand.run(&arguments)
            default:
                if arguments.wantsHelp { throw CleanExit(usage + "\n\n" + RunCommand.usage) }
                if let first = CommandMain.arguments.first, !first.hasPrefix("-") {
                    throw UsageError("unknown command '\(first)'")
                }
                try await RunCommand.run(&arguments)
            }
        }
    }

    /// `help`: the program's usage and the whole run's, exit 0; `help <command>`: that command's.
    static func help(_ arguments: inout Arguments) throws -> Never {
        let usages = [
            "build": BuildCommand.usage, "fetch": FetchCommand.usage, "upload": UploadCommand.usage,
            "status": StatusCommand.usage, "builds": BuildsCommand.usage, "rollback": RollbackCommand.usage,
            "verify": VerifyCommand.usage, "diff": DiffCommand.usage, "report": ReportCommand.usage,
        ]
        let topics = arguments.positionals()
        try arguments.finish()
        guard let topic = topics.first else { throw CleanExit(usage + "\n\n" + RunCommand.usage) }
        guard topics.count == 1, let text = usages[topic] else {
            throw UsageError("help takes one command's name: \(usages.keys.sorted().joined(separator: ", "))")
        }
        throw CleanExit(text)
    }
}
