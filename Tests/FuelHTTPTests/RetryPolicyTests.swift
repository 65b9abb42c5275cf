import Foundation
import FuelFormat
import FuelHTTP
import Testing

@Suite struct RetryPolicyTests {
    @Test func backoffGrowsExponentiallyWithJitterAndIsCapped() {
        let policy = RetryPolicy(maxAttempts: 8, baseDelay: 0.5, maxDelay: 3)
        #expect(policy.backoffCeiling(retry: 1) == 0.5)
        #expect(policy.backoffCeiling(retry: 2) == 1)
        #expect(policy.backoffCeiling(retry: 3) == 2)
        #expect(policy.backoffCeiling(retry: 4) == 3)
        #expect(policy.backoffCeiling(retry: 60) == 3)
        var generator = SystemRandomNumberGenerator()
        var seen = Set<Double>()
        for _ in 0..<200 {
            let delay = policy.backoff(retry: 3, using: &generator)
            #expect(delay >= 1 && delay <= 2)
            seen.insert(delay)
        }
        #expect(seen.count > 100, "the delay is not jittered")
    }

    @Test func retryAfterInSecondsOrAsAnHTTPDateWins() {
        let policy = RetryPolicy(baseDelay: 0.01, maxRetryAfter: 60)
        var generator = SystemRandomNumberGenerator()
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(policy.delay(retry: 1, retryAfter: "7", now: now, using: &generator) == 7)
        #expect(policy.delay(retry: 1, retryAfter: "Sun, 06 Nov 1994 08:50:07 GMT", now: now, using: &generator) == 30)
        #expect(policy.delay(retry: 1, retryAfter: "Sun, 06 Nov 1994 08:00:00 GMT", now: now, using: &generator) == 0)
        #expect(policy.delay(retry: 1, retryAfter: "3600", now: now, using: &generator) == 60)
        #expect(policy.delay(retry: 1, retryAfter: "soon", now: now, using: &generator) <= 0.01)
    }

    @Test func retryableStatuses() {
        #expect(RetryPolicy.isRetryableStatus(503))
        #expect(RetryPolicy.isRetryableStatus(500))
        #expect(RetryPolicy.isRetryableStatus(429))
        #expect(!RetryPolicy.isRetryableStatus(404))
        #expect(!RetryPolicy.isRetryableStatus(304))
        #expect(!HTTPError.tooLarge(limit: 1, url: "u").isRetryable)
        #expect(HTTPError.truncated(url: "u", expected: 2, got: 1).isRetryable)
    }

    @Test func redactionRemovesUserInfoAndSecretQueryValues() {
        #expect(
            HTTPRedaction.url("https://u:p@host/x?X-Amz-Signature=abc&a=1&token=t#f")
                == "https://host/x?X-Amz-Signature=REDACTED&a=1&token=REDACTED#f")
        #expect(HTTPRedaction.url("http://host/path?code=101&fuelType=DIE") == "http://host/path?code=101&fuelType=DIE")
    }
}
