import Foundation

/// The local S3 server of the upload tests (`Tests/Servers/s3_server.py`, moto with SigV4 checks), started for the
/// upload benchmark on 127.0.0.1. Its made-up credentials are kept in memory and never printed.
final class S3ServerProcess: Sendable {
    let port: Int
    let accessKeyID: String
    let secretAccessKey: String
    private let process: Process

    var endpoint: String { "http://127.0.0.1:\(port)" }

    /// Starts the script and waits for its `PORT` and `KEY` lines.
    /// - Throws: ``BenchError`` when it exits or stays silent for `timeout` seconds.
    init(script: URL, bucket: String, timeout: TimeInterval = 60) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", script.path, "--port", "0", "--bucket", bucket]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw BenchError("cannot start \(script.path): \(error)")
        }
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = Data()
        var port: Int?
        var key: (String, String)?
        while port == nil || key == nil, Date() < deadline, process.isRunning {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            // Only whole lines: a chunk may end in the middle of the key.
            let text = String(decoding: buffer, as: UTF8.self)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                let words = line.split(separator: " ").map(String.init)
                if words.count == 2, words[0] == "PORT" { port = Int(words[1]) }
                if words.count == 3, words[0] == "KEY" { key = (words[1], words[2]) }
            }
        }
        guard let port, let key else {
            if process.isRunning { process.terminate() }
            throw BenchError(
                "the S3 server \(script.path) did not start "
                    + "(is moto installed? pip install -r Tests/Servers/requirements.txt)"
            )
        }
        output.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
        self.port = port
        accessKeyID = key.0
        secretAccessKey = key.1
        self.process = process
    }

    /// Stops the server and waits for it.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}
