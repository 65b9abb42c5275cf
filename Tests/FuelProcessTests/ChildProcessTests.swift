import Foundation
import FuelProcess
import Testing
import _FuelTestSupport

/// Child processes as the tests and the bench run them: deadlines, clean signal state, output that cannot deadlock.
@Suite struct ChildProcessTests {
    @Test func aRunThatOverrunsItsDeadlineIsKilledAndNamed() throws {
        let child = try ChildProcess("sleep", ["30"])
        let error = #expect(throws: ChildProcessError.self) { try child.wait(timeout: 0.5) }
        #expect(error == .timedOut(command: "sleep 30", seconds: 0.5))
        #expect(error?.description == "sleep 30 did not finish within 0.5 s and was killed")
        #expect(!child.isRunning)
    }

    @Test func aBlockedSIGTERMInTheParentIsNotInherited() throws {
        // Test runners block signals on their threads; a child that inherited the mask would ignore SIGTERM.
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        let child = try ChildProcess("sleep", ["30"])
        pthread_sigmask(SIG_SETMASK, &previous, nil)

        child.send(SIGTERM)
        #expect(try child.wait(timeout: 10) == 128 + SIGTERM)
    }

    @Test func exitStatusesAndSignalsAreReported() throws {
        #expect(try ChildProcess("sh", ["-c", "exit 3"]).wait(timeout: 10) == 3)
        #expect(try ChildProcess("sh", ["-c", "kill -9 $$"]).wait(timeout: 10) == 128 + 9)
    }

    @Test func moreOutputThanAPipeHoldsOnBothStreamsNeverDeadlocks() throws {
        // A megabyte to stderr before stdout closes: a pipe reader draining stdout first would wait forever.
        let result = try CapturedRun.run("sh", ["-c", "head -c 1000000 /dev/zero >&2; echo done"], timeout: 60)
        #expect(result.status == 0)
        #expect(result.stdout == "done\n")
        #expect(result.stderrBytes.count == 1_000_000)
    }

    @Test func stderrCanFollowStdoutInOrder() throws {
        let result = try CapturedRun.run("sh", ["-c", "echo a; echo b >&2; echo c"], stderrIntoStdout: true)
        #expect(result.stdout == "a\nb\nc\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func stdinComesFromAFile() throws {
        let folder = RepositoryPaths.temporaryDirectory("stdin")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("input")
        try Data("one\ntwo\n".utf8).write(to: input)
        #expect(try CapturedRun.run("wc", ["-l"], stdin: input).stdout.trimmingCharacters(in: .whitespaces) == "2\n")
    }

    @Test func aMissingExecutableCannotStart() {
        let error = #expect(throws: ChildProcessError.self) { try ChildProcess("/nonexistent/fuel-tool", ["x"]) }
        #expect(error?.description.hasPrefix("cannot start /nonexistent/fuel-tool x: ") == true)
    }

    @Test func manyConcurrentRunsAllFinish() async throws {
        // The shape that hung Foundation's Process.waitUntilExit: many waits at once from the test pool.
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for index in 0..<40 {
                group.addTask { try CapturedRun.run("sh", ["-c", "exit \(index % 5)"], timeout: 60).status }
            }
            return try await group.reduce(into: [Int32]()) { $0.append($1) }
        }
        #expect(statuses.sorted() == (0..<40).map { Int32($0 % 5) }.sorted())
    }
}

/// Waiting for a server's ready line in its stdout file.
@Suite struct StartupLinesTests {
    private func start(_ script: String) throws -> (ChildProcess, URL, URL) {
        let folder = RepositoryPaths.temporaryDirectory("startup")
        let stdout = folder.appendingPathComponent("stdout")
        return (try ChildProcess("sh", ["-c", script], stdout: .file(stdout.path)), stdout, folder)
    }

    private func port(_ lines: [Substring]) -> Int? {
        lines.lazy.compactMap { $0.hasPrefix("PORT ") ? Int($0.dropFirst(5)) : nil }.first
    }

    @Test func returnsOnceTheReadyLineIsComplete() throws {
        let (child, stdout, folder) = try start(
            "echo starting; sleep 0.2; printf 'PORT 12'; sleep 0.2; echo 34; exec sleep 30")
        defer { child.stop(grace: 1) }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try StartupLines.waitUntilReady(stdout, from: child, timeout: 20, ready: port) == 1234)
    }

    @Test func aSilentServerIsKilledAtTheDeadline() throws {
        let (child, stdout, folder) = try start("echo loading; exec sleep 30")
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: StartupError.self) {
            try StartupLines.waitUntilReady(stdout, from: child, timeout: 0.5, ready: port)
        }
        #expect(error?.reason == "it said nothing for 0.5 s")
        #expect(error?.output == "loading\n")
        #expect(!child.isRunning)
    }

    @Test func aServerThatExitsIsReportedWithWhatItPrinted() throws {
        let (child, stdout, folder) = try start("echo 'address in use'; exit 1")
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: StartupError.self) {
            try StartupLines.waitUntilReady(stdout, from: child, timeout: 20, ready: port)
        }
        #expect(error?.reason == "it exited")
        #expect(error?.output == "address in use\n")
        #expect(
            error?.description
                == "sh -c echo 'address in use'; exit 1 did not start (it exited); it printed: address in use\n")
    }
}
