import Foundation
import FuelBuild
import FuelCommandLine
import FuelFormat
import FuelUpload

/// `fuel-publish verify`: read back everything the live indexes name and say what is wrong.
enum VerifyCommand {
    static let usage = """
        usage: fuel-publish verify --bucket B [--layout v1|v2|both] [--all] [--keep 48] [--prefix fuel/]
                                   [--v2-prefix P] [--endpoint URL] [--region auto] [--concurrency 16]

        Reads every object the bucket's live index names, as a reader would, and checks it: present, its bytes
        those its ETag names, gzip that inflates, a readable document (a tile of the cell its name says), and for
        format 2 the content its name's hash promises. Writes nothing. Exit 1 names every object that is wrong;
        the next upload rewrites a format-2 object whose bytes differ, and every changed format-1 object. The
        operator's tool after an incident.

          --layout L         v1, v2 or both (default: both): the formats to check
          --all              format 2: also every archived build within --keep hours (the builds rollback
                             can restore), not only the live one
          --keep HOURS       with --all: the window of kept builds (default: 48, as upload)
          --bucket B         bucket name (default: $FUEL_BUCKET)
          --prefix P         format 1's key prefix (default: fuel/); format 2's is <prefix>v2/
          --v2-prefix P      format 2's key prefix (default: fuel/v2/)
          --endpoint URL     S3 API endpoint (default: $AWS_ENDPOINT_URL_S3, then $AWS_ENDPOINT_URL)
          --region R         SigV4 region (default: $AWS_REGION, else auto)
          --concurrency N    reads in flight (default: 16)

        environment:
          AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (required), AWS_SESSION_TOKEN (optional). Never printed.
        """

    static func run(_ arguments: inout Arguments) async throws {
        if arguments.wantsHelp { throw CleanExit(usage) }
        let settings: UploadSettings
        let all: Bool
        do {
            var options = try UploadCommand.bucketOptions(&arguments, dryRun: true)
            options.layout =
                try arguments.option("--layout", as: PublishLayout.init(rawValue:), expected: PublishLayout.choices)
                ?? .both
            options.keepHours = try arguments.option("--keep", as: { Double($0) }, expected: "a number of hours")
            options.concurrency = try arguments.option("--concurrency", as: { Int($0) }, expected: "a whole number")
            all = try arguments.flag("--all")
            try arguments.finish()
            settings = try UploadCommand.settings(options)
        } catch let error as UsageError {
            throw UsageError(error.message, usage: usage)
        }
        let reports = try await PublishedVerifier(settings: settings, all: all) { Console.error($0.sentence) }.run()
        for report in reports {
            for finding in report.findings { Console.output("wrong: \(finding)") }
            Console.output(report.line)
        }
        if reports.contains(where: { !$0.findings.isEmpty }) { throw ExitCode.failure }
    }
}
