import Foundation
import FuelBuild
import FuelCommandLine
import FuelFetch
import FuelFormat
import FuelUpload

/// `fuel-publish [--dry-run]`: the whole run: fetch, build, upload.
enum RunCommand {
    static let usage = """
        usage: fuel-publish [--dry-run] [--offline] [--feeds DIR] [--out DIR] [--countries ES,PT,…] [--bucket B]
                            [fetch options] [build options] [upload options]

        The whole run: fetch every configured country into DIR (default: feeds), build OUT/fuel (default: out),
        then upload it to s3://B/<prefix>. If any country fails to fetch or build, the run stops with exit 1
        before anything is written to the bucket, and OUT/fuel keeps the previous build; with --carry-forward
        HOURS, a failed country is published from the previous build instead, while that is recent enough; with
        --first-run, the first build in OUT publishes the countries that fetched and leaves the others out. A
        missing bucket or credential is found before anything is fetched (exit 64).

          --dry-run     fetch and build, then stop before any write to the bucket and print what would be
                        uploaded: with --bucket, the plan against the bucket (one LIST; the credentials and
                        endpoint are then required, as for a real run); without a bucket, or with --offline,
                        the objects and bytes of the build. Nothing is written under OUT: the build goes to a
                        temporary copy of OUT, named on stderr and removed at the end
          --offline     fetch nothing: build from what DIR already holds (with --dry-run, no network at all)
          --bucket B    the bucket (default: $FUEL_BUCKET); required unless --dry-run

        Fetch options: --rate N, --endpoint CC=URL, --attempts N, --retry-delay S, --due (see 'fuel-publish fetch
        --help').
        Build options: --adapters DIR, --built-at TIME, --allow-shrink, --allow-stale-feeds, --carry-forward HOURS,
        --first-run, --skip-unchanged (then nothing is uploaded either when nothing changed), --json
        (see 'fuel-publish build --help'; with --json, stdout holds only the build report).
        Build and upload: --layout v1|v2|both, the formats written and uploaded (default v1).
        Upload options: --prefix P, --v2-prefix P, --endpoint-s3 URL, --region R, --concurrency N, --max-age S,
        --index-max-age S, --keep HOURS, --now TIME (also the fetch's clock), --connect-timeout S,
        --stall-timeout S, --lock-lease D
        (see 'fuel-publish upload --help'; --endpoint-s3 is upload's --endpoint).

        Example, with no network at all (in the repository, scripts/sample-feeds feeds lays out its samples):
          fuel-publish --dry-run --offline --feeds feeds
        """

    static func run(_ arguments: inout Arguments) async throws {
        if arguments.wantsHelp { throw CleanExit(usage) }
        var fetch: FetchOptions
        var build: BuildOptions
        var settings: UploadSettings?
        let json: Bool
        let dryRun: Bool
        do {
            let countries = try arguments.list("--countries")?.map { $0.uppercased() }
            let feeds = try arguments.option("--feeds") ?? "feeds"
            let out = try arguments.option("--out") ?? "out"
            let adapters = try Folders.adapters(try arguments.option("--adapters"))
            let bucket = try arguments.option("--bucket") ?? ProcessInfo.processInfo.environment["FUEL_BUCKET"]
            dryRun = try arguments.flag("--dry-run")
            json = try arguments.flag("--json")
            let s3Endpoint = try arguments.option("--endpoint-s3")
            fetch = try FetchCommand.parseOptions(&arguments, countries: countries, feeds: feeds, adapters: adapters)
            build = try BuildCommand.parseOptions(
                &arguments, feeds: URL(fileURLWithPath: feeds, isDirectory: true), out: out, adapters: adapters,
                countries: fetch.countries, dryRun: false)
            // Upload options are read (and checked) even without a bucket, so a dry run takes the same flags.
            var upload = try UploadCommand.parseOptions(&arguments, from: out, bucket: bucket ?? "", dryRun: dryRun)
            upload.endpoint = s3Endpoint ?? upload.endpoint
            // --now is the whole run's clock: the fetch measures what is due from it, as the upload measures --keep.
            if let now = upload.now { fetch.now = { now } }
            upload.allowShrink = build.allowShrink
            upload.layout = build.layout
            try arguments.finish()
            // Offline, the feeds folder must exist already; otherwise fetching creates it.
            if fetch.offline { try Folders.requireFeeds(build.feedsDirectory) }
            settings = try uploadSettings(upload, bucket: bucket, dryRun: dryRun, offline: fetch.offline)
        } catch let error as UsageError {
            throw UsageError(error.message, usage: usage)
        }

        if fetch.offline {
            Console.error("fetch: skipped (--offline); building from \(fetch.feedsDirectory.path)")
        } else {
            do {
                try await FetchCommand.execute(fetch)
            } catch let code as ExitCode where code == .failure && build.carryForwardHours != nil {
                // The manifest marks the failed countries; the build carries them or refuses.
                Console.error("fetch: continuing to the build, which carries failed countries forward")
            } catch let code as ExitCode where code == .failure && build.firstRun {
                Console.error("fetch: continuing to the first build (--first-run), which leaves failed countries out")
            }
        }
        // A dry run writes nothing under OUT: it builds into a scratch copy of OUT (the previous build, which
        // carry-forward, reuse and the shrink guard read), plans from there, and removes it.
        let scratch = dryRun ? try DryRunScratch(copying: build.outputDirectory) : nil
        defer { scratch?.remove() }
        if let scratch {
            Console.error(
                "dry run: building into \(scratch.root.path), a copy of \(build.outputDirectory.path), which is left "
                    + "as it is; the copy is removed at the end")
            build.outputDirectory = scratch.root
            settings?.from = scratch.root
        }
        let (report, files) = try await BuildCommand.execute(build, json: json)
        // With --json, stdout holds the build report alone; the upload's lines go to stderr.
        let say: (String) -> Void = json ? { Console.error($0) } : { Console.output($0) }
        if report.unchangedSince != nil {
            // --skip-unchanged found nothing new: the bucket already holds this data, so nothing is uploaded.
            say("upload: skipped, nothing changed")
            return
        }
        if let settings {
            for line in try await UploadCommand.upload(settings) { say(line) }
        } else {
            say(localPlan(files))
        }
    }

