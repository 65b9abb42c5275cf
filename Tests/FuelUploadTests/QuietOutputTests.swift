import Foundation
import Testing
import _FuelTestSupport

/// The test run's output is the test runner's alone: the servers log to files, and only a failing test shows their
/// last lines. Each test runs tests of this bundle in a child test run and reads what it printed.
@Suite(.tags(.server, .executable)) struct QuietOutputTests {
    @Test func aPassingUploadTestPrintsNoServerLogs() throws {
        let logs = RepositoryPaths.temporaryDirectory("quiet-logs")
        defer { try? FileManager.default.removeItem(at: logs) }
        let test = "UploadSecurityTests/serverAcceptsOurSignaturesAndRejectsAWrongSecret"
        let run = try TestBundle.run(filter: test, logDirectory: logs)

        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("serverAcceptsOurSignaturesAndRejectsAWrongSecret() passed"), "\(run.stdout)")
        #expect(run.stdout.contains("Test run with 1 test in 1 suite passed"), "\(run.stdout)")
        #expect(!run.stdout.contains("HTTP/1.1\""), "a server's request log reached the output")
        #expect(!run.stdout.contains("Traceback"), "a server's traceback reached the output")
        // The servers did log (moto a line per request): into files, not nowhere.
        let serverLogs = try Self.logs(in: logs)
        #expect(serverLogs.keys.contains { $0.hasPrefix("s3_server-") })
        #expect(serverLogs.values.contains { $0.contains("HTTP/1.1\"") })
    }

    /// A failed expectation and a thrown error: each test's failure carries the tail, with the test's own request.
    @Test(arguments: [
        ("headsAMissingObjectAndFails", "", "deliberate: this object was never uploaded"),
        ("headsAMissingObjectAndThrows", "-thrown", "deliberate: HEAD answered 404"),
    ])
    func aFailingUploadTestShowsTheS3ServerLogTail(test: String, suffix: String, failure: String) throws {
        let logs = RepositoryPaths.temporaryDirectory("quiet-logs")
        defer { try? FileManager.default.removeItem(at: logs) }
        let key = "deliberate-\(UUID().uuidString.prefix(8).lowercased())"
        let run = try TestBundle.run(
            filter: "DeliberateFailureTests/\(test)", environment: [DeliberateFailureTests.variable: key],
            logDirectory: logs)

        #expect(run.status != 0, "the deliberate failure passed: \(run.stdout)")
        #expect(run.stdout.contains("Test run with 1 test in 1 suite failed"), "\(run.stdout)")
        #expect(run.stdout.contains(failure), "\(run.stdout)")
        // The tail's heading, then moto's line for the test's own request, which only the server's log holds.
        let heading = try #require(run.stdout.range(of: "s3_server.py log \(logs.path)/s3_server-"), "\(run.stdout)")
        let requestLine = run.stdout[heading.upperBound...].split(separator: "\n").first {
            $0.contains("\"HEAD /fuel-direct/\(key + suffix) HTTP/1.1\" 404")
        }
        #expect(requestLine != nil, "no request line for \(key + suffix) in the log tail: \(run.stdout)")
    }

    /// Every log file in `folder`, by name.
    static func logs(in folder: URL) throws -> [String: String] {
        var logs: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            logs[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return logs
    }
}
