import Foundation
import FuelFormat
import Synchronization

/// An HTTP/HTTPS client on libcurl.
///
/// Each transfer gets its own easy handle and runs its blocking `curl_easy_perform` on a dedicated thread, never on
/// Swift's cooperative pool, so up to `maxConcurrentTransfers` transfers are really in flight at once however few
/// cores there are. TLS verification is always on; redirects are followed (bounded); signals are never used.
public final class HTTPClient: HTTPTransport {
    /// Sent as `User-Agent` on every request.
    public let userAgent: String
    /// Transfers running at once; more wait their turn.
    public let maxConcurrentTransfers: Int
    private let slots: TransferSlots

    public init(userAgent: String = FuelTilesRelease.userAgent, maxConcurrentTransfers: Int = 16) {
        self.userAgent = userAgent
        self.maxConcurrentTransfers = max(1, maxConcurrentTransfers)
        slots = TransferSlots(limit: max(1, maxConcurrentTransfers))
    }

    /// Performs one transfer and returns the response, whatever its status.
    /// - Parameter progress: called on the transfer thread with the bytes moved so far (down plus up).
    /// - Throws: ``HTTPError`` for transport failures, timeouts, stalls, truncation and the size cap;
    ///   `CancellationError` when the task is cancelled (the transfer is aborted).
    public func send(_ request: HTTPRequest, progress: (@Sendable (Int64) -> Void)?) async throws -> HTTPResponse {
        try Task.checkCancellation()
        await slots.acquire()
        defer { slots.release() }
        try Task.checkCancellation()
        let cancellation = TransferCancellation()
        let userAgent = self.userAgent
        let result: Result<HTTPResponse, CurlTransfer.Failure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let thread = Thread {
                    let transfer = CurlTransfer(
                        request: request, userAgent: userAgent, progress: progress, cancellation: cancellation)
                    continuation.resume(returning: transfer.perform())
                }
                thread.name = "FuelHTTP transfer"
                thread.start()
            }
        } onCancel: {
            cancellation.cancel()
        }
        switch result {
        case .success(let response): return response
        case .failure(.cancelled): throw CancellationError()
        case .failure(.http(let error)): throw error
        }
    }
}

/// A counting semaphore that suspends (never blocks a thread) while all slots are taken.
final class TransferSlots: Sendable {
    private struct State {
        var inUse = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }
    private let limit: Int
    private let state = Mutex(State())

    init(limit: Int) { self.limit = limit }

    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = state.withLock { state in
                guard state.inUse < limit else {
                    state.waiters.append(continuation)
                    return false
                }
                state.inUse += 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.inUse -= 1
                return nil
            }
            return state.waiters.removeFirst()  // the slot passes straight to the next waiter
        }
        next?.resume()
    }
}
