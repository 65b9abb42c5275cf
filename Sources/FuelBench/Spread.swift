/// How a measured value spreads over many samples: its median, 95th percentile and maximum.
public struct Spread: Sendable, Codable, Equatable {
    public var median: Double
    public var p95: Double
    public var max: Double

    /// The spread of `values` (all zero for none), percentiles as ``BenchMath/percentile(_:_:)`` computes them.
    public init(_ values: [Double]) {
        median = BenchMath.median(values)
        p95 = BenchMath.percentile(values, 0.95)
        max = values.max() ?? 0
    }
}
