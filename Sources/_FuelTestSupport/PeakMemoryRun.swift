import Foundation

/// An executable of this package run under GNU `/usr/bin/time`, which adds a `peak-kb N` line to its stderr: the
/// tests that feed a decompression bomb check both the refusal and that it cost little memory.
public struct PeakMemoryRun: Sendable {
    /// The run, its stderr holding the `peak-kb` line after the executable's own.
    public let result: Executable.Result
    /// The peak resident memory in kB, or nil when `time` wrote no `peak-kb` line.
    public let peakKilobytes: Int?

    /// Runs the named product (``Executable/url(_:)``) with `arguments` to completion.
    public init(_ product: String, _ arguments: [String]) throws {
        result = try CapturedRun.run(
            "/usr/bin/time", ["-f", "peak-kb %M", Executable.url(product).path] + arguments)
        peakKilobytes = result.stderr.split(separator: "\n").first { $0.hasPrefix("peak-kb ") }
            .flatMap { Int($0.dropFirst("peak-kb ".count)) }
    }
}
