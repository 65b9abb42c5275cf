import Foundation
import FuelHTTP
import Synchronization

/// An in-process ``HTTPTransport`` for fast unit tests: no socket, no server process.
///
/// Each request is recorded, then answered by the first reply scripted for its method and path (see
/// ``script(_:path:_:)``), else by the handler (404 when there is none). It behaves as ``HTTPClient`` does where the
/// publisher's code depends on it: it writes the body to ``HTTPRequest/responseFile`` and returns an empty body,
/// enforces ``HTTPRequest/maxResponseBytes`` with ``HTTPError/tooLarge(limit:url:)``, sends no body for `HEAD`,
/// lower-cases header names, reports progress and honours task cancellation.
public final class ScriptedTransport: HTTPTransport {
    /// What a request gets: a response, or a transport failure thrown in its place.
    public struct Reply: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: [UInt8]
        /// Makes the error thrown instead of answering (a reset, a stall, a timeout) from the request's redacted URL.
        public var failure: (@Sendable (_ url: String) -> HTTPError)?

        public init(
            status: Int, headers: [String: String] = [:], body: [UInt8] = [],
            failure: (@Sendable (_ url: String) -> HTTPError)? = nil
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.failure = failure
        }

        /// A 200 with this body.
        public static func ok(_ body: [UInt8], headers: [String: String] = [:]) -> Reply {
            Reply(status: 200, headers: headers, body: body)
        }

        /// A response with this status and a short text body.
        public static func status(_ code: Int, headers: [String: String] = [:]) -> Reply {
            Reply(status: code, headers: headers, body: Array("scripted HTTP \(code)".utf8))
        }

        /// A transport failure instead of a response, made from the request's redacted URL.
        public static func fail(_ error: @escaping @Sendable (_ url: String) -> HTTPError) -> Reply {
            Reply(status: 0, failure: error)
        }

        /// A refused connection (`CURLE_COULDNT_CONNECT`, retryable), as ``HTTPClient`` reports it.
        public static let connectionRefused = fail {
            .transport(code: 7, message: "Couldn't connect to server", url: $0)
        }

        /// A connection reset while receiving (`CURLE_RECV_ERROR`, retryable).
        public static let connectionReset = fail {
            .transport(code: 56, message: "Recv failure: Connection reset by peer", url: $0)
        }
    }

    /// One request as it was sent, with when it started and ended on the transport's own clock (a counter that
    /// every start and end advances), so a test can check that one request ended before another began.
    public struct Sent: Sendable {
        public var request: HTTPRequest
        /// The URL's path, percent-decoded (`/bucket/fuel/index.json`).
        public var path: String
        /// The query's items, percent-decoded.
        public var query: [String: String]
        public var start: Int
        public var end: Int?
        /// The status answered; nil when a failure was thrown.
        public var status: Int?

        public var method: String { request.method }

        /// The request header of that name (any case).
        public func header(_ name: String) -> String? { request.header(name) }
    }

    /// Answers a request that no script covers.
    public typealias Handler = @Sendable (HTTPRequest) -> Reply

    private struct Script {
        var method: String?
        var path: String
        var replies: [Reply]
    }

    private struct State {
        var sent: [Sent] = []
        var scripts: [Script] = []
        var clock = 0
    }

    private let handler: Handler
    private let latency: @Sendable (HTTPRequest) -> Double
    private let state = Mutex(State())

    /// - Parameters:
    ///   - latency: seconds each answer takes, so that concurrent requests really overlap.
    ///   - handler: answers what no script covers; nil answers 404.
    public init(latency: Double = 0, handler: Handler? = nil) {
        self.latency = { _ in latency }
        self.handler = handler ?? { _ in .status(404) }
    }

    /// - Parameters:
    ///   - latency: seconds the answer to each request takes (a slow object, a quick lock).
    ///   - handler: answers what no script covers; nil answers 404.
    public init(latency: @escaping @Sendable (HTTPRequest) -> Double, handler: Handler? = nil) {
        self.latency = latency
        self.handler = handler ?? { _ in .status(404) }
    }

    /// Queues replies for requests to `path` (and `method`, when given): one reply per request, in order, before the
    /// handler answers again.
    public func script(_ method: String? = nil, path: String, _ replies: [Reply]) {
        state.withLock { $0.scripts.append(Script(method: method, path: path, replies: replies)) }
    }

    /// Every request so far, oldest first.
    public var sent: [Sent] { state.withLock { $0.sent } }

    /// The requests to paths ending in `suffix`, oldest first.
    public func sent(pathEndingWith suffix: String) -> [Sent] { sent.filter { $0.path.hasSuffix(suffix) } }

    /// Forgets the requests so far (scripts stay).
    public func clearLog() { state.withLock { $0.sent = [] } }

    public func send(_ request: HTTPRequest, progress: (@Sendable (Int64) -> Void)?) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let components = URLComponents(string: request.url)
        let path = components?.path ?? ""
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        let (slot, scripted) = state.withLock { state -> (Int, Reply?) in
            state.clock += 1
            state.sent.append(Sent(request: request, path: path, query: query, start: state.clock))
            let index = state.scripts.firstIndex {
                $0.path == path && ($0.method == nil || $0.method == request.method) && !$0.replies.isEmpty
            }
            return (state.sent.count - 1, index.map { state.scripts[$0].replies.removeFirst() })
        }
        let latency = latency(request)
        if latency > 0 { try await Task.sleep(nanoseconds: UInt64(latency * 1_000_000_000)) }
        let reply = scripted ?? handler(request)
        defer {
            state.withLock { state in
                state.clock += 1
                state.sent[slot].end = state.clock
                state.sent[slot].status = reply.failure == nil ? reply.status : nil
            }
        }
        let url = HTTPRedaction.url(request.url)
        if let failure = reply.failure { throw failure(url) }
        var body = request.method == "HEAD" ? [] : reply.body
        if let limit = request.maxResponseBytes, body.count > limit {
            throw HTTPError.tooLarge(limit: limit, url: url)
        }
        progress?(Int64(body.count + (request.body?.count ?? 0)))
        let received = body.count
        if let file = request.responseFile {
            do { try Data(body).write(to: file) } catch {
                throw HTTPError.file(path: file.path, message: "\(error)")
            }
            body = []
        }
        var headers: [String: String] = [:]
        for (name, value) in reply.headers { headers[name.lowercased()] = value }
        return HTTPResponse(status: reply.status, headers: headers, body: body, bytesReceived: received, url: url)
    }
}
