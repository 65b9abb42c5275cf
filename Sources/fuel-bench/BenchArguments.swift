import FuelCommandLine

/// The options several benches read the same way.
extension Arguments {
    /// `--seed N`: what every generated feed, fault and lookup of the bench is drawn from; `standard` when not given.
    /// - Throws: `UsageError` for a value that is not a non-negative integer.
    mutating func seed(or standard: UInt64) throws -> UInt64 {
        try option("--seed", as: { UInt64($0) }, expected: "a non-negative integer") ?? standard
    }

    /// `--scale S` of a simulated day: feed sizes as a multiple of the real ones, above 0 and at most 1; `standard`
    /// when not given.
    /// - Throws: `UsageError` for a value that is not a number in that range.
    mutating func dayScale(or standard: Double) throws -> Double {
        let scale = try option("--scale", as: { Double($0) }, expected: "a positive number") ?? standard
        guard scale > 0, scale <= 1 else { throw UsageError("--scale must be above 0 and at most 1") }
        return scale
    }
}
