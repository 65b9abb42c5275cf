import Foundation

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

/// HTTP dates (`Retry-After`, `Last-Modified`, `If-Modified-Since`): IMF-fixdate, RFC 850 and asctime forms.
public enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Parses `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT` or `Sun Nov  6 08:49:37 1994`.
    public static func parse(_ text: String) -> Date? {
        let tokens = text.split { $0 == " " || $0 == "," || $0 == "-" }.map(String.init)
        var day: Int?
        var month: Int?
        var year: Int?
        var time: (Int, Int, Int)?
        for token in tokens.dropFirst() {  // the weekday is ignored
            if token.contains(":") {
                let parts = token.split(separator: ":").compactMap { Int($0) }
                guard parts.count == 3 else { return nil }
                time = (parts[0], parts[1], parts[2])
            } else if let index = months.firstIndex(of: token.lowercased()) {
                month = index + 1
            } else if let number = Int(token) {
                if day == nil && token.count <= 2 { day = number } else { year = number }
            } else if token.uppercased() != "GMT" && token.uppercased() != "UTC" {
                return nil
            }
        }
        guard let day, let month, var year, let time else { return nil }
        if year < 100 { year += year < 70 ? 2000 : 1900 }  // RFC 850 two-digit years
        guard (1...31).contains(day), (0...23).contains(time.0), (0...59).contains(time.1), (0...60).contains(time.2)
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + time.0 * 3600 + time.1 * 60 + time.2
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// IMF-fixdate, as `If-Modified-Since` wants it.
    public static func format(_ date: Date) -> String {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let seconds = total - days * 86_400
        let (year, month, day) = civilFromDays(days)
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let weekday = weekdays[((days % 7) + 7) % 7]
        let monthName = months[month - 1].prefix(1).uppercased() + months[month - 1].dropFirst()
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekday), \(two(day)) \(monthName) \(year) \(two(seconds / 3600)):\(two(seconds / 60 % 60)):"
            + "\(two(seconds % 60)) GMT"
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
