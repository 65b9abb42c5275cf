import Foundation
import FuelBuild
import FuelCommandLine
import FuelFormat
import FuelPublishing
import FuelUpload

/// `fuel-publish verify`: read back everything the live indexes name and say what is wrong.
enum VerifyCommand {
    static let usage = """
        usage: fuel-publish verify --bucket B [--layout v1|v2|both] [--all] [--keep 48] [--prefix fuel/]
                                   [--v2-prefix P] [--endpoint URL] [--region auto] [--concurrency 16]

        Reads every object the bucket's live index names, as a reader would, and checks it: present, its bytes
        those its ETag names, gzip that inflates, a readable document (a tile of the cell its name says), and for
        format 2 the content its name's hash promises. Format 1's contents are held to the hashes format 2's live
        index names when it is of the same build (a price edited in a format-1 tile is caught); without such an
        index only their form is checked, and the report line says so. Writes nothing. Exit 1 names every
        object that is wrong; the next upload rewrites a format-2 object whose bytes differ, and every changed
        format-1 object. The operator's tool after an incident.

          --layout L         v1, v2 or both (default: both): the formats to check
          --all              format 2: also every archived build within --keep hours (the builds rollback
                             can restore), not only the live one
          --keep HOURS       with --all: the window of kept builds (default: 48, as upload)
        \(UploadCommand.bucketHelp)
          --concurrency N    reads in flight (default: 16)

        \(UploadCommand.credentialsHelp)
        """

    static func run(_ arguments: inout Arguments) async throws {
        let (settings, all) = try arguments.parse(usage: usage) { arguments in
            var options = try UploadCommand.bucketOptions(&arguments, dryRun: true)
            options.layout =
                try arguments.option("--layout", as: PublishLayout.init(rawValue:), expected: PublishLayout.choices)
                ?? .both
            options.keepHours = try arguments.option("--keep", as: { Double($0) }, expected: "a number of hours")
            options.concurrency = try arguments.option("--concurrency", as: { Int($0) }, expected: "a whole number")
            return (options, try arguments.flag("--all"))
        } then: { (options, all) in
            (try UploadCommand.settings(options), all)
        }
        let reports = try await PublishedVerifier(settings: settings, all: all) { Console.error($0.sentence) }.run()
        for report in reports {
            for finding in report.findings { Console.output("wrong: \(finding)") }
            Console.output(report.line)
        }
        if reports.contains(where: { !$0.findings.isEmpty }) { throw ExitCode.failure }
    }
}
