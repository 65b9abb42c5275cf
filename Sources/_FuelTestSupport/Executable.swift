import Foundation
import FuelProcess

/// Runs a built executable of this package (found next to the test bundle) and captures its output.
public enum Executable {
    /// What a run printed and how it ended.
    public struct Result: Sendable {
        public var status: Int32
        public var stdoutBytes: Data
        public var stderrBytes: Data
        public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
        public var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }
    }

    /// How long a run may take before it is killed and the test fails naming it (a hang must never stall CI).
    public static let defaultTimeout: Double = 300

    /// The folder that holds the built products (`.build/debug`).
    public static var productsDirectory: URL {
        let bundle = Bundle.main.bundleURL
        let candidates = [bundle.deletingLastPathComponent(), bundle]
        for folder in candidates
        where FileManager.default.fileExists(atPath: folder.appendingPathComponent("fuel-publish").path) {
            return folder
        }
        return RepositoryPaths.root().appendingPathComponent(".build/debug")
    }

    /// The URL of a product, for example `fuel-publish`.
    public static func url(_ product: String) -> URL { productsDirectory.appendingPathComponent(product) }

    /// Runs a product to completion.
    /// - Throws: ``ChildProcessError`` when it cannot start or overruns `timeout` seconds (it is then killed);
    ///   ``FastTierError`` under `scripts/test --fast`.
    public static func run(
        _ product: String, _ arguments: [String], environment: [String: String] = [:],
        timeout: Double = defaultTimeout
    ) throws -> Result {
        try TestTier.require("executable", for: "running \(product)")
        return try CapturedRun.run(
            url(product).path, arguments, environment: productEnvironment(environment), timeout: timeout)
    }

    /// ``run(_:_:environment:timeout:)`` for async tests: it waits with ``ChildProcess/waitAsync(timeout:)``, so a long
    /// child does not hold one of the two threads Swift concurrency shares here, which the suite's in-process
    /// lookups (with their 30 s deadline) need too.
    public static func runAsync(
        _ product: String, _ arguments: [String], environment: [String: String] = [:],
        timeout: Double = defaultTimeout
    ) async throws -> Result {
        try TestTier.require("executable", for: "running \(product)")
        return try await CapturedRun.runAsync(
            url(product).path, arguments, environment: productEnvironment(environment), timeout: timeout)
    }

    /// Runs a product to completion from another working folder (through `/bin/sh`, which changes into it first).
    public static func run(
        _ product: String, _ arguments: [String], in directory: URL, environment: [String: String] = [:],
        timeout: Double = defaultTimeout
    ) throws -> Result {
        try TestTier.require("executable", for: "running \(product)")
        return try CapturedRun.run(
            "/bin/sh", ["-c", #"cd "$1" && shift && exec "$@""#, "sh", directory.path, url(product).path] + arguments,
            environment: productEnvironment(environment), timeout: timeout)
    }

    /// Starts a product without waiting for it; its output is discarded.
    public static func start(
        _ product: String, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> ChildProcess {
        try TestTier.require("executable", for: "starting \(product)")
        return try ChildProcess(
            url(product).path, arguments, environment: productEnvironment(environment), stdout: .null, stderr: .null)
    }

    /// The test runner's environment without `SOURCE_DATE_EPOCH`, with `overrides` applied.
    private static func productEnvironment(_ overrides: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "SOURCE_DATE_EPOCH")
        environment.merge(overrides) { $1 }
        return environment
    }
}

/// Runs any child to completion with its stdout and stderr captured in files (never pipes, which can fill and
/// deadlock), under a deadline: system tools (gzip, sha256sum) that tests use as independent implementations to check
/// ours against, and scripts.
public enum CapturedRun {
    /// - Parameters:
    ///   - executable: a path, or a name looked up on `PATH`.
    ///   - environment: the child's whole environment; the runner's when nil.
    ///   - stdin: a file to read as standard input; `/dev/null` when nil.
    ///   - stderrIntoStdout: both streams into ``Executable/Result/stdout``, interleaved as written.
    /// - Throws: ``ChildProcessError`` when it cannot start or overruns `timeout` seconds (it is then killed);
    ///   ``FastTierError`` under `scripts/test --fast`.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, stdin: URL? = nil,
        stderrIntoStdout: Bool = false, timeout: Double = Executable.defaultTimeout
    ) throws -> Executable.Result {
        let capture = try Capture(executable)
        defer { capture.remove() }
        let child = try ChildProcess(
            executable, arguments, environment: environment, stdin: stdin.map { .file($0.path) } ?? .null,
            stdout: .file(capture.stdout.path),
            stderr: stderrIntoStdout ? .standardOutput : .file(capture.stderr.path))
        return capture.result(status: try child.wait(timeout: timeout))
    }

    /// ``run(_:_:environment:stdin:stderrIntoStdout:timeout:)`` waiting with ``ChildProcess/waitAsync(timeout:)``.
    public static func runAsync(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        timeout: Double = Executable.defaultTimeout
    ) async throws -> Executable.Result {
        let capture = try Capture(executable)
        defer { capture.remove() }
        let child = try ChildProcess(
            executable, arguments, environment: environment, stdout: .file(capture.stdout.path),
            stderr: .file(capture.stderr.path))
        return capture.result(status: try await child.waitAsync(timeout: timeout))
    }

    /// The scratch folder a run's standard output and error go to, read back into a result and then removed.
    private struct Capture {
        let folder: URL
        var stdout: URL { folder.appendingPathComponent("stdout") }
        var stderr: URL { folder.appendingPathComponent("stderr") }

        /// - Throws: ``FastTierError`` under `scripts/test --fast` when `executable` is a Python.
        init(_ executable: String) throws {
            if URL(fileURLWithPath: executable).lastPathComponent.hasPrefix("python") {
                try TestTier.require("python", for: "running \(executable)")
            }
            folder = RepositoryPaths.temporaryDirectory("run")
        }

        /// What the child wrote, with its exit status; a stream it never wrote reads as empty.
        func result(status: Int32) -> Executable.Result {
            Executable.Result(
                status: status, stdoutBytes: (try? Data(contentsOf: stdout)) ?? Data(),
                stderrBytes: (try? Data(contentsOf: stderr)) ?? Data())
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }
}

/// Snapshots of folder trees, to prove an output was left byte-identical.
public enum TreeSnapshot {
    /// Every regular file below `root` (following a top-level link), by relative path, with its bytes.
    public static func take(_ root: URL) -> [String: Data] {
        let resolved = root.resolvingSymlinksInPath()
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: resolved.path) else { return files }
        while let relative = enumerator.nextObject() as? String {
            let path = resolved.appendingPathComponent(relative).path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[relative] = FileManager.default.contents(atPath: path)
            }
        }
        return files
    }
}
