import Foundation
import FuelHTTP
import FuelProcess
import FuelUpload
import Testing
import _FuelTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Exit codes by cause: SIGTERM in any phase of an upload (while the lock is taken, during the LIST, a PUT or a
/// DELETE) ends with 143 after releasing the lock, even when the request it interrupted then fails, so that a
/// workflow tells a cancelled run from a failed one.
@Suite(.tags(.server, .executable), .serverLogsOnFailure) struct SignalPhaseTests {
    enum Phase: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case lock = "taking the lock"
        case list = "the first LIST"
        case put = "a tile PUT"
        case delete = "a DELETE"

        var testDescription: String { rawValue }

        /// The request the proxy holds (never answered while the test runs): the client's stall timeout ends it.
        var pause: String {
            switch self {
            case .lock: "PUT:.lock:1:before"
            case .list: "LIST::1:before"
            case .put: "PUT:/tiles/:1:before"
            case .delete: "DELETE:/tiles/:1:before"
            }
        }
    }

    @Test(arguments: Phase.allCases)
    func sigtermInAnyPhaseExits143AfterReleasingTheLock(_ phase: Phase) async throws {
        let server = try S3TestServer.shared()
        let harness = UploadHarness(server: server)
        try await harness.publish(TestBuild.sample(cells: 8))
        var next = TestBuild.sample(cells: 5)
        next.tiles["380_-90"] = "changed"
        try next.writeAsTheNextBuild(to: harness.out)
        let client = try harness.client(endpoint: try S3Proxy(server).endpoint)
        let before = try await client.get(key: harness.prefix + "index.json")

        let folder = RepositoryPaths.temporaryDirectory("signal-phase")
        let paused = folder.appendingPathComponent("paused")
        let held = try S3Proxy(server, faults: ["--pause", phase.pause, "--pause-file", paused.path])
        let environment = ["AWS_ACCESS_KEY_ID": server.accessKeyID, "AWS_SECRET_ACCESS_KEY": server.secret]
        let stderr = folder.appendingPathComponent("stderr.txt")
        let child = try ChildProcess(
            Executable.url("fuel-publish").path,
            [
                "upload", "--from", harness.out.path, "--bucket", harness.bucket, "--prefix", harness.prefix,
                "--endpoint", held.endpoint, "--concurrency", "1", "--stall-timeout", "3",
            ],
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, stdout: .null,
            stderr: .file(stderr.path))
        defer { child.killAndReap() }
        // Signalled by a watcher process the moment the proxy holds the request (not by this test, which the parallel
        // suite can starve for longer than the request's 3 s stall timeout).
        let watcher = try ChildProcess(
            "/bin/sh",
            ["-c", #"while [ ! -e "$1" ]; do sleep 0.02; done; kill -s TERM "$2""#, "sh", paused.path, "\(child.pid)"],
            stdout: .null, stderr: .null)
        defer { watcher.killAndReap() }

        let status = try child.wait(timeout: 60)
        #expect(FileManager.default.fileExists(atPath: paused.path), "never reached \(phase.rawValue)")
        let text = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
        #expect(status == 143, "\(text)")
        #expect(text.contains("stopped by SIGTERM between two requests"), "\(text)")
        if phase != .lock {
            #expect(try await client.get(key: harness.prefix + ".lock").status == 404, "the lock was not released")
        }
        if phase != .delete {
            #expect(try await client.get(key: harness.prefix + "index.json").body == before.body, "index changed")
        }
    }
}
