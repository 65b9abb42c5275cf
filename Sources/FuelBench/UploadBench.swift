import Foundation
import FuelFormat
import FuelPublishing
import FuelUpload

/// How two published builds differ, file by file.
public struct BuildDiff: Sendable, Codable, Equatable {
    public var changedTiles: Int
    public var newTiles: Int
    public var removedTiles: Int
    public var changedBrands: Int
    /// Trend files that changed: each build rewrites every fresh country's row of the day.
    public var changedTrends = 0
    public var sourcesChanged: Bool
    public var indexChanged: Bool
    /// Bytes of every new or changed file: what an upload that sends only differences must send.
    public var changedBytes: Int

    /// Files an upload must PUT.
    public var filesToPut: Int {
        changedTiles + newTiles + changedBrands + changedTrends + (sourcesChanged ? 1 : 0) + (indexChanged ? 1 : 0)
    }

    /// Compares two `OUT/fuel` folders.
    public static func between(_ old: URL, _ new: URL) -> BuildDiff {
        let oldRoot = old.resolvingSymlinksInPath()
        let newRoot = new.resolvingSymlinksInPath()
        let oldPaths = Set(CompressionFloorMeter.publishedFiles(oldRoot))
        var diff = BuildDiff(
            changedTiles: 0, newTiles: 0, removedTiles: 0, changedBrands: 0, sourcesChanged: false,
            indexChanged: false, changedBytes: 0)
        let newPaths = CompressionFloorMeter.publishedFiles(newRoot)
        for path in newPaths {
            let bytes = FileManager.default.contents(atPath: newRoot.appendingPathComponent(path).path)
            let existed = oldPaths.contains(path)
            if existed, FileManager.default.contents(atPath: oldRoot.appendingPathComponent(path).path) == bytes {
                continue
            }
            diff.changedBytes += bytes?.count ?? 0
            switch path {
            case let tile where PublishedPath(tile).kind == .tile:
                if existed { diff.changedTiles += 1 } else { diff.newTiles += 1 }
            case let brand where PublishedPath(brand).kind == .brands: diff.changedBrands += 1
            case let trend where PublishedPath(trend).kind == .trend: diff.changedTrends += 1
            case "sources.json": diff.sourcesChanged = true
            default: diff.indexChanged = true
            }
        }
        diff.removedTiles = oldPaths.subtracting(newPaths).filter { PublishedPath($0).kind == .tile }.count
        return diff
    }
}

/// One upload, as the uploader's own summary reports it.
public struct UploadRun: Sendable, Codable, Equatable {
    public var name: String
    public var puts: Int
    public var skipped: Int
    public var deletes: Int
    public var lists: Int
    /// Requests in all: the lock's, the live index's and every retry included.
    public var requests: Int
    /// Body bytes written.
    public var bytes: Int
    public var seconds: Double
    public var concurrency: Int
    public var retries: Int
    /// The summary line `fuel-publish upload` prints.
    public var line: String
}

/// The three uploads of the benchmark.
public struct UploadStats: Sendable, Codable, Equatable {
    public var first: UploadRun
    public var unchanged: UploadRun
    public var changed: UploadRun
    /// How the 5% rebuild differs from the first build.
    public var diff: BuildDiff
    /// The same three publishes in format 2, to SeaweedFS; nil when they could not be measured.
    public var snapshot: Format2UploadStats?
}

/// Publishes builds to a local S3 server with the publisher `fuel-publish upload` runs (in process, so its own
/// counters are read exactly, the lock's requests included).
///
/// The objects go to the bucket root: moto 5.1 answers every signed ListObjectsV2 with a `prefix` containing `/`
/// with 403 SignatureDoesNotMatch (boto3's own requests too), and the counts do not depend on the prefix.
enum UploadBench {
    static let bucket = "fuel-bench"

    /// Uploads `OUT/fuel` to the server's bucket and returns what the uploader did.
    static func upload(_ name: String, from out: URL, server: S3ServerProcess) async throws -> UploadRun {
        let (publish, summary) = try await publish(name, what: "upload", format: \.formatOne) {
            var options = UploadOptions(from: out, bucket: bucket, endpoint: server.endpoint)
            options.prefix = ""
            options.layout = .v1
            return try UploadSettings(options: options, environment: server.environment)
        }
        return UploadRun(
            name: name, puts: summary.puts, skipped: summary.plan.skipped, deletes: summary.deletes,
            lists: summary.listCalls, requests: publish.requests, bytes: summary.bytes, seconds: summary.seconds,
            concurrency: summary.concurrency, retries: summary.retries, line: summary.line)
    }

    /// Publishes with the settings `make` returns, quietly, and picks one format's summary from the result.
    /// - Throws: ``BenchError`` naming the run (`what`, `name`) when the settings or the publish fail.
    static func publish<Summary>(
        _ name: String, what: String, format: KeyPath<PublishSummary, Summary?>,
        settings make: () throws -> UploadSettings
    ) async throws -> (PublishSummary, Summary) {
        do {
            let publish = try await Publisher(settings: make()) { _ in }.run()
            guard let summary = publish[keyPath: format] else { throw BenchError("no summary of that format") }
            return (publish, summary)
        } catch {
            throw BenchError("\(what) (\(name)) failed: \(error)")
        }
    }
}
