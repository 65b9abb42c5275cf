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

    /// One command: its name as typed after `fuel-publish`, its options' text, and what runs it.
    struct Command: Sendable {
        let name: String
        let usage: String
        let run: @Sendable (inout Arguments) async throws -> Void
    }

    /// Every command but `help`, in the usage's order: the one table the dispatch and `help <command>` read.
    static let table = [
        Command(name: "fetch", usage: FetchCommand.usage, run: FetchCommand.run),
        Command(name: "build", usage: BuildCommand.usage, run: BuildCommand.run),
        Command(name: "upload", usage: UploadCommand.usage, run: UploadCommand.run),
        Command(name: "status", usage: StatusCommand.usage, run: StatusCommand.run),
        Command(name: "builds", usage: BuildsCommand.usage, run: BuildsCommand.run),
        Command(name: "rollback", usage: RollbackCommand.usage, run: RollbackCommand.run),
        Command(name: "verify", usage: VerifyCommand.usage, run: VerifyCommand.run),
        Command(name: "diff", usage: DiffCommand.usage, run: DiffCommand.run),
        Command(name: "report", usage: ReportCommand.usage, run: ReportCommand.run),
    ]

    /// The commands, as typed after `fuel-publish`.
    static let commands = table.map(\.name) + ["help"]

    static func main() async {
        await CommandMain.run(usage: usage) {
            var arguments = Arguments(CommandMain.arguments)
            let name = arguments.subcommand(Set(commands))
            if name == "help" { try help(&arguments) }
            if let command = table.first(where: { $0.name == name }) { return try await command.run(&arguments) }
            if arguments.wantsHelp { throw CleanExit(usage + "\n\n" + RunCommand.usage) }
            if let first = CommandMain.arguments.first, !first.hasPrefix("-") {
                throw UsageError("unknown command '\(first)'")
            }
            try await RunCommand.run(&arguments)
        }
    }

    /// `help`: the program's usage and the whole run's, exit 0; `help <command>`: that command's.
    static func help(_ arguments: inout Arguments) throws -> Never {
        let topics = arguments.positionals()
        try arguments.finish()
        guard let topic = topics.first else { throw CleanExit(usage + "\n\n" + RunCommand.usage) }
        guard topics.count == 1, let command = table.first(where: { $0.name == topic }) else {
            throw UsageError("help takes one command's name: \(table.map(\.name).sorted().joined(separator: ", "))")
        }
        throw CleanExit(command.usage)
    }
}
