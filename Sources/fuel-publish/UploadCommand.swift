import Foundation
import FuelCommandLine
import FuelUpload

/// `fuel-publish upload`: the published build to S3/R2, tiles before index, nothing partial, nothing re-sent.
enum UploadCommand {
    static let usage = """
        usage: fuel-publish upload --bucket B [--from OUT] [--prefix fuel/] [--endpoint URL] [--region auto]
                                   [--concurrency 16] [--max-age 3600] [--index-max-age 300] [--allow-shrink]
                                   [--connect-timeout 15] [--stall-timeout 30] [--dry-run]

        Uploads OUT/fuel/ (following the link to the current build) to s3://B/<prefix>. One paginated LIST
        compares the MD5 of every local file with the bucket's ETags; only new or changed objects are written.
        Changed tiles go first, then brands and sources, then index.json with If-Match on the index this run
        started from; tiles the new index no longer lists are deleted only after it is live. Any failure stops
        before the index changes (exit 1); a rerun finishes the job. Progress goes to stderr, the summary to stdout.
        The upload refuses an index in which a country shrinks below half of the bucket's live index, or is
        missing from it, unless --allow-shrink is given: the guard does not depend on a local previous build.

        options:
          --from OUT           output folder of `fuel-publish build` (default: out)
          --bucket B           bucket name (default: $FUEL_BUCKET; one of the two is required)
          --prefix P           key prefix (default: fuel/; "" for the bucket root)
          --endpoint URL       S3 API endpoint, path-style (default: $AWS_ENDPOINT_URL_S3, then
                               $AWS_ENDPOINT_URL; R2: https://<account>.r2.cloudflarestorage.com)
          --region R           SigV4 region (default: $AWS_REGION, else auto, which R2 expects)
          --concurrency N      requests in flight (default: 16)
          --max-age S          Cache-Control max-age of tiles, brands and sources (default: 3600)
          --index-max-age S    Cache-Control max-age of index.json (default: 300)
          --allow-shrink       upload even if a country shrinks against the live index
          --connect-timeout S  seconds to connect before a request gives up (default: 15)
          --stall-timeout S    seconds without a byte before a request gives up (default: 30); a silent
                               endpoint is not retried
          --dry-run            list and print the plan (PUT n, skip m, delete k, bytes); write nothing

        environment:
          AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (required), AWS_SESSION_TOKEN (optional). Never printed.
        """

    static func run(_ arguments: inout Arguments) async throws {
        if arguments.wantsHelp { throw CleanExit(usage) }
        let settings: UploadSettings
        do {
            let options = try parseOptions(&arguments)
            try arguments.finish()
            settings = try UploadSettings(options: options, environment: ProcessInfo.processInfo.environment)
        } catch let error as UsageError {
            throw UsageError(error.message, usage: usage)
        } catch let error as UploadError {
            throw UsageError("\(error)", usage: usage)
        }
        Console.output(try await upload(settings).line)
    }

    /// Uploads with progress on stderr, and a step summary in Actions.
    static func upload(_ settings: UploadSettings) async throws -> UploadSummary {
        do {
            let summary = try await Uploader(settings: settings) { Console.error($0) }.run()
            GitHubActions.appendSummary(summary.markdown())
            return summary
        } catch {
            GitHubActions.appendSummary(UploadSummary.failureMarkdown(String(describing: error)))
            throw error
        }
    }

    static func parseOptions(_ arguments: inout Arguments) throws -> UploadOptions {
        let from = try arguments.option("--from") ?? "out"
        let environment = ProcessInfo.processInfo.environment["FUEL_BUCKET"].flatMap { $0.isEmpty ? nil : $0 }
        guard let bucket = try arguments.option("--bucket") ?? environment else {
            throw UsageError("--bucket (or $FUEL_BUCKET) is required")
        }
        let dryRun = try arguments.flag("--dry-run")
        return try parseOptions(&arguments, from: from, bucket: bucket, dryRun: dryRun)
    }

    /// Reads the upload-only options; the whole run reads `--out`, `--bucket` and `--dry-run` itself.
    static func parseOptions(_ arguments: inout Arguments, from: String, bucket: String, dryRun: Bool) throws
        -> UploadOptions
    {
        let prefix = try arguments.option("--prefix")
        let endpoint = try arguments.option("--endpoint")
        let region = try arguments.option("--region")
        let number = { (text: String) in Int(text) }
        let concurrency = try arguments.option("--concurrency", as: number, expected: "a whole number")
        let maxAge = try arguments.option("--max-age", as: number, expected: "whole seconds")
        let indexMaxAge = try arguments.option("--index-max-age", as: number, expected: "whole seconds")
        let allowShrink = try arguments.flag("--allow-shrink")
        let seconds = { (text: String) in Double(text) }
        let connectTimeout = try arguments.option("--connect-timeout", as: seconds, expected: "seconds")
        let stallTimeout = try arguments.option("--stall-timeout", as: seconds, expected: "seconds")
        return UploadOptions(
            from: URL(fileURLWithPath: from), bucket: bucket, prefix: prefix, endpoint: endpoint, region: region,
            concurrency: concurrency, dryRun: dryRun, maxAge: maxAge, indexMaxAge: indexMaxAge,
            allowShrink: allowShrink, connectTimeout: connectTimeout, stallTimeout: stallTimeout)
    }
}