    /// The upload settings, settled before anything is fetched so that a missing bucket or credential fails at
    /// once (64). A dry run without a bucket, offline, or without credentials plans from the build alone.
    static func uploadSettings(_ upload: UploadOptions, bucket: String?, dryRun: Bool, offline: Bool) throws
        -> UploadSettings?
    {
        guard bucket != nil else {
            if dryRun { return nil }
            throw UsageError("--bucket (or $FUEL_BUCKET) is required unless --dry-run")
        }
        if dryRun && offline { return nil }
        // A run that names a bucket, dry or not, needs everything to reach it: a dry run then plans against it.
        return try UploadCommand.settings(upload)
    }

    /// What a dry run would upload when the bucket is not asked: objects and bytes by kind.
    static func localPlan(_ files: [PublishedFile]) -> String {
        func line(_ label: String, _ selected: [PublishedFile]) -> String {
            "  \(label): \(selected.count) objects, \(ByteCount.format(selected.reduce(0) { $0 + $1.gzipped.count }))"
        }
        let v2 = files.filter { PublishedPath($0.path).isFormatTwo }
        let v1 = files.filter { !PublishedPath($0.path).isFormatTwo }
        let tiles = v1.filter { PublishedPath($0.path).kind == .tile }
        let brands = v1.filter { [.brands, .trend].contains(PublishedPath($0.path).kind) }
        let rest = v1.filter { ![.tile, .brands, .trend].contains(PublishedPath($0.path).kind) }
        var lines = [
            "dry run: would upload \(files.count) objects, \(ByteCount.format(files.reduce(0) { $0 + $1.gzipped.count })) "
                + "(not compared with a bucket: no --bucket was given, or --offline)"
        ]
        if !v1.isEmpty {
            lines += [line("tiles", tiles), line("brands and trends", brands), line("sources and index", rest)]
        }
        if !v2.isEmpty {
            lines.append(line("format 2 (v2/: tiles, brands, trends, sources, index, archived build)", v2))
        }
        return lines.joined(separator: "\n")
    }
}

/// A dry run's output folder: a temporary copy of `OUT`, so the build sees the previous build as a real run would
/// and `OUT` itself is never written.
struct DryRunScratch {
    /// The copy, `…/fuel-publish-dry-run-<id>/out`.
    let root: URL
    private let folder: URL

    /// Copies `out` (when it exists) into a new temporary folder.
    /// - Throws: when the copy fails, naming both folders.
    init(copying out: URL) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fuel-publish-dry-run-\(UUID().uuidString.prefix(8).lowercased())", isDirectory: true)
        root = folder.appendingPathComponent("out", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            if FileManager.default.fileExists(atPath: out.path) {
                try FileManager.default.copyItem(at: out, to: root)
            }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw Failure(
                description: "dry run: cannot copy \(out.path) to \(root.path): \(error.localizedDescription)")
        }
    }

    /// Removes the copy.
    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// The copy could not be made: exit 1 with this text.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }
}
