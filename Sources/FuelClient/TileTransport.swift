import Foundation
import FuelFormat
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One GET the client needs: a URL and its conditional headers.
public struct TileRequest: Sendable, Hashable {
    /// The file's URL (`file:` for ``DirectoryTransport``).
    public var url: URL
    /// Request headers, for example `If-None-Match`.
    public var headers: [String: String]

    /// A GET of `url`, with no headers unless given.
    public init(url: URL, headers: [String: String] = [:]) {
        self.url = url
        self.headers = headers
    }
}

/// What came back: the status, the headers (keys lower-cased) and the body as delivered.
public struct TileResponse: Sendable, Hashable {
    /// The HTTP status: 200, 304, 404….
    public var status: Int
    /// Response headers with lower-cased names.
    public var headers: [String: String]
    /// The body; may still be gzipped when the transport did not decode `Content-Encoding`.
    public var body: Data

    /// A response; header names are lower-cased here, whatever their case in `headers`.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }
}

/// Fetches one URL. Throws only when no HTTP answer arrived at all (offline, timeout, refused).
public protocol TileTransport: Sendable {
    /// Sends `request` and returns the answer, whatever its status.
    /// - Throws: only when no HTTP answer arrived; the client then treats the file as unavailable.
    func send(_ request: TileRequest) async throws -> TileResponse
}

/// The default transport for `http(s)` bases: a URLSession of its own with URLCache switched off, because the client
/// keeps its own validators and must see every 304 itself.
///
/// Bodies stream in and are counted as they arrive, decoded or not: past `maxBytes` the transfer is cancelled, so a
/// gzip bomb served with `Content-Encoding: gzip` (which the HTTP layer inflates before the client sees it) costs at
/// most the cap. A file that stops sending for `stallTimeout` seconds, or takes longer than `fileDeadline` seconds in
/// all, fails.
public struct URLSessionTransport: TileTransport {
    private let session: URLSession
    private let streams: BodyStreams

    /// - Parameters:
    ///   - stallTimeout: seconds without a byte before a request counts as failed.
    ///   - fileDeadline: seconds one file may take in all.
    ///   - maxBytes: the largest body accepted, after decoding (default 64 MB; a real tile is a few kilobytes).
    public init(stallTimeout: TimeInterval = 20, fileDeadline: TimeInterval = 30, maxBytes: Int = 64 << 20) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = stallTimeout
        configuration.timeoutIntervalForResource = fileDeadline
        configuration.httpAdditionalHeaders = ["Accept-Encoding": "gzip"]
        streams = BodyStreams(maxBytes: maxBytes)
        session = URLSession(configuration: configuration, delegate: streams, delegateQueue: nil)
    }

    /// Sends `request` on the transport's session, counting the body against the cap as it arrives.
    /// - Throws: the session's error (offline, timeout, refused), or the cap's when the body outgrew it; cancelling
    ///   the task cancels the transfer.
    public func send(_ request: TileRequest) async throws -> TileResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: urlRequest)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                streams.start(task, continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// The state of every running transfer of one session, fed by URLSession's delegate callbacks.
///
/// `@unchecked Sendable`: URLSession calls the delegate from its own queue, and every access to the mutable state
/// goes through the one `Mutex`.
final class BodyStreams: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Transfer {
        var continuation: CheckedContinuation<TileResponse, any Error>
        var body = Data()
        var tooLarge = false
    }

    private let maxBytes: Int
    private let transfers = Mutex<[Int: Transfer]>([:])

    init(maxBytes: Int) { self.maxBytes = maxBytes }

    func start(_ task: URLSessionDataTask, _ continuation: CheckedContinuation<TileResponse, any Error>) {
        transfers.withLock { $0[task.taskIdentifier] = Transfer(continuation: continuation) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let cancel = transfers.withLock { all -> Bool in
            let id = dataTask.taskIdentifier
            // No copy of the transfer is bound here: one would share the body's storage, and every append would
            // then copy the whole body.
            guard let tooLarge = all[id]?.tooLarge, !tooLarge, let size = all[id]?.body.count else { return false }
            if size + data.count > maxBytes {
                all[id]?.tooLarge = true
                all[id]?.body = Data()
                return true
            }
            // In place: a copy of the transfer out of the dictionary would copy the whole body for every chunk.
            all[id]?.body.append(data)
            return false
        }
        // Cancelled from another queue: cancelling inside URLSession's own callback can stall it on Linux.
        if cancel { DispatchQueue.global().async { dataTask.cancel() } }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if transfer.tooLarge {
            transfer.continuation.resume(throwing: BodyTooLarge(limit: maxBytes))
            return
        }
        if let error {
            transfer.continuation.resume(throwing: error)
            return
        }
        guard let http = task.response as? HTTPURLResponse else {
            transfer.continuation.resume(throwing: URLError(.badServerResponse))
            return
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        transfer.continuation.resume(
            returning: TileResponse(status: http.statusCode, headers: headers, body: transfer.body))
    }
}

/// A body past the transport's cap: the transfer was cancelled there.
struct BodyTooLarge: Error, LocalizedError {
    let limit: Int
    var errorDescription: String? {
        "the file is larger than the \(limit / (1 << 20)) MB cap; the transfer was cancelled"
    }
}

/// Reads a local build output (`out/`) as if it were served: 200 with the file's bytes, 404 when it is missing,
/// 304 when `If-Modified-Since` matches the file's modification time.
public struct DirectoryTransport: TileTransport {
    /// A transport that reads the paths of the requests' `file:` URLs.
    public init() {}

    /// The file at the request URL's path, as a server would answer for it.
    /// - Throws: the file system's error when the file exists but cannot be read.
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
