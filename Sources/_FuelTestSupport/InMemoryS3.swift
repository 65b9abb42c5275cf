import Foundation
import FuelCodecs
import FuelHTTP
import Synchronization

/// S3 buckets held in memory, to answer a ``ScriptedTransport`` with what the upload needs of S3: path-style
/// `GET`/`HEAD`/`PUT`/`DELETE` of objects, ListObjectsV2 with `prefix`, `max-keys` and continuation tokens (made of
/// `+`, `/` and `=` so that their encoding is tested), `Content-MD5`, and the conditional writes `If-None-Match: *`
/// and `If-Match`.
///
/// It checks that a request is SigV4-signed (the header's shape, not the signature: the moto and SeaweedFS tests do
/// that) and answers S3's XML errors. ETags are the MD5 of the bytes, in quotes, as S3 gives them.
public final class InMemoryS3: Sendable {
    /// A stored object.
    public struct Object: Sendable, Equatable {
        public var bytes: [UInt8]
        /// `"<md5 hex>"`, quotes included.
        public var etag: String
        /// `Content-Type`, `Content-Encoding` and `Cache-Control` as they were sent (names lower-cased).
        public var headers: [String: String]
    }

    private let buckets: Mutex<[String: [String: Object]]>

    /// Headers stored with an object and given back on GET and HEAD.
    static let storedHeaders = ["content-type", "content-encoding", "cache-control"]

    /// - Parameter buckets: the buckets that exist (each empty).
    public init(buckets: [String]) {
        self.buckets = Mutex(Dictionary(uniqueKeysWithValues: buckets.map { ($0, [:]) }))
    }

    /// Every object of `bucket`, by key.
    public func objects(in bucket: String) -> [String: Object] { buckets.withLock { $0[bucket] ?? [:] } }

    /// Stores `bytes` under `key` directly, as another writer would.
    public func store(_ bytes: [UInt8], bucket: String, key: String, headers: [String: String] = [:]) {
        let object = Object(
            bytes: bytes, etag: Self.etag(bytes),
            headers: Dictionary(uniqueKeysWithValues: headers.map { ($0.key.lowercased(), $0.value) }))
        buckets.withLock { $0[bucket, default: [:]][key] = object }
    }

    /// The answer S3 would give.
    public func reply(to request: HTTPRequest) -> ScriptedTransport.Reply {
        guard let authorization = request.header("Authorization"), authorization.hasPrefix("AWS4-HMAC-SHA256 "),
            request.header("x-amz-date") != nil, request.header("x-amz-content-sha256") != nil
        else {
            return Self.error(403, "AccessDenied", "the request is not SigV4-signed")
        }
        let components = URLComponents(string: request.url)
        let path = components?.path ?? "/"
        let parts = path.dropFirst().split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let bucket = parts.first.map(String.init) ?? ""
        let key = parts.count > 1 ? String(parts[1]) : ""
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        return buckets.withLock { buckets -> ScriptedTransport.Reply in
            guard var objects = buckets[bucket] else {
                return Self.error(404, "NoSuchBucket", "the bucket \(bucket) does not exist")
            }
            if key.isEmpty {
                guard request.method == "GET", query["list-type"] == "2" else {
                    return Self.error(400, "InvalidRequest", "only ListObjectsV2 is served on a bucket")
                }
                return Self.list(objects, bucket: bucket, query: query)
            }
            switch request.method {
            case "GET", "HEAD":
                guard let object = objects[key] else { return Self.error(404, "NoSuchKey", "no object \(key)") }
                var headers = object.headers
                headers["etag"] = object.etag
                return .ok(object.bytes, headers: headers)
            case "PUT":
                let body = request.body ?? []
                if let md5 = request.header("Content-MD5"), md5 != Digest.base64(Digest.md5(body)) {
                    return Self.error(400, "BadDigest", "the Content-MD5 does not match the body")
                }
                if request.header("If-None-Match") == "*", objects[key] != nil {
                    return Self.error(412, "PreconditionFailed", "the object exists")
                }
                if let etag = request.header("If-Match") {
                    guard let current = objects[key] else { return Self.error(404, "NoSuchKey", "no object \(key)") }
                    guard current.etag == etag else {
                        return Self.error(412, "PreconditionFailed", "the ETag is \(current.etag), not \(etag)")
                    }
                }
                var headers: [String: String] = [:]
                for name in Self.storedHeaders { headers[name] = request.header(name) }
                let object = Object(bytes: body, etag: Self.etag(body), headers: headers)
                objects[key] = object
                buckets[bucket] = objects
                return ScriptedTransport.Reply(status: 200, headers: ["ETag": object.etag])
            case "DELETE":
                objects[key] = nil
                buckets[bucket] = objects
                return ScriptedTransport.Reply(status: 204)
            default:
                return Self.error(405, "MethodNotAllowed", "\(request.method) is not served")
            }
        }
    }

    /// One ListObjectsV2 page: keys in order after the token's key, at most `max-keys` (1000).
    private static func list(
        _ objects: [String: Object], bucket: String, query: [String: String]
    ) -> ScriptedTransport.Reply {
        let prefix = query["prefix"] ?? ""
        let limit = min(1000, max(1, Int(query["max-keys"] ?? "") ?? 1000))
        var keys = objects.keys.filter { $0.hasPrefix(prefix) }.sorted()
        if let token = query["continuation-token"] {
            guard token.hasPrefix(tokenMark), let data = Data(base64Encoded: String(token.dropFirst(tokenMark.count))),
                let after = String(data: data, encoding: .utf8)
            else {
                return error(400, "InvalidArgument", "the continuation token is not valid")
            }
            keys = keys.filter { $0 > after }
        }
        let page = keys.prefix(limit)
        let truncated = keys.count > limit
        var xml =
            #"<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">"#
            + "<Name>\(escaped(bucket))</Name><Prefix>\(escaped(prefix))</Prefix><KeyCount>\(page.count)</KeyCount>"
            + "<MaxKeys>\(limit)</MaxKeys><IsTruncated>\(truncated)</IsTruncated>"
        if truncated, let last = page.last {
            let token = tokenMark + Data(last.utf8).base64EncodedString()
            xml += "<NextContinuationToken>\(escaped(token))</NextContinuationToken>"
        }
        for key in page {
            let object = objects[key]!
            xml += "<Contents><Key>\(escaped(key))</Key><ETag>\(escaped(object.etag))</ETag>"
            xml += "<Size>\(object.bytes.count)</Size></Contents>"
        }
        xml += "</ListBucketResult>"
        return .ok(Array(xml.utf8), headers: ["Content-Type": "application/xml"])
    }

    /// Starts every continuation token, so that each holds `+`, `/` and `=`, which a client must encode in its query.
    static let tokenMark = "+/="

    /// An S3 `<Error>` answer.
    private static func error(_ status: Int, _ code: String, _ message: String) -> ScriptedTransport.Reply {
        let xml =
            #"<?xml version="1.0" encoding="UTF-8"?><Error>"#
            + "<Code>\(code)</Code><Message>\(escaped(message))</Message></Error>"
        return ScriptedTransport.Reply(
            status: status, headers: ["Content-Type": "application/xml"], body: Array(xml.utf8))
    }

    private static func etag(_ bytes: [UInt8]) -> String { "\"\(Digest.hex(Digest.md5(bytes)))\"" }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
