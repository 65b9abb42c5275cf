import Foundation
import FuelProcess
import FuelUpload

/// The local S3 server of the upload tests (`scripts/servers/s3_server.py`, moto with SigV4 checks), started for the
/// upload benchmark on 127.0.0.1. Its made-up credentials are kept in memory and never printed.
final class S3ServerProcess: Sendable {
    let port: Int
    let accessKeyID: String
    let secretAccessKey: String
    private let child: ChildProcess

    var endpoint: String { "http://127.0.0.1:\(port)" }
    /// The credentials as an uploader reads them from the environment.
    var environment: [String: String] {
        [UploadSettings.Variable.accessKey: accessKeyID, UploadSettings.Variable.secretKey: secretAccessKey]
    }

    /// Starts the script and waits for its `PORT` and `KEY` lines.
    /// - Throws: ``BenchError`` when it exits or stays silent for `timeout` seconds.
    init(script: URL, bucket: String, timeout: TimeInterval = 60) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuel-bench-s3-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }  // the server keeps its open file; the name can go
        let stdout = folder.appendingPathComponent("stdout")
        do {
            child = try ChildProcess(
                "python3", ["-u", script.path, "--port", "0", "--bucket", bucket], stdout: .file(stdout.path),
                stderr: .null)
            (port, accessKeyID, secretAccessKey) = try StartupLines.waitUntilReady(
                stdout, from: child, timeout: timeout, ready: Self.portAndKey)
        } catch {
            throw BenchError(
                "the S3 server \(script.path) did not start "
                    + "(is moto installed? pip install -r scripts/requirements.txt): \(Self.reason(error))")
        }
    }

    /// Stops the server and waits for it.
    func stop() { child.stop(grace: 2) }

    deinit { stop() }

    /// The `PORT <n>` and `KEY <id> <secret>` lines, once both are there.
    private static func portAndKey(_ lines: [Substring]) -> (Int, String, String)? {
        var port: Int?
        var key: (String, String)?
        for line in lines {
            let words = line.split(separator: " ").map(String.init)
            if words.count == 2, words[0] == "PORT" { port = Int(words[1]) }
            if words.count == 3, words[0] == "KEY" { key = (words[1], words[2]) }
        }
        guard let port, let key else { return nil }
        return (port, key.0, key.1)
    }

    /// Why the start failed, without the server's output (it holds the made-up key).
    private static func reason(_ error: any Error) -> String {
        if let startup = error as? StartupError { return startup.reason }
        return "\(error)"
    }
}
