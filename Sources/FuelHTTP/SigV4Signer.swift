import Foundation
import FuelCodecs

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// AWS Signature Version 4 for header-signed requests, over libcrypto's SHA-256 and HMAC.
///
/// Pure and `Sendable`: the date is an argument, so tests reproduce AWS's published example signatures. The signer
/// also produces the request target (`/bucket/key?a=b`) from the same encoded strings it signs, so what is sent and
/// what is signed can never disagree, whatever the key or a continuation token contains.
public struct SigV4Signer: Sendable {
    /// One header or query parameter of the request, a name and a value: an ``HTTPHeader``, so that the signed
    /// headers are sent as they are. A header is signed with its name lower-cased and its value trimmed.
    public typealias Field = HTTPHeader

    /// What the signer needs to know about a request.
    public struct Request: Sendable {
        /// `GET`, `PUT`, …
        public var method: String
        /// The `Host` header exactly as it is sent: with `:port` when the port is not the scheme's default.
        public var host: String
        /// The path, not yet encoded: `/bucket/tiles/77_-19.json`. Encoded segment by segment, `/` kept.
        public var path: String
        /// Query parameters, not yet encoded. A parameter without a value is sent and signed as `name=`.
        public var query: [Field]
        /// Further headers to sign (and send): `content-type`, `content-md5`, `if-match`, …
        public var headers: [Field]
        /// The hex SHA-256 of the body, sent as `x-amz-content-sha256`.
        public var payloadHash: String

        public init(
            method: String, host: String, path: String, query: [Field] = [], headers: [Field] = [],
            payloadHash: String
        ) {
            self.method = method
            self.host = host
            self.path = path
            self.query = query
            self.headers = headers
            self.payloadHash = payloadHash
        }

        /// A request whose payload hash is computed from the body.
        public init(
            method: String, host: String, path: String, query: [Field] = [], headers: [Field] = [], body: [UInt8]
        ) {
            self.init(
                method: method, host: host, path: path, query: query, headers: headers,
                payloadHash: Digest.hex(Digest.sha256(body)))
        }
    }

    /// The outcome of signing.
    public struct Signed: Sendable {
        /// Encoded path plus `?` and the canonical query (when there is one): append to `scheme://host`.
        public let target: String
        /// The headers to send: the request's own plus `x-amz-date`, `x-amz-content-sha256`, optionally
        /// `x-amz-security-token`, and `authorization`. `host` is not included (the HTTP client sends it).
        public let headers: [Field]
        /// The canonical request, for diagnosis. Holds no secret.
        public let canonicalRequest: String
        /// The string to sign, for diagnosis. Holds no secret.
        public let stringToSign: String
        /// The hex signature.
        public let signature: String
    }

    public let credentials: SigV4Credentials
    /// The signing region; R2 uses `auto`.
    public let region: String
    /// The signing service.
    public let service: String

    public init(credentials: SigV4Credentials, region: String = "auto", service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// Signs a request at the given time.
    public func sign(_ request: Request, date: Date) -> Signed {
        let (amzDate, day) = Self.timestamps(date)
        let path = Self.encodePath(request.path)
        let query = Self.canonicalQuery(request.query)

        var headers = request.headers
        headers.append(Field("x-amz-date", amzDate))
        headers.append(Field("x-amz-content-sha256", request.payloadHash))
        if let token = credentials.sessionToken { headers.append(Field("x-amz-security-token", token)) }

        let canonical = Self.canonicalHeaders(headers + [Field("host", request.host)])
        let canonicalRequest = [
            request.method.uppercased(), path, query, canonical.text, canonical.signedHeaders, request.payloadHash,
        ].joined(separator: "\n")

        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let stringToSign = [
            "AWS4-HMAC-SHA256", amzDate, scope, Digest.hex(Digest.sha256(Array(canonicalRequest.utf8))),
        ].joined(separator: "\n")

        var key = Array(("AWS4" + credentials.secretAccessKey).utf8)
        for part in [day, region, service, "aws4_request"] {
            key = Digest.hmacSHA256(key: key, message: Array(part.utf8))
        }
        let signature = Digest.hex(Digest.hmacSHA256(key: key, message: Array(stringToSign.utf8)))

        headers.append(
            Field(
                "authorization",
                "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope),"
                    + "SignedHeaders=\(canonical.signedHeaders),Signature=\(signature)"))
        return Signed(
            target: query.isEmpty ? path : path + "?" + query, headers: headers,
            canonicalRequest: canonicalRequest, stringToSign: stringToSign, signature: signature)
    }

    // MARK: - Canonical forms

    /// AWS URI encoding: every byte but `A–Z a–z 0–9 - . _ ~` becomes upper-case `%XX`; `/` is kept unless
    /// `encodeSlash` is true.
    public static func encode(_ text: String, encodeSlash: Bool = true) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output = [UInt8]()
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.append(byte)
            case UInt8(ascii: "/") where !encodeSlash:
                output.append(byte)
            default:
                output.append(UInt8(ascii: "%"))
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The canonical URI of an S3 path: encoded once, `/` kept between segments, `/` when empty.
    public static func encodePath(_ path: String) -> String {
        let encoded = encode(path, encodeSlash: false)
        if encoded.isEmpty { return "/" }
        return encoded.hasPrefix("/") ? encoded : "/" + encoded
    }

    /// The canonical query: names and values encoded (`/`, `+` and `=` too), sorted by name then value, `name=`
    /// for a parameter without a value.
    public static func canonicalQuery(_ parameters: [Field]) -> String {
        // Encoded text is ASCII, so String order is byte order, as AWS sorts.
        let pairs: [(name: String, value: String)] = parameters.map { (encode($0.name), encode($0.value)) }
        let sorted = pairs.sorted { left, right in
            left.name == right.name ? left.value < right.value : left.name < right.name
        }
        return sorted.map { pair in pair.name + "=" + pair.value }.joined(separator: "&")
    }

    /// Canonical headers (lower-case names, sorted, values trimmed with inner runs of spaces collapsed, repeated
    /// names joined by commas) and the `;`-joined signed header list.
    static func canonicalHeaders(_ headers: [Field]) -> (text: String, signedHeaders: String) {
        var merged: [String: [String]] = [:]
        for header in headers {
            merged[header.name.lowercased(), default: []].append(normaliseValue(header.value))
        }
        let names = merged.keys.sorted()
        let text = names.map { "\($0):\(merged[$0]!.joined(separator: ","))\n" }.joined()
        return (text, names.joined(separator: ";"))
    }

    private static func normaliseValue(_ value: String) -> String {
        var output = ""
        var pendingSpace = false
        for character in value {
            if character == " " || character == "\t" {
                pendingSpace = !output.isEmpty
            } else {
                if pendingSpace { output.append(" ") }
                pendingSpace = false
                output.append(character)
            }
        }
        return output
    }

    /// `20130524T000000Z` and `20130524` for a date, in UTC.
    static func timestamps(_ date: Date) -> (amzDate: String, day: String) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let day: String = pad(parts.tm_year + 1900, 4) + pad(parts.tm_mon + 1, 2) + pad(parts.tm_mday, 2)
        let time: String = pad(parts.tm_hour, 2) + pad(parts.tm_min, 2) + pad(parts.tm_sec, 2)
        return (day + "T" + time + "Z", day)
    }
}
