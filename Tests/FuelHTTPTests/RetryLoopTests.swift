import Foundation
import FuelHTTP
import Synchronization
import Testing
import _FuelTestSupport

/// The retry loop every fetch and upload request goes through, over an in-process transport: which answers are
/// tried again, how often, after what wait, and what comes back in the end. (`HTTPFaultTests` runs the same loop
/// against real faults from the local feed server.)
@Suite struct RetryLoopTests {
    static let url = "http://feeds.test/files/ES/doc.json"
    static let body = Array(#"{"ListaEESSPrecio":[]}"#.utf8)
    static let policy = RetryPolicy(maxAttempts: 3, baseDelay: 0, maxDelay: 0)

    /// Replies in order, and what the loop must make of them.
    struct LoopCase: Sendable, CustomTestStringConvertible {
        var name: String
        var replies: [ScriptedTransport.Reply]
        /// Requests sent in all.
        var attempts: Int
        /// The final status, or nil when an error must be thrown.
        var status: Int?
        /// A part of the thrown error's description, when one is expected.
        var error: String?
        /// Why each retry happened.
        var reasons: [String]
        var testDescription: String { name }
    }

    static let loopCases: [LoopCase] = [
        LoopCase(
            name: "a 503 then a 200 is retried once", replies: [.status(503), .ok(body)], attempts: 2, status: 200,
            reasons: ["HTTP 503"]),
        LoopCase(
            name: "a 429 is retried", replies: [.status(429), .ok(body)], attempts: 2, status: 200,
            reasons: ["HTTP 429"]),
        LoopCase(
            name: "a permanent 500 comes back after the bounded attempts",
            replies: [.status(500), .status(500), .status(500), .ok(body)], attempts: 3, status: 500,
            reasons: ["HTTP 500", "HTTP 500"]),
        LoopCase(
            name: "a 404 is not retried", replies: [.status(404), .ok(body)], attempts: 1, status: 404, reasons: []),
        LoopCase(
            name: "a refused connection is retried", replies: [.connectionRefused, .ok(body)], attempts: 2,
            status: 200, reasons: ["transfer of \(url) failed: Couldn't connect to server (curl error 7)"]),
        LoopCase(
            name: "a truncated body is retried",
            replies: [.fail { .truncated(url: $0, expected: 100, got: 10) }, .ok(body)], attempts: 2, status: 200,
            reasons: ["response from \(url) was truncated: got 10 bytes of 100 announced"]),
        LoopCase(
            name: "transport errors on every attempt throw the last one",
            replies: [.connectionReset, .connectionReset, .connectionRefused], attempts: 3,
            error: "Couldn't connect to server", reasons: [String](repeating: "", count: 2)),
        LoopCase(
            name: "a stall is given up at once", replies: [.fail { .stalled(url: $0, seconds: 1) }, .ok(body)],
            attempts: 1, error: "stalled: no data for 1 s", reasons: []),
        LoopCase(
            name: "a cap hit is not retried", replies: [.fail { .tooLarge(limit: 10, url: $0) }, .ok(body)],
            attempts: 1, error: "larger than the 10-byte cap", reasons: []),
    ]

    @Test(arguments: loopCases)
    func retriesAsThePolicySays(_ loop: LoopCase) async throws {
        let transport = ScriptedTransport()
        transport.script(path: "/files/ES/doc.json", loop.replies)
        let retries = RetryLog()
        let attempts = Mutex<[Int]>([])
        let outcome: Result<HTTPResponse, any Error>
        do {
            outcome = .success(
                try await transport.send(
                    HTTPRequest(url: Self.url), retry: Self.policy,
                    beforeAttempt: { attempt in attempts.withLock { $0.append(attempt) } }, onRetry: retries.record))
        } catch {
            outcome = .failure(error)
        }

        #expect(transport.sent.count == loop.attempts)
        #expect(attempts.withLock { $0 } == Array(1...loop.attempts), "beforeAttempt saw every attempt")
        switch outcome {
        case .success(let response):
            #expect(response.status == loop.status)
            #expect(loop.error == nil, "expected an error, got HTTP \(response.status)")
        case .failure(let error):
            #expect(loop.status == nil, "expected HTTP \(loop.status ?? 0), got \(error)")
            #expect("\(error)".contains(loop.error ?? "-"), "\(error)")
        }
        #expect(retries.reasons.count == loop.reasons.count)
        for (reason, expected) in zip(retries.reasons, loop.reasons) where !expected.isEmpty {
            #expect(reason == expected)
        }
    }

    @Test func retryAfterReplacesTheBackoffUpToItsCap() async throws {
        let transport = ScriptedTransport()
        transport.script(path: "/files/ES/doc.json", [.status(429, headers: ["Retry-After": "3600"]), .ok(Self.body)])
        let retries = RetryLog()
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: 10, maxDelay: 10, maxRetryAfter: 0.01)
        let response = try await transport.send(HTTPRequest(url: Self.url), retry: policy, onRetry: retries.record)
        #expect(response.status == 200)
        #expect(retries.delays == [0.01], "an hour's Retry-After, capped, replaced the 5 to 10 s backoff")
    }

    @Test func theBackoffGrowsAndStaysWithinItsJitter() async throws {
        let transport = ScriptedTransport()
        transport.script(path: "/files/ES/doc.json", [.status(503), .status(503), .status(503), .ok(Self.body)])
        let retries = RetryLog()
        let policy = RetryPolicy(maxAttempts: 4, baseDelay: 0.004, maxDelay: 0.01)
        _ = try await transport.send(HTTPRequest(url: Self.url), retry: policy, onRetry: retries.record)
        let delays = retries.delays
        try #require(delays.count == 3)
        #expect((0.002...0.004).contains(delays[0]), "\(delays)")
        #expect((0.004...0.008).contains(delays[1]), "\(delays)")
        #expect((0.005...0.01).contains(delays[2]), "capped at maxDelay: \(delays)")
    }

    @Test func aCancelledTaskStopsRetrying() async throws {
        let transport = ScriptedTransport { _ in .status(503) }
        let policy = RetryPolicy(maxAttempts: 1000, baseDelay: 0.05, maxDelay: 0.05)
        let task = Task { try await transport.send(HTTPRequest(url: Self.url), retry: policy) }
        try await Task.sleep(nanoseconds: 120_000_000)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        let sent = transport.sent.count
        #expect((1...10).contains(sent), "\(sent) attempts")
    }
}
