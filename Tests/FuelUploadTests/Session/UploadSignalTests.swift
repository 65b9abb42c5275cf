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

/// The lock dies with its publisher: a signal in the middle of an upload stops it between two requests and releases
/// the lock, so that the next run, started at once, succeeds (a cancelled CI job sends SIGTERM, Ctrl-C SIGINT).
@Suite(.tags(.server, .executable), .serverLogsOnFailure) struct UploadSignalTests {
    enum Stop: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case terminate = "SIGTERM"
        case interrupt = "SIGINT"
        case hangUp = "SIGHUP"

        var testDescription: String { rawValue }
        var number: Int32 {
            switch self {
            case .terminate: SIGTERM
            case .interrupt: SIGINT
            case .hangUp: SIGHUP
            }
        }
    }

    @Test(arguments: Stop.allCases)
    func aSignalMidUploadReleasesTheLockAndTheNextRunSucceeds(_ stop: Stop) async throws {
        let server = try S3TestServer.shared()
        let harness = UploadHarness(server: server)
        try TestBuild.sample(cells: 12).write(to: harness.out)
        // Each tile PUT waits 1.5 s in the proxy: one at a time, the upload lasts about 18 s, long enough for a
        // test starved by the parallel suite to signal it in the middle.
        let slow = try S3Proxy(server, faults: ["--delay-tiles", "1.5"])
        let arguments = [
            "upload", "--from", harness.out.path, "--bucket", harness.bucket, "--prefix", harness.prefix,
            "--endpoint", slow.endpoint, "--concurrency", "1",
        ]
        let environment = ["AWS_ACCESS_KEY_ID": server.accessKeyID, "AWS_SECRET_ACCESS_KEY": server.secret]
        let stderr = RepositoryPaths.temporaryDirectory("signal").appendingPathComponent("stderr.txt")
        let child = try ChildProcess(
            Executable.url("fuel-publish").path, arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, stdout: .null,
            stderr: .file(stderr.path))
        defer { child.killAndReap() }

        // Signalled by a watcher process a second after the tiles phase began (not by this test, which the
        // parallel suite can starve of a thread for longer than the whole upload).
        let watcher = try ChildProcess(
            "/bin/sh",
            [
                "-c", #"while ! grep -q "to write" "$1"; do sleep 0.05; done; sleep 1; kill -s "$2" "$3""#, "sh",
                stderr.path, stop.rawValue.replacingOccurrences(of: "SIG", with: ""), "\(child.pid)",
            ], stdout: .null, stderr: .null)
        defer { watcher.killAndReap() }
        let status = try child.wait(timeout: 60)
        let text = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
        #expect(status == 128 + stop.number, "\(text)")
        #expect(text.contains("stopped by \(stop.rawValue) between two requests"), "\(text)")
        let client = try harness.client(endpoint: try S3Proxy(server).endpoint)
        #expect(try await client.get(key: harness.prefix + ".lock").status == 404, "the lock was released")
        #expect(try await client.get(key: harness.prefix + "index.json").status == 404, "no index was written")
        let written = try slow.entries().filter { $0.isPut }.count
        #expect(written < 12, "stopped before the end (\(written) PUTs)")

        // The next run, at once, finishes the job.
        let rerun = try Executable.run(
            "fuel-publish",
            [
                "upload", "--from", harness.out.path, "--bucket", harness.bucket, "--prefix", harness.prefix,
                "--endpoint", try S3Proxy(server).endpoint,
            ],
            environment: environment)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try await client.get(key: harness.prefix + "index.json").status == 200)
    }
}
