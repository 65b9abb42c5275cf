import Foundation
import FuelClient
import Synchronization

/// Passes every request to URLSession, records it with its headers, and can run one step of a publisher right after
/// the first format-2 index or root answer arrives: between a reader's index and its tiles.
final class RecordingTransport: TileTransport {
    private let inner = URLSessionTransport()
    private let sent = Mutex<[TileRequest]>([])
    private let step: Mutex<(@Sendable () throws -> Void)?>

    /// - Parameter afterFirstIndex: what the publisher does once the reader holds its index.
    init(afterFirstIndex: (@Sendable () throws -> Void)? = nil) { step = Mutex(afterFirstIndex) }

    func send(_ request: TileRequest) async throws -> TileResponse {
        sent.withLock { $0.append(request) }
        let response = try await inner.send(request)
        let path = request.url.path
        if path.hasSuffix("/fuel/v2/index.json") || path.hasSuffix("/fuel/v2/root.json"),
            let publish = step.withLock({ $0.take() })
        {
            try publish()
        }
        return response
    }

    /// Every request so far, in the order sent.
    var requests: [TileRequest] { sent.withLock { $0 } }

    /// The URL paths of the requests so far, in the order sent.
    var paths: [String] { requests.map(\.url.path) }

    /// Requests that carried `If-None-Match` or `If-Modified-Since`.
    var conditional: [TileRequest] {
        requests.filter { request in
            request.headers.keys.contains { ["if-none-match", "if-modified-since"].contains($0.lowercased()) }
        }
    }
}
