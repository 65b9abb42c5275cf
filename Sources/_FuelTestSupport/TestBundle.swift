import Foundation

/// Runs this package's built test bundle (`FuelTilesPackageTests.xctest`) as a child process, for tests about the
/// suite's own output. `swift test` cannot be nested (it locks `.build`); the bundle itself can run.
public enum TestBundle {
    /// The bundle's executable next to the other products.
    public static var url: URL { Executable.url("FuelTilesPackageTests.xctest") }

    /// Runs the Swift Testing tests whose identifier matches `filter` (a regular expression, for example
    /// `UploadSecurityTests/serverAccepts`), with stdout and stderr together in ``Executable/Result/stdout``.
    /// - Parameters:
    ///   - environment: added to the runner's environment.
    ///   - logDirectory: where the child's test servers write their logs (``LocalServer/logsDirectory(root:)``).
    /// - Throws: ``ChildProcessError`` when the bundle cannot start or overruns `timeout` seconds; ``FastTierError``
    ///   under `scripts/test --fast`.
    public static func run(
        filter: String, environment: [String: String] = [:], logDirectory: URL, timeout: Double = 180
    ) throws -> Executable.Result {
        try TestTier.require("executable", for: "running the test bundle")
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { $1 }
        variables[LocalServer.logDirectoryVariable] = logDirectory.path
        return try CapturedRun.run(
            url.path, ["--testing-library", "swift-testing", "--filter", filter], environment: variables,
            stderrIntoStdout: true, timeout: timeout)
    }
}
