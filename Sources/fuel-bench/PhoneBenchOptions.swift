import Foundation
import FuelBench
import FuelCommandLine

/// The options of the benches that read a build of both formats as a phone would (`route`, `first-read`).
extension BothFormatsBuild {
    /// Their usage lines.
    static let usage = """
          --scale S            the generator's scale (default 1 ≈ 52,000 stations)
          --seed N             seed of the generator and of what the bench draws (default 1)
          --publisher PATH     fuel-publish to build with (default: the one beside this fuel-bench)
        """

    /// Reads `--scale`, `--seed` and `--publisher`, with the folders of `output`.
    /// - Throws: `UsageError` for a value out of range.
    init(_ arguments: inout Arguments, output: BenchCommandOutput) throws {
        self.init(
            work: output.work,
            publisher: try arguments.option("--publisher") ?? FaultDayCommand.besideThisExecutable().path)
        adapters = output.adapters
        scale = try arguments.option("--scale", as: { Double($0) }, expected: "a positive number") ?? 1
        guard scale > 0, scale <= 20 else { throw UsageError("--scale must be above 0, at most 20") }
        seed = try arguments.seed(or: 1)
    }
}
