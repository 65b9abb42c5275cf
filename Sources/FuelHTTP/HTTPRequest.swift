import Foundation

/// One request header, sent as given.
public struct HTTPHeader: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    public init(_ name: String, _ value: String) {
        self.init(name: name, value: value)
    }
}

/// What to send and how patient to be: one HTTP transfer for ``HTTPClient``.
public struct HTTPRequest: Sendable {
    /// `GET`, `PUT`, `DELETE`, `HEAD` or `POST` (any other token is sent as a custom method).
    public var method: String
    /// The full URL, already percent-encoded.
    public var url: String
    public var headers: [HTTPHeader]
    /// The request body (PUT, POST); kept alive for the whole transfer.
    public var body: [UInt8]?
    /// Stream the response body to this file (created or truncated) instead of memory.
    public var responseFile: URL?
    /// Abort the transfer with ``HTTPError/tooLarge(limit:url:)`` once the body exceeds this many bytes.
    public var maxResponseBytes: Int?
    /// Seconds allowed to establish the connection (TCP and TLS).
    public var connectTimeout: Double
    /// Seconds allowed for the whole transfer.
    public var totalTimeout: Double
    /// Abort when no byte moves (either way) for this many seconds; caught within about a second.
    public var stallTimeout: Double?
    /// Send `Accept-Encoding: gzip` and decode the body.
    public var acceptGzip: Bool
    /// How many redirects to follow (0: none).
    public var maxRedirects: Int
    /// PEM certificates trusted for this request on top of the system's store (a publisher whose chain the system
    /// cannot verify); verification itself is never turned off.
    public var extraCertificateAuthorities: [UInt8]?

    public init(
        method: String = "GET",
        url: String,
        headers: [HTTPHeader] = [],
        body: [UInt8]? = nil,
        responseFile: URL? = nil,
        maxResponseBytes: Int? = nil,
        connectTimeout: Double = 30,
        totalTimeout: Double = 300,
        stallTimeout: Double? = 60,
        acceptGzip: Bool = false,
        maxRedirects: Int = 5,
        extraCertificateAuthorities: [UInt8]? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.responseFile = responseFile
        self.maxResponseBytes = maxResponseBytes
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.stallTimeout = stallTimeout
        self.acceptGzip = acceptGzip
        self.maxRedirects = maxRedirects
        self.extraCertificateAuthorities = extraCertificateAuthorities
    }

    /// The first header of that name, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// The answer to an ``HTTPRequest``: any status, including 4xx and 5xx.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header names lower-cased; repeated headers joined with `", "`. Only the final response's headers (after
    /// redirects and `100 Continue`).
    public var headers: [String: String]
    /// The body; empty when it was streamed to ``HTTPRequest/responseFile``.
    public var body: [UInt8]
    /// Body bytes delivered (after gzip decoding), whether kept in memory or written to the file.
    public var bytesReceived: Int
    /// The URL that answered, after redirects, with credentials redacted.
    public var url: String

    public init(status: Int, headers: [String: String], body: [UInt8], bytesReceived: Int, url: String) {
        self.status = status
        self.headers = headers
        self.body = body
        self.bytesReceived = bytesReceived
        self.url = url
    }

    /// The header of that name (any case).
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// True for 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// Returns the response when it is 2xx (or one of `also`).
    /// - Throws: ``HTTPError/status(code:url:bodyExcerpt:)`` with the start of the body.
    @discardableResult
    public func requireSuccess(also accepted: Set<Int> = []) throws -> HTTPResponse {
        guard isSuccess || accepted.contains(status) else {
            throw HTTPError.status(code: status, url: url, bodyExcerpt: HTTPError.excerpt(body))
        }
        return self
    }
}
