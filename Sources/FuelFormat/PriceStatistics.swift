/// The one definition of a median and a percentile the project uses: the map report's colour scale and the build
/// verdict (`PriceScale`), and each country's trend (``TrendFile``).
public enum PriceStatistics {
    /// The median of sorted values, the mean of the middle two for an even count; nil for none.
    public static func median(sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The nearest-rank percentile of sorted, non-empty values: the value at rank ⌈p·n⌉ (at least 1).
    public static func percentile(_ percent: Double, sorted: [Double]) -> Double {
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }
}
