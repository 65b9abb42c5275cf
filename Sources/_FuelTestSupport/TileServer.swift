import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Tests/Servers/tile_server.py` on 127.0.0.1: serves `ROOT/fuel/**` gzipped with validators, can be told to fail
/// given paths, and counts requests per path and status.
public final class TileServer: Sendable {
    private let server: LocalServer

    /// The base URL a client should use: files are at `<baseURL>/fuel/…`.
    public var baseURL: URL { URL(string: server.baseURL)! }

    /// - Parameters:
    ///   - root: the folder holding `fuel/`.
    ///   - weakETags: send `W/"…"` ETags.
    ///   - statuses: forced statuses by URL path, for example `["/fuel/tiles/77_-19.json": 500]`.
    ///   - faults: `--bomb` or `--drip` to a URL path that answers that way (see the script).
    public init(
        root: URL, weakETags: Bool = false, statuses: [String: Int] = [:], faults: [String: String] = [:]
    ) throws {
        var arguments = ["--root", root.path]
        if weakETags { arguments.append("--weak-etags") }
        for (fault, path) in faults.sorted(by: { $0.key < $1.key }) { arguments += [fault, path] }
        for (path, status) in statuses.sorted(by: { $0.key < $1.key }) {
            arguments += ["--status", "\(path)=\(status)"]
        }
        server = try LocalServer(script: .tiles, arguments: arguments)
    }

    /// Requests served so far: path → status → count.
    public func requests() async throws -> [String: [String: Int]] {
        let (data, _) = try await Self.session.data(from: baseURL.appendingPathComponent("_control/requests"))
        return try JSONDecoder().decode([String: [String: Int]].self, from: data)
    }

    /// Requests for one path (`/fuel/tiles/77_-19.json`), of one status or of all.
    public func count(_ path: String, status: Int? = nil) async throws -> Int {
        let perStatus = try await requests()[path] ?? [:]
        if let status { return perStatus[String(status)] ?? 0 }
        return perStatus.values.reduce(0, +)
    }

    /// Forces a status for a path, or clears it with nil.
    public func setStatus(_ status: Int?, for path: String) async throws {
        try await post("_control/status", ["path": path, "status": status.map { $0 as Any } ?? NSNull()])
    }

    /// Forgets the request counts.
    public func resetCounts() async throws { try await post("_control/reset", [:]) }

    public func stop() { server.stop() }

    private func post(_ path: String, _ body: [String: Any]) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (_, response) = try await Self.session.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "tile server refused \(path)"])
        }
    }

    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()
}
