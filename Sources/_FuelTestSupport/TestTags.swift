import Foundation
import Testing

/// What a test needs beyond the test process. `scripts/test --fast` skips every test carrying one of these tags
/// (on itself or on its suite), so the fast tier starts no Python, no browser and no built executable; the full
/// `scripts/test` runs everything.
extension Tag {
    /// Starts a local server: a Python script of this repository (moto, SeaweedFS, the S3 proxy, the feed or the
    /// tile server).
    @Tag public static var server: Self
    /// Opens a page in Chromium (`Tests/Servers/report_browser.py`).
    @Tag public static var browser: Self
    /// Runs a built executable of this package (`fuel-publish`, `fuel-nearby`, `fuel-bench`) or the test bundle.
    @Tag public static var executable: Self
    /// Runs a Python program that is not a server: the independent ZIP writer, `scripts/check-format`,
    /// `scripts/watchdog`.
    @Tag public static var python: Self
}

/// The fast tier's guard. `scripts/test --fast` sets `FUEL_TEST_TIER=fast`; then a test that starts a server, runs
/// a built executable or runs Python without the tag that says so fails at once, naming the tag to add, instead of
/// starting what the fast tier promises not to start.
public enum TestTier {
    /// `FUEL_TEST_TIER`.
    public static let variable = "FUEL_TEST_TIER"

    /// True under `scripts/test --fast`.
    public static var isFast: Bool { ProcessInfo.processInfo.environment[variable] == "fast" }

    /// Returns when the full suite runs.
    /// - Parameters:
    ///   - tag: the tag the test needs (`server`, `executable`, `python`).
    ///   - what: what was about to start, for the message.
    /// - Throws: ``FastTierError`` in the fast tier.
    public static func require(_ tag: String, for what: String) throws {
        guard isFast else { return }
        throw FastTierError(tag: tag, what: what)
    }
}

/// A test in the fast tier tried to start what needs a tag.
public struct FastTierError: Error, CustomStringConvertible {
    public let tag: String
    public let what: String

    public var description: String {
        "\(what): the fast tier (scripts/test --fast) starts no servers, executables or Python; tag the test or its "
            + "suite .tags(.\(tag)) (Sources/_FuelTestSupport/TestTags.swift)"
    }
}
