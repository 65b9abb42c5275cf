import Foundation
import FuelGrid

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One GET the client needs: a URL and its conditional headers.
public struct TileRequest: Sendable, Hashable {
    public var url: URL
    /// Request headers, for example `If-None-Match`.
    public var headers: [String: String]

    public init(url: URL, headers: [String: String] = [:]) {
        self.url = url
        self.headers = headers
    }
}

/// What came back: the status, the headers (keys lower-cased) and the body as delivered.
public struct TileResponse: Sendable, Hashable {
    public var status: Int
    /// Response headers with lower-cased names.
    public var headers: [String: String]
    /// The body; may still be gzipped when the transport did not decode `Content-Encoding`.
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }
}

/// Fetches one URL. Throws only when no HTTP answer arrived at all (offline, timeout, refused).
public protocol TileTransport: Sendable {
    func send(_ request: TileRequest) async throws -> TileResponse
}

/// The default transport for `http(s)` bases: a URLSession of its own with URLCache switched off, because the client
/// keeps its own validators and must see every 304 itself.
public struct URLSessionTransport: TileTransport {
    private let session: URLSession

    /// - Parameter timeout: seconds before a request with no answer counts as failed.
    public init(timeout: TimeInterval = 20) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpAdditionalHeaders = ["Accept-Encoding": "gzip"]
        session = URLSession(configuration: configuration)
    }

    public func send(_ request: TileRequest) async throws -> TileResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return TileResponse(status: http.statusCode, headers: headers, body: data)
    }
}

/// Reads a local build output (`out/`) as if it were served: 200 with the file's bytes, 404 when it is missing,
/// 304 when `If-Modified-Since` matches the file's modification time.
public struct DirectoryTransport: TileTransport {
    public init() {}

    public func send(_ request: TileRequest) async throws -> TileResponse {
        let path = request.url.path
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return TileResponse(status: 404)
        }
        let attributes = try manager.attributesOfItem(atPath: path)
        let modified = (attributes[.modificationDate] as? Date).map { HTTPDate.format($0) }
        var headers: [String: String] = [:]
        if let modified {
            headers["last-modified"] = modified
            if request.headers.first(where: { $0.key.lowercased() == "if-modified-since" })?.value == modified {
                return TileResponse(status: 304, headers: headers)
            }
        }
        return TileResponse(status: 200, headers: headers, body: try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), written without a locale-dependent formatter.
enum HTTPDate {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        // `2025-09-27T16:05:47Z` → pieces; UTCTime already does the calendar arithmetic.
        let text = Array(UTCTime.format(seconds: seconds))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let weekday = weekdays[Int(((days % 7) + 7) % 7)]
        let month = months[Int(String(text[5..<7]))! - 1]
        return "\(weekday), \(String(text[8..<10])) \(month) \(String(text[0..<4])) \(String(text[11..<19])) GMT"
    }
}
