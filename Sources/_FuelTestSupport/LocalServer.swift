import Foundation

/// A helper server (a Python script under `Tests/Servers/`) started by a test on 127.0.0.1.
///
/// The script must print `PORT <n>` on its first stdout line once it listens; it is stopped when the value is
/// released or ``stop()`` is called. Scripts bind to 127.0.0.1 only.
public final class LocalServer: Sendable {
    /// The port the server listens on.
    public let port: Int
    private let process: Process

    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts `python3 Tests/Servers/<script> --port 0 <arguments…>` and waits for its `PORT` line.
    /// - Throws: when the script exits or says nothing within the timeout.
    public init(
        script: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        timeout: TimeInterval = 30,
        filePath: String = #filePath
    ) throws {
        let scriptURL = RepositoryPaths.root(from: filePath).appendingPathComponent("Tests/Servers/\(script)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", scriptURL.path, "--port", "0"] + arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = Data()
        var port: Int?
        while port == nil, Date() < deadline, process.isRunning {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            let text = String(decoding: buffer, as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("PORT ") }) {
                port = Int(line.dropFirst(5).trimmingCharacters(in: .whitespaces))
            }
        }
        guard let port else {
            process.terminate()
            throw LocalServerError(script: script, output: String(decoding: buffer, as: UTF8.self))
        }
        self.port = port
        self.process = process
        // Keep draining stdout so the server never blocks on a full pipe.
        output.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
    }

    /// Stops the server and waits for it.
    ///
    /// Children inherit the test runner's blocked signal mask, so SIGTERM may never be delivered: after a short grace
    /// period the server gets SIGKILL, which cannot be blocked.
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// A helper server that did not come up.
public struct LocalServerError: Error, CustomStringConvertible {
    public let script: String
    public let output: String
    public var description: String { "test server \(script) did not start; it printed: \(output)" }
}
