import Foundation
import FuelHTTP
import Synchronization
import Testing
import _FuelTestSupport

/// Faults injected by the local feed server, and what the client makes of them.
@Suite(.serverLogsOnFailure) struct HTTPFaultTests {
    static let body = Array(String(repeating: #"{"IDEESS":"1736","Precio Gasoleo A":"1,339"},"#, count: 400).utf8)
    static let fast = RetryPolicy(maxAttempts: 3, baseDelay: 0.01, maxDelay: 0.05)

    /// A fault in the query of a single GET, and the error that must come back.
    struct FaultCase: Sendable, CustomTestStringConvertible {
        var name: String
        var query: String
        var request: @Sendable (String) -> HTTPRequest
        var matches: @Sendable (HTTPError) -> Bool
        var testDescription: String { name }
    }

    static let faultCases: [FaultCase] = [
        FaultCase(
            name: "a stalled body hits the stall timeout", query: "fault=stall&seconds=8",
            request: { HTTPRequest(url: $0, stallTimeout: 1) },
            matches: { if case .stalled = $0 { true } else { false } }),
        FaultCase(
            name: "a slow answer hits the total timeout", query: "fault=delay&seconds=5",
            request: { HTTPRequest(url: $0, totalTimeout: 0.5, stallTimeout: nil) },
            matches: { if case .timeout = $0 { true } else { false } }),
        FaultCase(
            name: "a truncated body is rejected", query: "fault=truncate",
            request: { HTTPRequest(url: $0) },
            matches: {
                guard case .truncated(_, let expected, let got) = $0 else { return false }
                return expected == Int64(body.count) && got < Int64(body.count)
            }),
        FaultCase(
            name: "an oversize body with Content-Length is aborted at the cap",
            query: "fault=oversize&bytes=5000000",
            request: { HTTPRequest(url: $0, maxResponseBytes: 1_000_000) },
            matches: { if case .tooLarge(1_000_000, _) = $0 { true } else { false } }),
        FaultCase(
            name: "an oversize chunked body is aborted at the cap", query: "fault=oversize&bytes=5000000&chunked=1",
            request: { HTTPRequest(url: $0, maxResponseBytes: 1_000_000) },
            matches: { if case .tooLarge(1_000_000, _) = $0 { true } else { false } }),
    ]

    @Test(.tags(.server), arguments: faultCases)
    func faultsBecomeTypedErrors(_ fault: FaultCase) async throws {
        let harness = try FeedServerHarness(files: ["ES/doc.json": Self.body])
        let url = harness.url("/files/ES/doc.json?\(fault.query)")
        let target = harness.root.appendingPathComponent("partial.tmp")
        var request = fault.request(url)
        request.responseFile = target
        do {
            let response = try await harness.client.send(request)
            Issue.record("expected an error, got HTTP \(response.status) with \(response.bytesReceived) bytes")
        } catch let error as HTTPError {
            #expect(fault.matches(error), "got \(error)")
            #expect(error.description.contains("127.0.0.1"))
        }
        #expect(!FileManager.default.fileExists(atPath: target.path), "a partial body was left behind")
    }

    @Test(.tags(.server)) func a503FollowedBySuccessIsRetried() async throws {
        let harness = try FeedServerHarness(files: ["ES/doc.json": Self.body])
        let retries = RetryLog()
        let response = try await harness.client.send(
            HTTPRequest(url: harness.url("/files/ES/doc.json?fault=status&code=503&key=k&n=2")), retry: Self.fast,
            onRetry: retries.record)
        #expect(response.status == 200)
        #expect(response.body == Self.body)
        #expect(try await harness.requests(path: "/files/ES/doc.json").count == 3)
        #expect(retries.reasons == ["HTTP 503", "HTTP 503"])
    }

    @Test(.tags(.server)) func aPermanent500ReturnsTheLastResponseAfterTheBoundedAttempts() async throws {
        let harness = try FeedServerHarness(files: ["ES/doc.json": Self.body])
        let response = try await harness.client.send(
            HTTPRequest(url: harness.url("/files/ES/doc.json?fault=status&code=500")), retry: Self.fast)
        #expect(response.status == 500)
        #expect(try await harness.requests(path: "/files/ES/doc.json").count == 3)
    }

    @Test(.tags(.server)) func a404IsNotRetried() async throws {
        let harness = try FeedServerHarness()
        let response = try await harness.client.send(HTTPRequest(url: harness.url("/missing")), retry: Self.fast)
        #expect(response.status == 404)
        #expect(try await harness.requests(path: "/missing").count == 1)
    }

    @Test(.tags(.server)) func retryAfterIsHonoured() async throws {
        let harness = try FeedServerHarness(files: ["ES/doc.json": Self.body])
        let retries = RetryLog()
        let response = try await harness.client.send(
            HTTPRequest(url: harness.url("/files/ES/doc.json?fault=status&code=429&retryAfter=1&key=r&n=1")),
            retry: Self.fast, onRetry: retries.record)
        #expect(response.status == 200)
        #expect(retries.delays == [1.0])
        let times = try await harness.requests(path: "/files/ES/doc.json").map(\.time)
        #expect(times.count == 2)
        #expect(times[1] - times[0] >= 0.95, "the retry came \(times[1] - times[0]) s after the 429")
    }

    /// A silent server is down, not flaky: one stall timeout and the request gives up, saying so.
    @Test(.tags(.server)) func aStallIsReportedWithoutRetrying() async throws {
        let harness = try FeedServerHarness(files: ["ES/doc.json": Self.body])
        let request = HTTPRequest(url: harness.url("/files/ES/doc.json?fault=stall&seconds=5"), stallTimeout: 1)
        let error = try await #require(throws: HTTPError.self) {
            _ = try await harness.client.send(request, retry: RetryPolicy(maxAttempts: 4, baseDelay: 0.01))
        }
        #expect("\(error)".contains("stalled: no data for 1 s"), "\(error)")
        #expect(try await harness.requests(path: "/files/ES/doc.json").count == 1)
    }

    @Test func connectionRefusedIsARetryableTransportError() async throws {
        let client = HTTPClient()
        do {
            _ = try await client.send(HTTPRequest(url: "http://127.0.0.1:1/feed.json", connectTimeout: 2))
            Issue.record("expected connection refused")
        } catch let error as HTTPError {
            guard case .transport(let code, _, _) = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
            #expect(code == 7)
            #expect(error.isRetryable)
        }
    }

    @Test func errorsNeverCarryCredentials() async throws {
        let client = HTTPClient()
        let url = "http://user:hunter2@127.0.0.1:1/b/k?X-Amz-Credential=AKIDEXAMPLE&X-Amz-Signature=deadbeef&part=1"
        do {
            _ = try await client.send(
                HTTPRequest(url: url, headers: [HTTPHeader("Authorization", "AWS4-HMAC-SHA256 Signature=cafe")]))
            Issue.record("expected connection refused")
        } catch {
            let text = String(describing: error)
            for secret in ["hunter2", "AKIDEXAMPLE", "deadbeef", "cafe", "user:"] {
                #expect(!text.contains(secret), "\(secret) leaked: \(text)")
            }
            #expect(text.contains("part=1"))
        }
    }
}

/// Collects ``HTTPClient`` retry notifications.
final class RetryLog: Sendable {
    private let entries = Mutex<[(String, Double)]>([])
    var reasons: [String] { entries.withLock { $0.map(\.0) } }
    var delays: [Double] { entries.withLock { $0.map(\.1) } }
    var record: @Sendable (Int, String, Double) -> Void {
        { _, reason, delay in self.entries.withLock { $0.append((reason, delay)) } }
    }
}
