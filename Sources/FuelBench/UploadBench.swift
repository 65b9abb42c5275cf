import Foundation

/// How two published builds differ, file by file.
public struct BuildDiff: Sendable, Codable, Equatable {
    public var changedTiles: Int
    public var newTiles: Int
    public var removedTiles: Int
    public var changedBrands: Int
    public var sourcesChanged: Bool
    public var indexChanged: Bool
    /// Bytes of every new or changed file: what an upload that sends only differences must send.
    public var changedBytes: Int

    /// Files an upload must PUT.
    public var filesToPut: Int {
        changedTiles + newTiles + changedBrands + (sourcesChanged ? 1 : 0) + (indexChanged ? 1 : 0)
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
            case let tile where tile.hasPrefix("tiles/"):
                if existed { diff.changedTiles += 1 } else { diff.newTiles += 1 }
            case let brand where brand.hasPrefix("brands/"): diff.changedBrands += 1
            case "sources.json": diff.sourcesChanged = true
            default: diff.indexChanged = true
            }
        }
        diff.removedTiles = oldPaths.subtracting(newPaths).filter { $0.hasPrefix("tiles/") }.count
        return diff
    }
}

/// One `fuel-publish upload` run, as its summary line and the process measurement report it.
public struct UploadRun: Sendable, Codable, Equatable {
    public var name: String
    public var puts: Int
    public var skipped: Int
    public var deletes: Int
    public var lists: Int
    /// The uploader's own rounded byte count (for example `4.1 MB`).
    public var reportedBytes: String
    /// Exact bytes of the files that differ from what the bucket held (from ``BuildDiff``).
    public var bytes: Int
    public var seconds: Double
    public var concurrency: Int
    public var line: String
}

/// The three uploads of the benchmark.
public struct UploadStats: Sendable, Codable, Equatable {
    public var first: UploadRun
    public var unchanged: UploadRun
    public var changed: UploadRun
    /// How the 5% rebuild differs from the first build.
    public var diff: BuildDiff
}

/// Publishes builds to a local S3 server with the real `fuel-publish upload` and reads its summary.
enum UploadBench {
    /// Runs `fuel-publish upload` against the server and parses the summary line.
    static func upload(
        _ name: String, publisher: String, from out: URL, server: S3ServerProcess, bucket: String, bytes: Int,
        logs: URL
    ) throws -> UploadRun {
        let stdout = logs.appendingPathComponent("upload-\(name).out")
        let stderr = logs.appendingPathComponent("upload-\(name).err")
        let run = try ProcessMeter.run(
            publisher,
            ["upload", "--from", out.path, "--bucket", bucket, "--endpoint", server.endpoint, "--region", "us-east-1"],
            stdout: stdout, stderr: stderr,
            environment: ["AWS_ACCESS_KEY_ID": server.accessKeyID, "AWS_SECRET_ACCESS_KEY": server.secretAccessKey])
        let line =
            (try? String(contentsOf: stdout, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard run.status == 0 else {
            let errors = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
            throw BenchError("upload (\(name)) failed with status \(run.status): \(errors.suffix(600))")
        }
        func number(_ pattern: String) -> Int {
            guard let range = line.range(of: pattern, options: .regularExpression) else { return -1 }
            return Int(line[range].prefix { $0.isNumber }) ?? -1
        }
        let reported = line.range(of: #"LISTs?, [^ ]+ [A-Za-z]+ in"#, options: .regularExpression).map {
            String(line[$0].dropFirst(line[$0].hasPrefix("LISTs") ? 7 : 6).dropLast(3))
        }
        return UploadRun(
            name: name, puts: number(#"\d+ PUTs?"#), skipped: number(#"\d+ skipped"#), deletes: number(#"\d+ deleted"#),
            lists: number(#"\d+ LISTs?"#), reportedBytes: reported ?? "?", bytes: bytes, seconds: run.wallSeconds,
            concurrency: line.range(of: #"concurrency \d+"#, options: .regularExpression).map {
                Int(line[$0].dropFirst(12)) ?? -1
            } ?? -1,
            line: line)
    }
}
