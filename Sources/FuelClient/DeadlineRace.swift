import Synchronization

/// The first of several racers to settle wins; the others are ignored.
final class DeadlineRace<Value: Sendable>: Sendable {
    private struct State {
        var value: Value??
        var waiter: CheckedContinuation<Value?, Never>?
    }
    private let state = Mutex(State())

    /// Settles the race with `value` (nil: the deadline) unless it is settled already.
    func settle(_ value: Value?) {
        let waiter = state.withLock { state -> CheckedContinuation<Value?, Never>? in
            guard state.value == nil else { return nil }
            state.value = .some(value)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: value)
    }

    /// The winning value, once there is one.
    var value: Value? {
        get async {
            await withCheckedContinuation { continuation in
                let settled = state.withLock { state -> Value?? in
                    if let value = state.value { return value }
                    state.waiter = continuation
                    return nil
                }
                if let settled { continuation.resume(returning: settled) }
            }
        }
    }
}
