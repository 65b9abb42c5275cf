import Foundation
import FuelHTTP
import _FuelTestSupport

/// `Tests/Servers/feed_server.py` on 127.0.0.1 with a temporary fixture root, plus its control endpoints.
struct FeedServerHarness {
    let server: LocalServer
    let root: URL
    let client = HTTPClient(maxConcurrentTransfers: 16)

    init(files: [String: [UInt8]] = [:]) throws {
        root = RepositoryPaths.temporaryDirectory("feed-server")
        for (path, bytes) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        server = try LocalServer(script: .feeds, arguments: ["--root", root.path])
    }

    func url(_ path: String) -> String { server.baseURL + path }

    /// One request the server recorded.
    struct Recorded: Decodable {
        var method: String
        var path: String
        var query: String
        var time: Double
        var headers: [String: String]
    }

    private struct Log: Decodable {
        var requests: [Recorded]
        var peakInFlight: Int
    }

    /// Requests the server saw, oldest first (control requests excluded).
    func requests(path: String? = nil) async throws -> [Recorded] {
        try await log().requests.filter { path == nil || $0.path == path }
    }

    /// The most transfers the server had in flight at once.
    func peakInFlight() async throws -> Int { try await log().peakInFlight }

    private func log() async throws -> Log {
        let response = try await client.send(HTTPRequest(url: url("/_control/requests")))
        return try JSONDecoder().decode(Log.self, from: Data(response.body))
    }
}
