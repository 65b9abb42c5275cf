import Foundation
import FuelCodecs

/// The floor a build is measured against: single-threaded `gzip -9 -n` over the same JSON the build wrote.
public struct CompressionFloor: Sendable, Codable, Equatable {
    /// Files under `OUT/fuel`.
    public var files: Int
    /// Their JSON, decompressed and concatenated.
    public var jsonBytes: Int
    /// What the build published (sum of the gzipped files).
    public var publishedGzipBytes: Int
    /// What `gzip -9 -n` made of the concatenation.
    public var floorGzipBytes: Int
    public var runs: [ProcessMeasurement]

    /// The median wall time of the gzip runs.
    public var seconds: Double { BenchMath.median(runs.map(\.wallSeconds)) }
}

/// Measures the compression floor of a published build.
public enum CompressionFloorMeter {
    /// Decompresses every file under `published` (following the `OUT/fuel` link), concatenates them in path order
    /// into `scratch/floor.json`, and times `gzip -9 -n` on it `runs` times.
    /// - Throws: ``BenchError`` when a file is not gzip or gzip fails.
    public static func measure(published: URL, scratch: URL, runs: Int = 3) throws -> CompressionFloor {
        let root = published.resolvingSymlinksInPath()
        let paths = publishedFiles(root)
        guard !paths.isEmpty else { throw BenchError("no files under \(root.path): build first") }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let concatenated = scratch.appendingPathComponent("floor.json")
        guard FileManager.default.createFile(atPath: concatenated.path, contents: nil) else {
            throw BenchError("cannot create \(concatenated.path)")
        }
        let handle = try FileHandle(forWritingTo: concatenated)
        var jsonBytes = 0
        var gzipBytes = 0
        for path in paths {
            let bytes = [UInt8](FileManager.default.contents(atPath: root.appendingPathComponent(path).path) ?? Data())
            gzipBytes += bytes.count
            let json: [UInt8]
            do {
                json = try Gzip.decompress(bytes)
            } catch {
                throw BenchError("\(path) under \(root.path) is not gzip: \(error)")
            }
            jsonBytes += json.count
            try handle.write(contentsOf: json)
        }
        try handle.close()
        let output = scratch.appendingPathComponent("floor.json.gz")
        var measurements: [ProcessMeasurement] = []
        for _ in 0..<max(1, runs) {
            let run = try ProcessMeter.run("gzip", ["-9", "-n", "-c", concatenated.path], stdout: output)
            guard run.status == 0 else { throw BenchError("gzip -9 failed with status \(run.status)") }
            measurements.append(run)
        }
        let floorBytes = FeedGenerator.fileSize(output.path)
        try? FileManager.default.removeItem(at: concatenated)
        try? FileManager.default.removeItem(at: output)
        return CompressionFloor(
            files: paths.count, jsonBytes: jsonBytes, publishedGzipBytes: gzipBytes, floorGzipBytes: floorBytes,
            runs: measurements)
    }

    /// Relative paths of the regular files below a folder, sorted.
    public static func publishedFiles(_ root: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var paths: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = root.appendingPathComponent(relative).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                paths.append(relative)
            }
        }
        return paths.sorted()
    }
}

/// Small statistics helpers.
public enum BenchMath {
    /// The median (mean of the middle two for an even count); 0 for none.
    public static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

    /// The p-th percentile by linear interpolation between closest ranks; 0 for none.
    public static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let position = p * Double(sorted.count - 1)
        let low = Int(position.rounded(.down))
        let high = min(low + 1, sorted.count - 1)
        return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
    }
}
