import Foundation
import FuelCodecs
import FuelHTTP

/// Where the S3 API answers: `https://<account>.r2.cloudflarestorage.com`, `http://127.0.0.1:9000`. Buckets are
/// addressed path-style (`/bucket/key`), which R2, S3 and local servers all accept.
public struct S3Endpoint: Sendable, Equatable, CustomStringConvertible {
    /// `http` or `https`.
    public let scheme: String
    /// The host name or address (IPv6 in brackets).
    public let host: String
    /// The port when it is not the scheme's default.
    public let port: Int?

    /// Parses `scheme://host[:port][/]`.
    /// - Throws: ``UploadError/configuration(_:)`` naming `source` (the option or variable it came from).
    public init(parsing text: String, source: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else {
            throw UploadError.configuration(
                "\(source) must be an http or https URL such as https://<account>.r2.cloudflarestorage.com, "
                    + "got '\(HTTPRedaction.url(trimmed))'")
        }
        guard components.user == nil, components.password == nil else {
            throw UploadError.configuration(
                "\(source) must not contain user info; credentials come from AWS_ACCESS_KEY_ID and "
                    + "AWS_SECRET_ACCESS_KEY")
        }
        guard components.path.isEmpty || components.path == "/", components.query == nil else {
            throw UploadError.configuration(
                "\(source) must be the service URL without a path or query (buckets are addressed as /bucket/key), "
                    + "got '\(HTTPRedaction.url(trimmed))'")
        }
        self.scheme = scheme
        self.host = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let defaultPort = scheme == "https" ? 443 : 80
        port = components.port.flatMap { $0 == defaultPort ? nil : $0 }
    }

    /// The `Host` header as curl sends it: the port only when it is not the default.
    public var hostHeader: String { port.map { "\(host):\($0)" } ?? host }

    /// `scheme://host[:port]`.
    public var baseURL: String { "\(scheme)://\(hostHeader)" }

    public var description: String { baseURL }
}
