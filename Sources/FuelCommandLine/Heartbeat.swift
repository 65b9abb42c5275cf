import Foundation
import Synchronization

/// Keeps long work visible where no live line can be redrawn (a CI log, a pipe): writes a line at least every
/// `interval` while it runs, unless the work said something itself in the meantime.
public final class Heartbeat: Sendable {
    private struct State {
        var lastOutput: ContinuousClock.Instant
        var task: Task<Void, Never>?
    }

    private let interval: Duration
    private let clock = ContinuousClock()
    private let state: Mutex<State>
    private let line: @Sendable (_ seconds: Int) -> String?
    private let write: @Sendable (String) -> Void
    private let started: ContinuousClock.Instant

    /// The interval when `FUEL_PROGRESS_SECONDS` does not set another (tests use a short one).
    public static let standardInterval: Duration = .seconds(10)

    /// - Parameters:
    ///   - line: what to say, given the seconds since the start; nil says nothing this time.
    ///   - write: where lines go (stderr in the commands).
    public init(
        interval: Duration = Heartbeat.configuredInterval(), line: @escaping @Sendable (_ seconds: Int) -> String?,
        write: @escaping @Sendable (String) -> Void
    ) {
        self.interval = interval
        self.line = line
        self.write = write
        started = clock.now
        state = Mutex(State(lastOutput: clock.now, task: nil))
    }

    /// `FUEL_PROGRESS_SECONDS` when it is a positive number, else 10 s.
    public static func configuredInterval(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Duration
    {
        guard let text = environment["FUEL_PROGRESS_SECONDS"], let seconds = Double(text), seconds > 0 else {
            return standardInterval
        }
        return .milliseconds(Int(seconds * 1000))
    }

    /// Starts beating.
    public func start() {
        let task = Task { [self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval / 4)
                beatIfDue()
            }
        }
        state.withLock { $0.task = task }
    }

    /// The work wrote a line of its own: the next beat is due an interval from now.
    public func noteOutput() { state.withLock { $0.lastOutput = clock.now } }

    /// Stops beating.
    public func stop() { state.withLock { $0.task?.cancel() } }

    deinit { state.withLock { $0.task?.cancel() } }

    private func beatIfDue() {
        let now = clock.now
        let due = state.withLock { state -> Bool in
            guard now - state.lastOutput >= interval else { return false }
            state.lastOutput = now
            return true
        }
        guard due else { return }
        let seconds = Int((now - started).components.seconds)
        if let text = line(seconds) { write(text) }
    }
}
