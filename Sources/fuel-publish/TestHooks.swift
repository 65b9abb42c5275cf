import Foundation

/// Settings that only end-to-end tests use, read from the environment once, here and nowhere else.
enum TestHooks {
    /// `FUEL_PUBLISH_TEST_STALL_BEFORE_SWAP`: seconds a build sleeps with every file written but before the swap, so
    /// a test can kill it mid-build.
    static let stallBeforeSwap: Double? = ProcessInfo.processInfo.environment["FUEL_PUBLISH_TEST_STALL_BEFORE_SWAP"]
        .flatMap(Double.init)
}
