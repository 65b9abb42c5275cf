import Foundation
import FuelFormat

/// When and how long to wait before trying a request again.
///
/// Retries transport errors that can be transient, timeouts, stalls, truncated bodies, 5xx and 429. The wait before
/// retry `n` (1-based) is jittered exponential: a random value between half and all of
/// `min(maxDelay, baseDelay × 2^(n-1))`. A `Retry-After` header (seconds or an HTTP date) replaces that wait, capped
/// at ``maxRetryAfter``.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included (1: never retry).
    public var maxAttempts: Int
    /// Seconds before the first retry (before jitter).
    public var baseDelay: Double
    /// Upper bound of the exponential wait, in seconds.
    public var maxDelay: Double
    /// Upper bound of a server's `Retry-After`, in seconds.
    public var maxRetryAfter: Double

    public init(maxAttempts: Int = 4, baseDelay: Double = 1, maxDelay: Double = 30, maxRetryAfter: Double = 120) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(0, baseDelay)
        self.maxDelay = max(0, maxDelay)
        self.maxRetryAfter = max(0, maxRetryAfter)
    }

    /// No retries.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// True for statuses worth retrying: 5xx and 429.
    public static func isRetryableStatus(_ status: Int) -> Bool { status == 429 || (500..<600).contains(status) }

    /// The exponential wait before retry `retry` (1 for the first retry), before jitter.
    public func backoffCeiling(retry: Int) -> Double {
        let exponent = Double(max(0, retry - 1))
        return min(maxDelay, baseDelay * pow(2, min(exponent, 60)))
    }

    /// The jittered wait before retry `retry`: uniform in `[ceiling/2, ceiling]`.
    public func backoff<R: RandomNumberGenerator>(retry: Int, using generator: inout R) -> Double {
        let ceiling = backoffCeiling(retry: retry)
        guard ceiling > 0 else { return 0 }
        return Double.random(in: (ceiling / 2)...ceiling, using: &generator)
    }

    /// The wait before retry `retry`: the server's `Retry-After` when it sent a usable one, else the backoff.
    public func delay<R: RandomNumberGenerator>(
        retry: Int, retryAfter: String?, now: Date = Date(), using generator: inout R
    ) -> Double {
        if let retryAfter, let seconds = Self.retryAfterSeconds(retryAfter, now: now) {
            return min(seconds, maxRetryAfter)
        }
        return backoff(retry: retry, using: &generator)
    }

    /// Seconds to wait from a `Retry-After` value: delta-seconds, or an HTTP date (a past date gives 0); nil when
    /// the value is neither.
    public static func retryAfterSeconds(_ value: String, now: Date = Date()) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCII), trimmed.allSatisfy(\.isNumber) {
            return Double(trimmed)
        }
        guard let date = HTTPDate.parse(trimmed) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
