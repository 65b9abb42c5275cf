import Foundation

/// The local S3 server (`scripts/servers/s3_server.py`: moto, signature checks on), started once for the upload tests.
public final class S3TestServer: Sendable {
    public let server: LocalServer
    public let accessKeyID: String
    public let secret: String
    /// The bucket the proxied tests share (each test under its own prefix).
    public let bucket = "fuel-test"
    /// A bucket for the tests that talk to moto directly.
    public let directBucket = "fuel-direct"

    public var endpoint: String { server.baseURL }

    private struct CredentialsFile: Decodable {
        let accessKeyId: String
        let secretAccessKey: String
    }

    private init() throws {
        let file = RepositoryPaths.temporaryDirectory("s3-server").appendingPathComponent("credentials.json")
        server = try LocalServer(
            script: .s3,
            arguments: ["--bucket", "fuel-test", "--bucket", "fuel-direct", "--credentials", file.path],
            timeout: 60)
        let credentials = try JSONDecoder().decode(CredentialsFile.self, from: Data(contentsOf: file))
        accessKeyID = credentials.accessKeyId
        secret = credentials.secretAccessKey
    }

    private static let started: Result<S3TestServer, any Error> = Result { try S3TestServer() }

    /// The shared server; throws (failing the test) when it cannot start. A test with ``ServerLogsOnFailure`` that asks
    /// for it shows its log tail when it fails.
    public static func shared() throws -> S3TestServer {
        let server = try started.get()
        ServerLogsOnFailure.noteUse(of: server.server)
        return server
    }
}

/// One request as the fault-injecting proxy logged it.
public struct ProxyLogEntry: Decodable, Sendable {
    public let seq: Int
    public let start: Double
    public let end: Double
    public let method: String
    public let path: String
    public let query: String
    public let key: String
    public let headers: [String: String]
    public let bodyBytes: Int
    public let status: Int
    public let fault: String?
    public let violations: [String]

    public var isList: Bool { method == "GET" && query.contains("list-type=2") }
    /// A request for the publisher lock, `<prefix>.lock`, which every real upload takes and releases.
    public var isLock: Bool { key.hasSuffix("/.lock") }
    /// A PUT or DELETE of the build's objects (not of the lock).
    public var isPut: Bool { method == "PUT" && !isLock }
    public var isDelete: Bool { method == "DELETE" && !isLock }
    public var succeeded: Bool { (200..<300).contains(status) }
}

/// `Tests/Servers/s3_proxy.py` in front of the shared server.
public final class S3Proxy: Sendable {
    public let server: LocalServer
    public let logFile: URL

    public var endpoint: String { server.baseURL }

    public init(_ upstream: S3TestServer, faults: [String] = []) throws {
        logFile = RepositoryPaths.temporaryDirectory("s3-proxy").appendingPathComponent("requests.jsonl")
        server = try LocalServer(
            script: .s3Proxy, arguments: ["--upstream", upstream.endpoint, "--log", logFile.path] + faults,
            environment: ["S3_PROXY_ACCESS_KEY": upstream.accessKeyID, "S3_PROXY_SECRET": upstream.secret])
    }

    /// Every request so far but those for the publisher lock, in arrival order.
    public func entries() throws -> [ProxyLogEntry] { try allEntries().filter { !$0.isLock } }

    /// Every request so far, the lock's included, in arrival order.
    public func allEntries() throws -> [ProxyLogEntry] {
        guard let data = FileManager.default.contents(atPath: logFile.path) else { return [] }
        return try String(decoding: data, as: UTF8.self).split(separator: "\n")
            .map { try JSONDecoder().decode(ProxyLogEntry.self, from: Data($0.utf8)) }
            .sorted { $0.seq < $1.seq }
    }
}
