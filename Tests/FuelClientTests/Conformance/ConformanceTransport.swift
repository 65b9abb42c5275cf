import Foundation
import FuelClient
import FuelCodecs
import Synchronization

/// Serves the kit's build as conformance/README.md "Running the cases" says: every file with `Content-Encoding: gzip`
/// and delivered decoded, as URLSession delivers it (with the transport `gzip-without-content-encoding`, the stored
/// gzip bytes and no `Content-Encoding`); the ETag `"<MD5 of the stored bytes>"`, 304 for a matching
/// `If-None-Match`, and the paths a case (or step) overrides. Logs every request.
final class ConformanceTransport: TileTransport {
    static let base = URL(string: "https://kit.invalid")!
    /// The documented periods with a lookup deadline of 10 minutes: the kit's cases test answers, not the deadline
    /// (TileClient's own tests do), and a loaded machine running the whole suite can hold an in-process lookup past
    /// 30 s while other tests keep the cooperative threads busy.
    static let policy = TileCachePolicy.unhurried

    /// One request: its path below `fuel/` and the `If-None-Match` it carried.
    struct Logged: Sendable {
        var path: String
        var ifNoneMatch: String?
    }

    private struct State {
        var server: [String: ConformanceKit.Case.Behaviour]
        var log: [Logged] = []
    }

    private let build = ConformanceKit.folder.appendingPathComponent("build/fuel")
    private let encoded: Bool
    private let state: Mutex<State>

    /// - Parameter transport: the case's `transport`; nil serves `Content-Encoding: gzip`.
    init(_ server: [String: ConformanceKit.Case.Behaviour], transport: String? = nil) {
        state = Mutex(State(server: server))
        encoded = transport != "gzip-without-content-encoding"
    }

    /// Serves the next requests with a step's `server` entries, and starts a new log.
    func use(_ server: [String: ConformanceKit.Case.Behaviour]) {
        state.withLock { $0 = State(server: server) }
    }

    var requestCount: Int { state.withLock { $0.log.count } }

    /// The requests since the last ``use(_:)``.
    var log: [Logged] { state.withLock { $0.log } }

    func send(_ request: TileRequest) async throws -> TileResponse {
        let path = String(request.url.path.dropFirst("/fuel/".count))
        let ifNoneMatch = request.headers.first { $0.key.lowercased() == "if-none-match" }?.value
        let behaviour = state.withLock { state in
            state.log.append(Logged(path: path, ifNoneMatch: ifNoneMatch))
            return state.server[path]
        }
        let file: URL
        if let behaviour {
            guard behaviour.status == 200, let name = behaviour.file else {
                return TileResponse(status: behaviour.status)
            }
            file = ConformanceKit.folder.appendingPathComponent(name)
        } else {
            file = build.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: file.path) else { return TileResponse(status: 404) }
        }
        let body = try Data(contentsOf: file)
        let etag = "\"\(Digest.hex(Digest.md5(body)))\""
        if ifNoneMatch == etag { return TileResponse(status: 304, headers: ["ETag": etag]) }
        var headers = ["Content-Type": "application/json", "ETag": etag]
        guard encoded else { return TileResponse(status: 200, headers: headers, body: body) }
        // `Content-Encoding: gzip`: the body as an HTTP layer (URLSession) delivers it, decoded.
        headers["Content-Encoding"] = "gzip"
        return TileResponse(status: 200, headers: headers, body: Data(try Gzip.decompress([UInt8](body))))
    }
}
