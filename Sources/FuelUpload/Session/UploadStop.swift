import Synchronization

/// A request to stop a publish between two requests: the command sets it from SIGTERM, SIGINT or SIGHUP, and the
/// upload checks it before each request it would start. Requests in flight finish, an index PUT that started is
/// never cut, and the lock is released before the error reaches the command.
public final class UploadStop: Sendable {
    private let signal = Atomic<Int32>(0)

    public init() {}

    /// Asks the publish to stop; the first signal wins.
    public func request(signal number: Int32) {
        _ = signal.compareExchange(expected: 0, desired: number, ordering: .sequentiallyConsistent)
    }

    /// The signal that asked for a stop, if any.
    public var requested: Int32? {
        let value = signal.load(ordering: .sequentiallyConsistent)
        return value == 0 ? nil : value
    }

    /// Throws ``UploadError/interrupted(signal:)`` once a stop was asked for.
    func check() throws {
        if let requested { throw UploadError.interrupted(signal: requested) }
    }
}
