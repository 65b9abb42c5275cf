import Foundation
import FuelClient

/// The build the phone-side benchmarks read (`fuel-bench route`, `fuel-bench first-read`): generated feeds at a
/// scale, built by `fuel-publish` in both formats into `WORK/out`.
public struct BothFormatsBuild: Sendable {
    /// The generator's scale (1 ≈ 52,000 stations).
    public var scale = 1.0
    /// The seed of the generator, and of what the bench draws.
    public var seed: UInt64 = 1
    /// The scratch folder, emptied first.
    public var work: URL
    /// The `fuel-publish` to build with.
    public var publisher: String
    /// The country metadata it reads.
    public var adapters = URL(fileURLWithPath: "adapters")

    /// The readers' policy: the standard one, but with a deadline no lookup reaches, so that every lookup is
    /// measured to its end (a phone's 30 s deadline would drop a slow one from the figures, or fail the bench on a
    /// loaded machine).
    static let policy = TileCachePolicy(lookupDeadline: 3_600)

    public init(work: URL, publisher: String) {
        self.work = work
        self.publisher = publisher
    }

    /// Generates the feeds and builds them.
    /// - Returns: the output folder, holding `fuel` with both formats.
    /// - Throws: ``BenchError`` when generating or building fails.
    func make(log: (String) -> Void) throws -> URL {
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
