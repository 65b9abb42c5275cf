import Foundation

/// The build the phone-side benchmarks read (`fuel-bench route`, `fuel-bench first-read`): generated feeds at a
/// scale, built by `fuel-publish` in both formats into `WORK/out`.
enum BothFormatsBuild {
    /// Generates the feeds and builds them; `WORK` is emptied first.
    /// - Returns: the output folder, holding `fuel` with both formats.
    /// - Throws: ``BenchError`` when generating or building fails.
    static func make(
        scale: Double, seed: UInt64, work: URL, publisher: String, adapters: URL, log: (String) -> Void
    ) throws -> URL {
        let feeds = work.appendingPathComponent("feeds")
        let out = work.appendingPathComponent("out")
        try? FileManager.default.removeItem(at: work)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        log("generating feeds at scale \(scale)")
        _ = try FeedGenerator.generate(GeneratorOptions(scale: scale, seed: seed, output: feeds))
        log("building both formats")
        let build = try ProcessMeter.run(
            publisher,
            [
                "build", "--feeds", feeds.path, "--out", out.path, "--adapters", adapters.path,
                "--built-at", BenchOptions.builtAt, "--layout", "both",
            ], stderr: work.appendingPathComponent("build.err"))
        guard build.status == 0 else { throw BenchError("the build failed; see \(work.path)/build.err") }
        return out
    }
}
