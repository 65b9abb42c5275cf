import FuelFormat

/// One country's spread of one fuel's displayed prices (``FuelChoice/price(at:)``): a price below `median ÷ factor`
/// or above `median × factor` is an outlier (the verdict's `price-outliers` rule, ``VerdictThresholds/outlierFactor``),
/// and the map's colour scale runs from the 5th to the 95th percentile of the others, so a few wild prices cannot
/// stretch it.
struct PriceScale: Equatable {
    /// The 5th and 95th percentiles of the prices that are not outliers (nearest rank: the value at rank ⌈p·n⌉ of
    /// the sorted prices).
    let p5: Double
    let p95: Double
    let median: Double
    /// Outside `low … high` is an outlier.
    let low: Double
    let high: Double

    /// The scale of `prices` (any order); nil for none.
    init?(_ prices: [Double], outlierFactor: Double) {
        let sorted = prices.sorted()
        guard let median = Self.median(sorted: sorted) else { return nil }
        self.median = median
        (low, high) = (median / outlierFactor, median * outlierFactor)
        // The median lies within its own bounds, so at least one price is left.
        let usual = sorted.filter { $0 >= median / outlierFactor && $0 <= median * outlierFactor }
        p5 = Self.percentile(5, sorted: usual.isEmpty ? sorted : usual)
        p95 = Self.percentile(95, sorted: usual.isEmpty ? sorted : usual)
    }

    /// True when `price` lies outside `low … high`.
    func isOutlier(_ price: Double) -> Bool { price < low || price > high }

    /// The median of sorted values (``PriceStatistics/median(sorted:)``); nil for none.
    static func median(sorted: [Double]) -> Double? { PriceStatistics.median(sorted: sorted) }

    /// The nearest-rank percentile of sorted, non-empty values (``PriceStatistics/percentile(_:sorted:)``).
    static func percentile(_ percent: Double, sorted: [Double]) -> Double {
        PriceStatistics.percentile(percent, sorted: sorted)
    }
}
