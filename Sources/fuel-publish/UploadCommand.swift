import Foundation
import FuelBuild
import FuelCommandLine
import FuelPublishing
import FuelUpload

/// `fuel-publish upload`: the published build to S3/R2, tiles before index, nothing partial, nothing re-sent.
enum UploadCommand {
    static let usage = """
        usage: fuel-publish upload --bucket B [--from OUT] [--layout v1|v2|both] [--prefix fuel/] [--v2-prefix P]
                                   [--endpoint URL] [--region auto] [--concurrency 16] [--max-age 3600]
                                   [--index-max-age S] [--keep 48] [--now TIME] [--allow-shrink]
                                   [--connect-timeout 15] [--stall-timeout 30] [--lock-lease 10m] [--dry-run]

        Uploads OUT/fuel/ (following the link to the current build) to s3://B/<prefix>. One paginated LIST
        compares the MD5 of every local file with the bucket's ETags; only new or changed objects are written.
        Changed tiles go first, then brands, trends and sources, then index.json with If-Match on the index this run
        started from; tiles the new index no longer lists are deleted only after it is live. Any failure stops
        before the index changes (exit 1); a rerun finishes the job. Progress goes to stderr, the summary to stdout.
        The upload refuses an index in which a country lost more than its maxShrinkPercent (10 by default) of
        its stations in the bucket's live index, or is missing from it, unless --allow-shrink is given: the
        guard does not depend on a local previous build. (A smaller loss, past its warnShrinkPercent, is the
        build's warning, not the upload's.)

        Format 2 (--layout v2 or both, built with the same --layout) goes to s3://B/<v2-prefix>: the objects the
        bucket lacks (their names are their hashes, so nothing is ever rewritten) with Cache-Control immutable,
        then builds/<builtAt>.json, then index.json with If-Match and a 60 s max-age, then the prune: an object
        is deleted only when neither the new build, nor the build it replaced, nor any build whose builtAt is
        within --keep hours names it. Archived builds outside --keep are deleted too, except the newest 7, which
        stay as history (their objects may be gone: `builds` marks them incomplete, rollback refuses them).
        Nothing is pruned after an error, or when the live index could not be read. An object the bucket holds
        under its hash name with other bytes (its ETag is not the local MD5) is rewritten, and logged.

        Forward only: before anything is written, the live index of every format to upload is read, and a build
        older than any of them is refused in both formats (use rollback to go back), as is a build dated more than
        10 minutes ahead of this machine's clock. A live index dated that far ahead is a bad clock's and is
        replaced, with a warning. SIGTERM, SIGINT or SIGHUP stop the upload between two requests (never during the
        index PUT) and release the lock; the exit code is then 128 + the signal (143 for SIGTERM).

        The lock (<prefix>.lock, and <v2-prefix>.lock for format 2) is a lease of --lock-lease (10 minutes),
        renewed every third of it while the upload runs. A run killed with SIGKILL, lost or frozen stops renewing:
        once its lease expired, the next run takes the lock over (with If-Match on its ETag, logged) and needs no
        one. A lock whose expiry cannot be read, or lies further ahead than its lease and 10 minutes, is taken over
        at once. A run whose lock was taken over, or that could not renew it for three quarters of the lease,
        stops before its next write (exit 1): it writes no index, and its index PUT is conditional anyway, so two
        publishers never both write an index.

        options:
          --from OUT           output folder of `fuel-publish build` (default: out)
          --bucket B           bucket name (default: $FUEL_BUCKET; one of the two is required)
          --layout L           v1 (default), v2 or both: the formats to upload, format 1 first
          --prefix P           key prefix (default: fuel/; "" for the bucket root)
          --v2-prefix P        format 2's key prefix (default: <prefix>v2/, so fuel/v2/)
          --endpoint URL       S3 API endpoint, path-style (default: $AWS_ENDPOINT_URL_S3, then
                               $AWS_ENDPOINT_URL, then the profile's endpoint_url; R2:
                               https://<account>.r2.cloudflarestorage.com)
          --region R           SigV4 region (default: $AWS_REGION, $AWS_DEFAULT_REGION, the profile's
                               region, else auto, which R2 expects)
          --concurrency N      requests in flight (default: 16)
          --max-age S          Cache-Control max-age of format 1's tiles, brands, trends and sources (default: 3600)
          --index-max-age S    Cache-Control max-age of index.json (default: 300 for format 1, 60 for format 2)
          --keep HOURS         format 2: keep every object named by a build whose builtAt is within HOURS of
                               --now (default: 48); only such builds can be rolled back to
          --now TIME           the upload's clock, for replays and tests: format 2's --keep is measured from
                               it, and a build or live index is "ahead of the clock" against it
          --allow-shrink       upload even if a country shrinks against the live index
          --connect-timeout S  seconds to connect before a request gives up (default: 15)
          --stall-timeout S    seconds without a byte before a request gives up (default: 30); a silent
                               endpoint is not retried
          --lock-lease D       how long the lock holds without a renewal: 10m (default), 90s, 1h; 1 s to 1 h
          --dry-run            list and print the plan (PUT n, skip m, delete k, bytes); write nothing

        \(credentialsHelp)
        """

    /// The bucket options of `builds`, `rollback` and `verify`, as their usage lists them.
    static let bucketHelp = """
          --bucket B         bucket name (default: $FUEL_BUCKET)
          --prefix P         format 1's key prefix (default: fuel/); format 2's is <prefix>v2/
          --v2-prefix P      format 2's key prefix (default: fuel/v2/)
          --endpoint URL     S3 API endpoint (default: $AWS_ENDPOINT_URL_S3, then $AWS_ENDPOINT_URL, then
                             the profile's endpoint_url)
          --region R         SigV4 region (default: $AWS_REGION, $AWS_DEFAULT_REGION, the profile's
                             region, else auto)
        """

