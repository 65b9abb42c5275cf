import Foundation
import FuelBuild
import FuelFormat
import FuelPublishing
import FuelUpload

/// One format-2 upload, as the uploader's own summary reports it.
public struct Format2UploadRun: Sendable, Codable, Equatable {
    public var name: String
    public var puts: Int
    public var skipped: Int
    public var pruned: Int
    public var lists: Int
    /// Requests in all: the lock's, the live index's and every retry included.
    public var requests: Int
    /// Body bytes written.
    public var bytes: Int
    public var seconds: Double
    /// Archived builds kept after the publish, and of those the ones whose objects are all kept.
    public var keptBuilds: Int
    public var restorableBuilds: Int
    /// Objects the kept builds name: what `--keep` holds on to.
    public var objectsKept: Int
    /// The summary line `fuel-publish upload --layout v2` prints.
    public var line: String
}

/// Format 2's three uploads and the bucket after them.
public struct Format2UploadStats: Sendable, Codable, Equatable {
    public var first: Format2UploadRun
    public var unchanged: Format2UploadRun
    public var changed: Format2UploadRun
    /// Objects under the format-2 prefix after the last publish (the lock excluded).
    public var objectsInBucket: Int
    /// Objects one build names (tiles, brands, sources).
    public var objectsPerBuild: Int
    /// Lookups in format 1 and in format 2 over the same two builds.
    public var lookups: [FormatLookupStats]

    public var runs: [Format2UploadRun] { [first, unchanged, changed] }
}

/// Publishes format-2 builds of the benchmark's feeds to SeaweedFS (`scripts/servers/seaweedfs_server.py`, SigV4
/// checked), which verifies the `prefix=v2%2F` LIST that moto cannot, with the uploader `fuel-publish upload
/// --layout v2` runs, in process.
enum Format2Bench {
    static let bucket = "fuel-bench"

    /// First publish, unchanged republish, and the day after with 5% of prices changed, `--keep 48`.
    /// - Parameters:
    ///   - build: builds feeds into an output folder in both formats at a `builtAt`; throws when the build fails.
    static func measure(
        script: URL, base: URL, changed: URL, work: URL, points: Int, seed: UInt64,
        build: (URL, URL, String) throws -> Void, log: (String) -> Void
    ) async throws -> Format2UploadStats {
        guard FileManager.default.fileExists(atPath: script.path) else { throw BenchError("\(script.path) is missing") }
        log("upload, format 2: starting SeaweedFS")
        let server = try S3ServerProcess(script: script, bucket: bucket, timeout: 120)
        defer { server.stop() }
        let first = work.appendingPathComponent("out-both-first")
        let second = work.appendingPathComponent("out-both-changed")
        for folder in [first, second] { try? FileManager.default.removeItem(at: folder) }
        try build(base, first, BenchOptions.builtAt)
        try build(changed, second, BenchOptions.rebuiltAt)
        log("upload, format 2: first publish")
        let one = try await upload("first publish", from: first, server: server, now: BenchOptions.builtAt)
        log("upload, format 2: unchanged republish")
        let two = try await upload("unchanged republish", from: first, server: server, now: BenchOptions.builtAt)
        log("upload, format 2: the day after, 5% of prices changed")
        let three = try await upload(
            "5% of stations changed, a day later", from: second, server: server, now: BenchOptions.rebuiltAt)
        let settings = try settings(from: second, server: server, now: BenchOptions.rebuiltAt)
        let listing = try await settings.makeClient().listAll(prefix: settings.format2Prefix).etags
        let perBuild = try LocalFormat2.load(from: second).objects.count
        log("lookups: format 1 against format 2, \(points) points, cold and a day later after the 5% rebuild")
        let lookups = try await FormatLookupBench.run(first: first, rebuilt: second, points: points, seed: seed)
        return Format2UploadStats(
            first: one, unchanged: two, changed: three,
            objectsInBucket: listing.keys.filter { !$0.hasSuffix("/.lock") }.count, objectsPerBuild: perBuild,
            lookups: lookups)
    }

    private static func settings(from out: URL, server: S3ServerProcess, now: String) throws -> UploadSettings {
        var options = UploadOptions(from: out, bucket: bucket, endpoint: server.endpoint)
        options.layout = .v2
        options.keepHours = 48
        options.now = UTCTime.parse(now).map { Date(timeIntervalSince1970: TimeInterval($0)) }
        return try UploadSettings(options: options, environment: server.environment)
    }

    private static func upload(_ name: String, from out: URL, server: S3ServerProcess, now: String) async throws
        -> Format2UploadRun
    {
        let (publish, summary) = try await UploadBench.publish(name, what: "format-2 upload", format: \.formatTwo) {
            try settings(from: out, server: server, now: now)
        }
        return Format2UploadRun(
            name: name, puts: summary.puts, skipped: summary.plan.skipped, pruned: summary.deletes,
            lists: summary.listCalls, requests: publish.requests, bytes: summary.bytes, seconds: summary.seconds,
            keptBuilds: summary.keptBuilds,
            restorableBuilds: summary.restorableBuilds, objectsKept: summary.objectsKept, line: summary.line)
    }
}
