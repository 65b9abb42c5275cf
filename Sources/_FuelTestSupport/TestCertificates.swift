import Foundation

/// A throw-away certificate authority and a server certificate it signed for `127.0.0.1` and `localhost`, made with
/// the `openssl` command for TLS tests against local servers.
public struct TestCertificates: Sendable {
    /// The CA's certificate (PEM): what a client must trust.
    public let authority: URL
    /// The server's certificate and key (PEM).
    public let certificate: URL
    public let key: URL

    /// Makes a fresh CA and server certificate in a temporary folder.
    /// - Throws: when `openssl` is missing or fails (its stderr is in the error).
    public init() throws {
        let folder = RepositoryPaths.temporaryDirectory("tls")
        authority = folder.appendingPathComponent("test-ca.pem")
        certificate = folder.appendingPathComponent("server.pem")
        key = folder.appendingPathComponent("server.key")
        let authorityKey = folder.appendingPathComponent("test-ca.key")
        let request = folder.appendingPathComponent("server.csr")
        let extensions = folder.appendingPathComponent("server.ext")
        try Data("subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n".utf8).write(to: extensions)
        let steps: [[String]] = [
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=FuelTiles test CA",
                "-keyout", authorityKey.path, "-out", authority.path,
            ],
            [
                "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", key.path, "-out",
                request.path,
            ],
            [
                "x509", "-req", "-in", request.path, "-CA", authority.path, "-CAkey", authorityKey.path,
                "-CAcreateserial", "-days", "2", "-extfile", extensions.path, "-out", certificate.path,
            ],
        ]
        for step in steps {
            let result = try CapturedRun.run("openssl", step)
            guard result.status == 0 else {
                throw CertificateError(message: "openssl \(step[0]) failed: \(result.stderr)")
            }
        }
    }

    struct CertificateError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