    /// Where every command that reads the bucket takes its credentials from.
    static let credentialsHelp = """
        environment:
          AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN (optional); without them, the
          profile AWS_PROFILE names (else "default") in ~/.aws/credentials and ~/.aws/config
          (AWS_SHARED_CREDENTIALS_FILE, AWS_CONFIG_FILE), as the AWS CLI reads them. Never printed.
        """

    static func run(_ arguments: inout Arguments) async throws {
        let settings = try arguments.parse(usage: usage) {
            try parseOptions(&$0)
        } then: {
            try Self.settings($0)
        }
        for line in try await upload(settings) { Console.output(line) }
    }

    /// Uploads each format of the layout in one forward-only publish, format 1 first, with progress on stderr and a
    /// step summary in Actions. SIGTERM, SIGINT and SIGHUP stop it between two requests, with the lock released.
    /// - Returns: one summary line per format.
    static func upload(_ settings: UploadSettings) async throws -> [String] {
        try await StoppableRun.run { stop in
            do {
                let summary = try await Publisher(settings: settings, stop: stop) { Console.error($0.sentence) }.run()
                if let formatOne = summary.formatOne { GitHubActions.appendSummary(formatOne.markdown()) }
                if let formatTwo = summary.formatTwo { GitHubActions.appendSummary(formatTwo.markdown()) }
                return summary.lines
            } catch let error as UploadError {
                GitHubActions.appendSummary(UploadSummary.failureMarkdown(String(describing: error)))
                throw error
            }
        }
    }

    static func parseOptions(_ arguments: inout Arguments) throws -> UploadOptions {
        let from = try arguments.option("--from") ?? "out"
        let bucket = try requiredBucket(&arguments)
        let dryRun = try arguments.flag("--dry-run")
        let layout = try BuildCommand.layoutOption(&arguments)
        var options = try parseOptions(&arguments, from: from, bucket: bucket, dryRun: dryRun)
        options.layout = layout
        return options
    }

    /// Reads the upload-only options; the whole run reads `--out`, `--bucket` and `--dry-run` itself.
    static func parseOptions(_ arguments: inout Arguments, from: String, bucket: String, dryRun: Bool) throws
        -> UploadOptions
    {
        var options = UploadOptions(from: URL(fileURLWithPath: from), bucket: bucket)
        options.dryRun = dryRun
        try readLocation(&arguments, into: &options)
        let number = { (text: String) in Int(text) }
        options.concurrency = try arguments.option("--concurrency", as: number, expected: "a whole number")
        options.maxAge = try arguments.option("--max-age", as: number, expected: "whole seconds")
        options.indexMaxAge = try arguments.option("--index-max-age", as: number, expected: "whole seconds")
        options.allowShrink = try arguments.flag("--allow-shrink")
        let seconds = { (text: String) in Double(text) }
        options.connectTimeout = try arguments.option("--connect-timeout", as: seconds, expected: "seconds")
        options.stallTimeout = try arguments.option("--stall-timeout", as: seconds, expected: "seconds")
        options.keepHours = try arguments.option("--keep", as: seconds, expected: "a number of hours")
        options.now = try BuildCommand.timeOption("--now", &arguments)
        options.lockLease = try arguments.option(
            "--lock-lease", as: duration, expected: "a duration such as 10m, 90s or 600 (seconds)")
        return options
    }

    /// Seconds in `10m`, `90s`, `1h` or `600`; nil for anything else.
    static func duration(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600]
        let (number, unit) = text.last.flatMap { units[$0] }.map { (text.dropLast(), $0) } ?? (Substring(text), 1)
        guard let value = Double(number), value.isFinite, value > 0 else { return nil }
        return value * unit
    }

    /// The options of a command that only reads or rewrites format 2's index (`builds`, `rollback`): the bucket,
    /// prefixes, endpoint and region; nothing is read from `OUT`.
    /// - Throws: ``UsageError`` for a missing bucket.
    static func bucketOptions(_ arguments: inout Arguments, dryRun: Bool) throws -> UploadOptions {
        var options = UploadOptions(from: URL(fileURLWithPath: "out"), bucket: try requiredBucket(&arguments))
        try readLocation(&arguments, into: &options)
        options.dryRun = dryRun
        options.layout = .v2
        return options
    }

    /// `--bucket`, else a non-empty `$FUEL_BUCKET`.
    /// - Throws: ``UsageError`` when neither names one.
    static func requiredBucket(_ arguments: inout Arguments) throws -> String {
        let environment = ProcessInfo.processInfo.environment["FUEL_BUCKET"].flatMap { $0.isEmpty ? nil : $0 }
        guard let bucket = try arguments.option("--bucket") ?? environment else {
            throw UsageError("--bucket (or $FUEL_BUCKET) is required")
        }
        return bucket
    }

    /// Where in the bucket, and where the bucket is: `--prefix`, `--v2-prefix`, `--endpoint` and `--region`.
    static func readLocation(_ arguments: inout Arguments, into options: inout UploadOptions) throws {
        options.prefix = try arguments.option("--prefix")
        options.format2Prefix = try arguments.option("--v2-prefix")
        options.endpoint = try arguments.option("--endpoint")
        options.region = try arguments.option("--region")
    }

    /// Settings from options and the environment; an invalid or missing one is a usage error.
    static func settings(_ options: UploadOptions) throws -> UploadSettings {
        do {
            return try UploadSettings(options: options, environment: ProcessInfo.processInfo.environment)
        } catch let error as UploadError {
            throw UsageError("\(error)")
        }
    }
}
