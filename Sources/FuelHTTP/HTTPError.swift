import Foundation

/// Why a transfer failed. URLs inside are redacted (no user info, no signature or token values), and no header
/// value is ever included, so a description is safe to print.
public enum HTTPError: Error, CustomStringConvertible, Equatable, Sendable {
    /// libcurl gave up: connection refused, reset, DNS, TLS, … (`code` is the `CURLcode`).
    case transport(code: Int, message: String, url: String)
    /// The connect timeout (`connecting` true) or the total timeout elapsed.
    case timeout(url: String, seconds: Double, connecting: Bool)
    /// No byte moved for `seconds`.
    case stalled(url: String, seconds: Double)
    /// The body exceeded the cap and the transfer was aborted.
    case tooLarge(limit: Int, url: String)
    /// The connection ended before the announced `Content-Length` (`expected` is nil when not known).
    case truncated(url: String, expected: Int64?, got: Int64)
    /// A status the caller did not accept (see ``HTTPResponse/requireSuccess(also:)``).
    case status(code: Int, url: String, bodyExcerpt: String)
    /// The response file could not be opened or written.
    case file(path: String, message: String)
    /// The request itself is unusable (bad method, header with a line break, …).
    case invalidRequest(url: String, reason: String)

    public var description: String {
        switch self {
        case .transport(let code, let message, let url) where code == Self.certificateVerificationFailed:
            return "transfer of \(url) failed: TLS certificate verification failed: \(message) (curl error \(code)); "
                + "verification stays on: if the publisher's chain is incomplete, trust its CA with the source's caFile"
        case .transport(let code, let message, let url):
            return "transfer of \(url) failed: \(message) (curl error \(code))"
        case .timeout(let url, let seconds, let connecting):
            return connecting
                ? "no connection to \(url) within the \(Self.seconds(seconds)) connect timeout; the server is silent"
                : "transfer of \(url) did not finish within the \(Self.seconds(seconds)) total timeout"
        case .stalled(let url, let seconds):
            return "transfer of \(url) stalled: no data for \(Self.seconds(seconds))"
        case .tooLarge(let limit, let url):
            return "response from \(url) is larger than the \(limit)-byte cap; download aborted"
        case .truncated(let url, let expected, let got):
            let expectation = expected.map { "of \($0) announced" } ?? "announced"
            return "response from \(url) was truncated: got \(got) bytes \(expectation)"
        case .status(let code, let url, let bodyExcerpt):
            let tail = bodyExcerpt.isEmpty ? "" : ": \(bodyExcerpt)"
            return "\(url) answered HTTP \(code)\(tail)"
        case .file(let path, let message):
            return "cannot write response file \(path): \(message)"
        case .invalidRequest(let url, let reason):
            return "invalid request for \(url): \(reason)"
        }
    }

    /// True for failures worth another attempt: transport errors that can be transient, truncation, and 5xx or 429
    /// statuses. A silence (no connection within the connect timeout, no byte within the stall timeout, no end within
    /// the total timeout) is not retried: a server that stays silent that long is down, and retrying would multiply
    /// the wait by the attempts.
    public var isRetryable: Bool {
        switch self {
        case .transport(let code, _, _): return HTTPError.retryableCurlCodes.contains(code)
        case .timeout, .stalled: return false
        case .truncated: return true
        case .status(let code, _, _): return RetryPolicy.isRetryableStatus(code)
        case .tooLarge, .file, .invalidRequest: return false
        }
    }

    /// `CURLE_PEER_FAILED_VERIFICATION`: the server's certificate chain did not verify.
    public static let certificateVerificationFailed = 60

    /// Couldn't resolve, couldn't connect, weird reply, HTTP/2 errors, partial file, timeout, TLS connect,
    /// empty reply, send and receive errors, HTTP/2 stream errors, HTTP/3.
    static let retryableCurlCodes: Set<Int> = [5, 6, 7, 8, 16, 18, 28, 35, 52, 55, 56, 92, 95]

    /// The start of a body as printable text, for error messages (at most 200 characters, one line).
    public static func excerpt(_ body: [UInt8], limit: Int = 200) -> String {
        let text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
        let flat = text.map { $0.isNewline || $0 == "\t" ? " " : $0 }
        let trimmed = String(flat.prefix(limit)).trimmingCharacters(in: .whitespaces)
        return flat.count > limit ? trimmed + "…" : trimmed
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.2f s", value)
    }
}

/// Removes secrets from URLs before they go into messages.
public enum HTTPRedaction {
    /// Query parameters whose values are replaced with `REDACTED` (compared case-insensitively, by substring).
    static let secretParameterWords = ["signature", "credential", "token", "key", "secret", "password", "auth"]

    /// The URL without user info and with secret-looking query values replaced.
    public static func url(_ text: String) -> String {
        var result = text
        // user:password@host
        if let schemeEnd = result.range(of: "://") {
            let afterScheme = result[schemeEnd.upperBound...]
            let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
            if let at = afterScheme[..<authorityEnd].lastIndex(of: "@") {
                result.removeSubrange(schemeEnd.upperBound...at)
            }
        }
        guard let question = result.firstIndex(of: "?") else { return result }
        let base = result[..<question]
        let queryAndFragment = result[result.index(after: question)...]
        let fragmentStart = queryAndFragment.firstIndex(of: "#") ?? queryAndFragment.endIndex
        let pairs = queryAndFragment[..<fragmentStart].split(separator: "&", omittingEmptySubsequences: false)
        let redacted = pairs.map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = pair[..<equals].lowercased()
            let secret = secretParameterWords.contains { name.contains($0) }
            return secret ? "\(pair[..<equals])=REDACTED" : String(pair)
        }
        return base + "?" + redacted.joined(separator: "&") + queryAndFragment[fragmentStart...]
    }
}
