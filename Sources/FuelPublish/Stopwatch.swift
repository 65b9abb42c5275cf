/// Seconds since it was made, on the monotonic clock, for the reports' timings.
struct Stopwatch: Sendable {
    private let start = ContinuousClock.now

    /// Seconds elapsed, with sub-second precision.
    var seconds: Double {
        let elapsed = (ContinuousClock.now - start).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }
}
