/// An access key for AWS Signature Version 4.
///
/// Its descriptions never show the secret or the session token, so a credential that ends up in a log line or an
/// error message leaks nothing but the key id.
public struct SigV4Credentials: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The public half: `AKIA…`; appears in every `Authorization` header.
    public let accessKeyID: String
    /// The secret half; only the signer reads it.
    let secretAccessKey: String
    /// The temporary-credential token, sent as `x-amz-security-token` when present.
    let sessionToken: String?

    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// True when a session token is set (the token itself stays private).
    public var hasSessionToken: Bool { sessionToken != nil }

    /// The strings that must never be printed: the secret and the session token.
    ///
    /// For redaction checks and tests; never print the result.
    public var secrets: [String] { [secretAccessKey] + (sessionToken.map { [$0] } ?? []) }

    public var description: String {
        "SigV4Credentials(accessKeyID: \(accessKeyID), secret: <redacted>"
            + (sessionToken == nil ? ")" : ", sessionToken: <redacted>)")
    }

    public var debugDescription: String { description }

    /// `dump()` and other reflection see the key id only.
    public var customMirror: Mirror { Mirror(self, children: ["accessKeyID": accessKeyID]) }
}
