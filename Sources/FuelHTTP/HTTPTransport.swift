import Foundation

/// What sends one HTTP transfer: the seam between the publisher's fetch and upload logic and the network.
///
/// ``HTTPClient`` (libcurl) is the transport of every command; a test can answer in-process instead (see
/// `_FuelTestSupport`'s `ScriptedTransport`). Retries, pacing and the retry log are built on top of one transfer in
/// ``send(_:retry:progress:beforeAttempt:onRetry:)``, so they behave the same over any transport.
public protocol HTTPTransport: Sendable {
    /// Performs one transfer and returns the response, whatever its status.
    ///
    /// A transport honours ``HTTPRequest/responseFile`` (the body goes to the file and the response's body is
    /// empty) and ``HTTPRequest/maxResponseBytes``.
    /// - Parameter progress: called with the bytes moved so far (down plus up).
    /// - Throws: ``HTTPError`` for transport failures, timeouts, stalls, truncation and the size cap;
    ///   `CancellationError` when the task is cancelled.
    func send(_ request: HTTPRequest, progress: (@Sendable (Int64) -> Void)?) async throws -> HTTPResponse
}

extension HTTPTransport {
    /// Performs one transfer without progress reports.
    /// - Throws: as ``send(_:progress:)``.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request, progress: nil)
    }

    /// Performs a transfer, retrying retryable failures (transport errors, timeouts, stalls, truncation, 5xx, 429)
    /// as the policy says, and returns the final response. Statuses are returned, not thrown: after the last
    /// attempt a 5xx comes back as the response.
    /// - Parameters:
    ///   - beforeAttempt: awaited before every attempt (1-based), for example to pace requests to one host.
    ///   - onRetry: told about each retry before its wait (the attempt that failed, 1-based, and why).
    /// - Throws: the last ``HTTPError`` when every attempt failed in transport, or a non-retryable one at once.
    public func send(
        _ request: HTTPRequest, retry policy: RetryPolicy, progress: (@Sendable (Int64) -> Void)? = nil,
        beforeAttempt: (@Sendable (_ attempt: Int) async throws -> Void)? = nil,
        onRetry: (@Sendable (_ attempt: Int, _ reason: String, _ delay: Double) -> Void)? = nil
    ) async throws -> HTTPResponse {
        var generator = SystemRandomNumberGenerator()
        var attempt = 1
        while true {
            let reason: String
            let retryAfter: String?
            try await beforeAttempt?(attempt)
            do {
                let response = try await send(request, progress: progress)
                guard RetryPolicy.isRetryableStatus(response.status), attempt < policy.maxAttempts else {
                    return response
                }
                reason = "HTTP \(response.status)"
                retryAfter = response.header("Retry-After")
            } catch let error as HTTPError where error.isRetryable && attempt < policy.maxAttempts {
                reason = error.description
                retryAfter = nil
            }
            let delay = policy.delay(retry: attempt, retryAfter: retryAfter, using: &generator)
            onRetry?(attempt, reason, delay)
            if delay > 0 { try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000)) }
            attempt += 1
        }
    }
}
