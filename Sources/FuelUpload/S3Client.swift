import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP

/// A failed S3 request: the operation, the status and S3's own error code. Holds no header value and no secret.
public struct S3RequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `PUT fuel/tiles/77_-19.json`, `LIST fuel/`.
    public let operation: String
    /// The HTTP status; nil when the transfer itself failed.
    public let status: Int?
    /// S3's error code (`SignatureDoesNotMatch`, `PreconditionFailed`, …) or the transport failure.
    public let reason: String

    public var description: String {
        "\(operation): " + (status.map { "HTTP \($0) \(reason)" } ?? reason)
    }
}

/// The few S3 operations the upload needs, signed with SigV4 and sent over the libcurl client with retries.
public struct S3Client: Sendable {
    /// Told about each retry: the operation, why, and the wait in seconds.
    public typealias RetryObserver = @Sendable (_ operation: String, _ reason: String, _ delay: Double) -> Void

    public let endpoint: S3Endpoint
    public let bucket: String
    let http: any HTTPTransport
    let signer: SigV4Signer
    let retry: RetryPolicy
    let onRetry: RetryObserver?
    /// Told before each request is sent (its retries go to `onRetry`): a session counts its requests with it.
    let onRequest: (@Sendable () -> Void)?
    let timeouts: Timeouts

    /// How long one request may wait, in seconds; a silence is not retried (see ``HTTPError/isRetryable``).
    public struct Timeouts: Sendable, Equatable {
        public var connect: Double
        public var stall: Double
        public var total: Double

        public init(connect: Double = 15, stall: Double = 30, total: Double = 120) {
            self.connect = connect
            self.stall = stall
            self.total = total
        }
    }

    public init(
        endpoint: S3Endpoint, bucket: String, signer: SigV4Signer, http: any HTTPTransport, retry: RetryPolicy,
        timeouts: Timeouts = Timeouts(), onRetry: RetryObserver? = nil, onRequest: (@Sendable () -> Void)? = nil
    ) {
        self.onRequest = onRequest
        self.endpoint = endpoint
        self.bucket = bucket
        self.signer = signer
        self.http = http
        self.retry = retry
        self.timeouts = timeouts
        self.onRetry = onRetry
    }

    /// One ListObjectsV2 page under `prefix`.
    /// - Throws: ``S3RequestError`` for any status but 200, or a body that is not a listing.
    public func listPage(prefix: String, continuationToken: String?, maxKeys: Int?) async throws -> ListPage {
        var query: [SigV4Signer.Field] = [.init("list-type", "2")]
        if !prefix.isEmpty { query.append(.init("prefix", prefix)) }
        if let maxKeys { query.append(.init("max-keys", String(maxKeys))) }
        if let continuationToken { query.append(.init("continuation-token", continuationToken)) }
        let operation = "LIST \(prefix.isEmpty ? "/" : prefix)"
        let response = try await send(
            operation: operation, method: "GET", key: nil, query: query, maxResponseBytes: Self.maxListPageBytes)
        guard response.status == 200 else { throw failure(operation, response) }
        do {
            return try S3XML.listPage(response.body)
        } catch {
            throw S3RequestError(operation: operation, status: 200, reason: ErrorText.describe(error))
        }
    }

    /// Every key under `prefix` with its ETag, following continuation tokens.
    /// - Returns: the ETags by key and the number of LIST requests made.
    /// - Throws: ``S3RequestError`` past `maxPages` pages, or when a continuation token repeats: a server that
    ///   always answers "more" cannot keep an upload going forever.
    public func listAll(
        prefix: String, maxKeys: Int? = nil, maxPages: Int = S3Client.defaultMaxListPages
    ) async throws -> (etags: [String: String], calls: Int) {
        var etags: [String: String] = [:]
        var token: String?
        var seen: Set<String> = []
        var calls = 0
        let operation = "LIST \(prefix.isEmpty ? "/" : prefix)"
        repeat {
            guard calls < maxPages else {
                throw S3RequestError(
                    operation: operation, status: nil,
                    reason: "the listing goes on past \(maxPages) pages (more than any build holds); stopped")
            }
            let page = try await listPage(prefix: prefix, continuationToken: token, maxKeys: maxKeys)
            calls += 1
            etags.merge(page.objects) { $1 }
            token = page.isTruncated ? page.nextContinuationToken : nil
            if let next = token {
                guard seen.insert(next).inserted else {
                    throw S3RequestError(
                        operation: operation, status: nil,
                        reason: "the server sent the continuation token \(next) twice, so the listing would never end")
                }
            }
        } while token != nil
        return (etags, calls)
    }

