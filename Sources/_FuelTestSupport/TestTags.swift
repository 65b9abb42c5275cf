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
