import Foundation
import FuelProcess

/// A helper server (a Python script under `Tests/Servers/`) started by a test on 127.0.0.1.
///
/// The script must print `PORT <n>` on a stdout line once it listens; it is stopped when the value is released or
/// ``stop()`` is called. Scripts bind to 127.0.0.1 only. Its stdout goes to a file (nothing has to drain it) and its
/// stderr to the test runner's.
public final class LocalServer: Sendable {
    /// The port the server listens on.
    public let port: Int
    private let child: ChildProcess
    private let folder: URL

    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts `python3 Tests/Servers/<script> --port 0 <arguments…>` and waits for its `PORT` line.
    /// - Throws: ``StartupError`` when the script exits or says nothing within the timeout (it is then killed).
    public init(
        script: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        timeout: TimeInterval = 30,
        filePath: String = #filePath
    ) throws {
        let scriptURL = RepositoryPaths.root(from: filePath).appendingPathComponent("Tests/Servers/\(script)")
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { $1 }
        folder = RepositoryPaths.temporaryDirectory("server")
        let stdout = folder.appendingPathComponent("stdout")
        child = try ChildProcess(
            "python3", ["-u", scriptURL.path, "--port", "0"] + arguments, environment: variables,
            stdout: .file(stdout.path))
        do {
            port = try StartupLines.waitUntilReady(stdout, from: child, timeout: timeout) { lines in
                lines.lazy.compactMap {
                    $0.hasPrefix("PORT ") ? Int($0.dropFirst(5).trimmingCharacters(in: .whitespaces)) : nil
                }.first
            }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Stops the server (SIGTERM, then SIGKILL after two seconds) and waits for it.
    public func stop() {
        child.stop(grace: 2)
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { stop() }
}
