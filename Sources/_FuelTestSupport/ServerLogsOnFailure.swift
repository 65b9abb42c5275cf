import Foundation
import Synchronization
import Testing

/// Shows the log tail of every test server a test used under the test's first failure.
///
/// The servers write their logs to files (see ``LocalServer``), so a passing run prints nothing of them. With this
/// trait on a suite (`@Suite(.serverLogsOnFailure)`) or a test, every ``LocalServer`` the test starts, and the shared
/// ``S3TestServer`` when the test asks for it, is noted; the first failing issue the test records (a failed
/// `#expect`, an `Issue.record`, or an error the test throws) gets their log tails as comments. A shared server's
/// log also holds the requests of tests that ran at the same time.
public struct ServerLogsOnFailure: TestTrait, SuiteTrait, TestScoping {
    /// Lines of each log to show.
    public var lines: Int

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }  // the suite itself: its tests get their own
        let used = UsedServers()
        let annotate: IssueHandlingTrait = .compactMapIssues { issue in used.annotateFirstFailure(issue, lines: lines) }
        try await Self.$current.withValue(used) {
            try await annotate.provideScope(for: test, testCase: testCase) {
                do {
                    try await function()
                } catch {
                    // Recorded here, inside the issue handling, so the error's issue gets the logs too. A cancelled
                    // test (Test.cancel, task cancellation) is rethrown for the runner to report as such.
                    if Task.isCancelled || error is CancellationError { throw error }
                    Issue.record(error, sourceLocation: test.sourceLocation)
                }
            }
        }
    }

    /// Notes that the current test uses `server` (a no-op outside a test with this trait).
    public static func noteUse(of server: LocalServer) { current?.add(server) }

    @TaskLocal private static var current: UsedServers?
}

extension Trait where Self == ServerLogsOnFailure {
    /// ``ServerLogsOnFailure`` showing the last `lines` lines of each server's log.
    public static func serverLogsOnFailure(lines: Int = 40) -> Self { ServerLogsOnFailure(lines: lines) }

    /// ``ServerLogsOnFailure`` showing the last 40 lines of each server's log.
    public static var serverLogsOnFailure: Self { ServerLogsOnFailure(lines: 40) }
}

/// The servers one test used, and whether their logs were shown already.
private final class UsedServers: Sendable {
    private struct State {
        var servers: [LocalServer] = []
        var shown = false
    }
    private let state = Mutex(State())

    func add(_ server: LocalServer) {
        state.withLock { state in
            if !state.servers.contains(where: { $0 === server }) { state.servers.append(server) }
        }
    }

    /// `issue` with the log tails appended, when it is the test's first failure; otherwise unchanged.
    func annotateFirstFailure(_ issue: Issue, lines: Int) -> Issue {
        guard issue.isFailure else { return issue }
        let servers: [LocalServer]? = state.withLock { state in
            guard !state.shown else { return nil }
            state.shown = true
            return state.servers
        }
        guard let servers else { return issue }
        var annotated = issue
        for server in servers { annotated.comments.append(Comment(rawValue: server.logTail(lines: lines))) }
        return annotated
    }
}
