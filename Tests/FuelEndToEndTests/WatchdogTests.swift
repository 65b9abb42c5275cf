import Foundation
import Testing
import _FuelTestSupport

/// `scripts/watchdog`, which gives `scripts/test` its deadline: a hung run is stopped with everything it started, and
/// the tests that never finished are named.
@Suite(.tags(.python)) struct WatchdogTests {
    static let script = RepositoryPaths.root().appendingPathComponent("scripts/watchdog").path

    /// True when the process is gone (or only a zombie awaiting its new parent).
    static func isGone(_ pidFile: URL) throws -> Bool {
        let pid = try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    @Test func aRunPastItsDeadlineIsStoppedWithWhatItStartedAndTheOpenTestsAreNamed() throws {
        let folder = RepositoryPaths.temporaryDirectory("watchdog")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pidFile = folder.appendingPathComponent("server.pid")
        let log = """
            echo '◇ Test run started.'
            echo '◇ Test hangs() started.'
            echo '◇ Test quick() started.'
            echo '✔ Test quick() passed after 0.1 seconds.'
            echo '◇ Test cases(_:) started.'
            echo '◇ Test case passing 1 argument x → 1 to cases(_:) started.'
            echo '✔ Test cases(_:) with 3 test cases passed after 0.2 seconds.'
            echo '◇ Test fails() started.'
            echo '✘ Test fails() recorded an issue at A.swift:1:1: Expectation failed'
            echo '✘ Test fails() failed after 0.3 seconds with 1 issue.'
            sleep 60 & echo $! > \(pidFile.path)
            sleep 60
            """
        let result = try CapturedRun.run(Self.script, ["1", "--", "sh", "-c", log], timeout: 60)
        #expect(result.status == 1)
        #expect(result.stdout.contains("✔ Test quick() passed"))
        #expect(result.stderr.contains("still running after 1 s, so it was stopped."))
        #expect(result.stderr.hasSuffix("Tests that started but never finished:\n  hangs()\n"), "\(result.stderr)")
        #expect(try Self.isGone(pidFile))
    }

    @Test func aFinishedRunKeepsItsStatusAndLeavesNothingRunning() throws {
        let folder = RepositoryPaths.temporaryDirectory("watchdog")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pidFile = folder.appendingPathComponent("server.pid")
        let result = try CapturedRun.run(
            Self.script, ["60", "--", "sh", "-c", "sleep 60 & echo $! > \(pidFile.path); echo done; exit 3"],
            timeout: 60)
        #expect(result.status == 3)
        #expect(result.stdout == "done\n")
        #expect(try Self.isGone(pidFile))
    }

    @Test func badUsageExits64() throws {
        #expect(try CapturedRun.run(Self.script, []).status == 64)
        #expect(try CapturedRun.run(Self.script, ["soon", "--", "true"]).status == 64)
        let help = try CapturedRun.run(Self.script, ["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("usage: scripts/watchdog SECONDS -- COMMAND"))
    }
}
