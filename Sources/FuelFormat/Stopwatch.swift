/// Seconds since it was made, on the monotonic clock, for the reports' timings.
package struct Stopwatch: Sendable {
    private let start = ContinuousClock.now

    package init() {}

    /// Seconds elapsed, with sub-second precision.
    package var seconds: Double {
        let elapsed = (ContinuousClock.now - start).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }
}