    /// Pages one listing may take: 10,000 pages of 1,000 keys is ten thousand times a real build.
    public static let defaultMaxListPages = 10_000
    /// The largest LIST page accepted: a real page of 1,000 keys is about 300 KB.
    public static let maxListPageBytes = 16 << 20

    /// PUTs bytes under a key with the given extra headers (`Content-Type`, `Cache-Control`, conditions, …).
    /// `Content-MD5` is added here from the bytes. Returns the response whatever its status.
    public func put(key: String, bytes: [UInt8], headers: [SigV4Signer.Field]) async throws -> HTTPResponse {
        let md5 = Digest.base64(Digest.md5(bytes))
        return try await send(
            operation: "PUT \(key)", method: "PUT", key: key, headers: headers + [.init("Content-MD5", md5)],
            body: bytes)
    }

    /// HEAD of a key; the response whatever its status (404 when absent).
    public func head(key: String) async throws -> HTTPResponse {
        try await send(operation: "HEAD \(key)", method: "HEAD", key: key)
    }

    /// GET of a key, bytes exactly as stored (no decoding).
    public func get(key: String) async throws -> HTTPResponse {
        try await send(operation: "GET \(key)", method: "GET", key: key)
    }

    /// DELETE of a key; the response whatever its status (S3 answers 204 whether or not it existed).
    public func delete(key: String) async throws -> HTTPResponse {
        try await send(operation: "DELETE \(key)", method: "DELETE", key: key)
    }

    /// The error for an unexpected answer, with S3's code and message when the body has them.
    public func failure(_ operation: String, _ response: HTTPResponse) -> S3RequestError {
        let reason: String
        if let body = S3XML.error(response.body) {
            reason = Redaction.scrubSigning(body.message.isEmpty ? body.code : "\(body.code): \(body.message)")
        } else {
            reason = response.body.isEmpty ? "(no body)" : S3XML.excerpt(response.body)
        }
        var advice = ""
        if response.status == 301, let region = response.header("x-amz-bucket-region"), !region.isEmpty {
            // AWS answers a request signed for the wrong region with a redirect that names the right one.
            advice = "; the bucket is in region \(region): pass --region \(region) (or set AWS_REGION=\(region))"
        }
        return S3RequestError(operation: operation, status: response.status, reason: reason + advice)
    }

    /// Signs and sends one request with retries on transport errors, 5xx and 429.
    private func send(
        operation: String, method: String, key: String?, query: [SigV4Signer.Field] = [],
        headers: [SigV4Signer.Field] = [], body: [UInt8] = [], maxResponseBytes: Int? = nil
    ) async throws -> HTTPResponse {
        let path = "/" + bucket + (key.map { "/" + $0 } ?? "")
        let unsigned = SigV4Signer.Request(
            method: method, host: endpoint.hostHeader, path: path, query: query, headers: headers, body: body)
        let signed = signer.sign(unsigned, date: Date())
        let request = HTTPRequest(
            method: method, url: endpoint.baseURL + signed.target,
            headers: signed.headers,
            body: method == "PUT" ? body : nil, maxResponseBytes: maxResponseBytes,
            connectTimeout: timeouts.connect, totalTimeout: timeouts.total, stallTimeout: timeouts.stall,
            maxRedirects: 0)
        let observer = onRetry
        onRequest?()
        do {
            return try await http.send(
                request, retry: retry,
                onRetry: { attempt, reason, delay in observer?(operation, "\(reason) (attempt \(attempt))", delay) })
        } catch let error as HTTPError {
            throw S3RequestError(operation: operation, status: nil, reason: error.description)
        }
    }
}
