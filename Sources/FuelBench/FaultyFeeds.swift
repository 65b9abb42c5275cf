import Foundation
import FuelHTTP
import Synchronization

/// The national services of the faulted day: ``DayFeeds`` behind a seeded fault injector. A country in ``down``
/// answers every request with a connection refused; of the others' requests, a ``rate`` share is faulted in turn
/// with a 503, a connection reset, a stall of ``stallSeconds`` before the answer, and a 500.
final class FaultyFeeds: HTTPTransport {
    private struct State {
        var rng: SplitMix64
        var turn = 0
        var down: Set<String> = []
        var requests = 0
        var faults = 0
        var refused = 0
    }

    private let feeds: DayFeeds
    private let rate: Double
    private let stallSeconds: Double
    private let state: Mutex<State>

    init(feeds: DayFeeds, rate: Double, seed: UInt64, stallSeconds: Double = 0.2) {
        self.feeds = feeds
        self.rate = rate
        self.stallSeconds = stallSeconds
        state = Mutex(State(rng: SplitMix64(seed, SplitMix64.tag("fault day feeds"))))
    }

    /// The countries whose service is down from now on.
    func setDown(_ countries: Set<String>) { state.withLock { $0.down = countries } }

    /// Requests seen, requests faulted, requests refused because their country was down.
    var totals: (requests: Int, faults: Int, refused: Int) {
        state.withLock { ($0.requests, $0.faults, $0.refused) }
    }

    func send(_ request: HTTPRequest, progress: (@Sendable (Int64) -> Void)?) async throws -> HTTPResponse {
        let country = DayFeeds.country(of: request.url) ?? ""
        enum Fault { case none, refused, unavailable, reset, stall, serverError }
        let fault: Fault = state.withLock { state in
            state.requests += 1
            if state.down.contains(country) {
                state.refused += 1
                return .refused
            }
            guard Double(state.rng.below(1_000_000)) / 1_000_000 < rate else { return .none }
            state.faults += 1
            state.turn += 1
            return [.unavailable, .reset, .stall, .serverError][state.turn % 4]
        }
        switch fault {
        case .refused:
            throw HTTPError.transport(code: 7, message: "Failed to connect: connection refused", url: request.url)
        case .unavailable:
            return HTTPResponse(status: 503, headers: [:], body: [], bytesReceived: 0, url: request.url)
        case .serverError:
            return HTTPResponse(status: 500, headers: [:], body: [], bytesReceived: 0, url: request.url)
        case .reset:
            throw HTTPError.transport(code: 56, message: "Recv failure: Connection reset by peer", url: request.url)
        case .stall:
            try await Task.sleep(nanoseconds: UInt64(stallSeconds * 1e9))
            return try await feeds.send(request, progress: progress)
        case .none:
            return try await feeds.send(request, progress: progress)
        }
    }
}
