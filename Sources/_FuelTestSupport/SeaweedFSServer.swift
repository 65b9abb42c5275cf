import Foundation
import FuelHTTP
import FuelProcess

/// A second, independent S3 server for the upload tests: SeaweedFS (`scripts/servers/seaweedfs_server.py` running
/// `weed server -s3`, SigV4 checked), started once per test run and shared.
///
/// moto (``S3TestServer``) decodes `%2F` in the query before it recomputes the signature, so it refuses a correctly
/// signed ListObjectsV2 with `prefix=fuel/`; SeaweedFS verifies it as AWS does, so uploads can run with the default
/// prefix here. Its identity (a random access key and secret) is written to weed's `-s3.config` file, never put in
/// argv. Buckets are not created on the fly: ``createBucket(_:)`` makes one with a signed request, as on AWS.
public final class SeaweedFSServer: Sendable {
    public let server: LocalServer
    public let accessKeyID: String
    public let secret: String
    /// A bucket created at start, for tests that need no bucket of their own.
    public var bucket: String { "fuel-seaweed" }
    /// Seconds from launching the script to the S3 gateway's first answer and the bucket's creation.
    public let startupSeconds: Double

    public var endpoint: String { server.baseURL }

    private init(server: LocalServer, accessKeyID: String, secret: String, startupSeconds: Double) {
        self.server = server
        self.accessKeyID = accessKeyID
        self.secret = secret
        self.startupSeconds = startupSeconds
    }

    /// Writes the identities file, starts the server and creates ``bucket``.
    private static func start() async throws -> SeaweedFSServer {
        let began = ChildProcess.monotonicSeconds()
        let accessKeyID = "FUELTEST" + randomHex(bytes: 6).uppercased()
        let secret = randomHex(bytes: 20)
        let config = RepositoryPaths.temporaryDirectory("seaweedfs").appendingPathComponent("s3.json")
        let identities: [String: Any] = [
            "identities": [
                [
                    "name": "fuel-tests",
                    "credentials": [["accessKey": accessKeyID, "secretKey": secret]],
                    "actions": ["Admin", "Read", "Write", "List", "Tagging"],
                ]
            ]
        ]
        try JSONSerialization.data(withJSONObject: identities).write(to: config)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: config.path)
        let local = try LocalServer(script: .seaweedFS, arguments: ["--config", config.path], timeout: 90)
        let bucket = "fuel-seaweed"
        do {
            try await createBucket(bucket, on: local, accessKeyID: accessKeyID, secret: secret)
        } catch {
            throw SeaweedFSStartError(reason: "cannot create bucket \(bucket): \(error)", server: local)
        }
        return SeaweedFSServer(
            server: local, accessKeyID: accessKeyID, secret: secret,
            startupSeconds: ChildProcess.monotonicSeconds() - began)
    }

    /// Creates `name` with a signed `PUT /<name>`; a gateway still connecting to its filer answers 5xx for a moment,
    /// so those are retried for a few seconds.
    /// - Throws: ``SeaweedFSStartError`` naming the status and body for any answer but 200.
    public func createBucket(_ name: String) async throws {
        try await Self.createBucket(name, on: server, accessKeyID: accessKeyID, secret: secret)
    }

    private static func createBucket(
        _ name: String, on server: LocalServer, accessKeyID: String, secret: String
    ) async throws {
        let endpoint = server.baseURL
        let host = "127.0.0.1:\(server.port)"
        let signer = SigV4Signer(credentials: SigV4Credentials(accessKeyID: accessKeyID, secretAccessKey: secret))
        let retry = RetryPolicy(maxAttempts: 20, baseDelay: 0.25, maxDelay: 1)
        var generator = SystemRandomNumberGenerator()
        for attempt in 1...retry.maxAttempts {
            let signed = signer.sign(
                SigV4Signer.Request(method: "PUT", host: host, path: "/" + name, body: []), date: Date())
            let request = HTTPRequest(
                method: "PUT", url: endpoint + signed.target,
                headers: signed.headers, body: [],
                connectTimeout: 5, totalTimeout: 30, maxRedirects: 0)
            let response = try await HTTPClient(maxConcurrentTransfers: 1).send(request)
            if response.status == 200 { return }
            let text = String(decoding: response.body.prefix(500), as: UTF8.self)
            guard RetryPolicy.isRetryableStatus(response.status), attempt < retry.maxAttempts else {
                throw SeaweedFSStartError(
                    reason: "PUT /\(name) answered \(response.status): \(text)", server: server)
            }
            try await Task.sleep(for: .seconds(retry.backoff(retry: attempt, using: &generator)))
        }
    }

    /// Started on first use; every test after that shares it (or its failure).
    private static let started = Task { try await start() }

    /// The shared server; throws (failing the test) when it cannot start. A test with ``ServerLogsOnFailure`` that asks
    /// for it shows its log tail when it fails.
    public static func shared() async throws -> SeaweedFSServer {
        let server = try await started.value
        ServerLogsOnFailure.noteUse(of: server.server)
        return server
    }

    private static func randomHex(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }
            .joined()
    }
}

/// SeaweedFS started but could not be set up; the description holds the reason and the log tail.
public struct SeaweedFSStartError: Error, CustomStringConvertible {
    public let description: String

    init(reason: String, server: LocalServer) {
        description = "SeaweedFS is not usable: \(reason)\n\(server.logTail())"
    }
}
