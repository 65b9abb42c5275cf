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

        Run 'fuel-publish <command> --help' for a command's options; --version prints the version.
        Exit codes: 0 ok, 1 failure (nothing published), 64 usage error, 128 + the signal when SIGTERM, SIGINT or
        SIGHUP stopped an upload (it stops between two requests and releases the lock).
        """

    static func main() async {
        await CommandMain.run(usage: usage) {
            var arguments = Arguments(CommandMain.arguments)
            switch arguments.subcommand([
                "build", "fetch", "upload", "status", "builds", "rollback", "verify", "diff", "report",
            ])
            {
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
}
