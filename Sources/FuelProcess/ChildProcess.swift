import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started with `posix_spawn`, waited for with `waitpid`: no Foundation `Process`.
///
/// Foundation's `Process.waitUntilExit()` spins a run loop and relies on a SIGCHLD source; called from many threads
/// at once (as parallel tests do) it can wait forever for a child that has already exited. Here the child gets a clean
/// signal mask and default handlers (a test runner's blocked SIGTERM is not inherited), its output goes to files or
/// `/dev/null` (no pipe to fill, no reader to deadlock), and every wait can have a deadline after which the child is
/// killed and the wait throws, naming the command.
public final class ChildProcess: Sendable {
    /// Where a standard stream of the child goes.
    public enum Stream: Sendable, Equatable {
        /// The parent's own stream.
        case inherit
        /// `/dev/null`.
        case null
        /// A file, created or truncated (for stdin: read).
        case file(String)
        /// For stderr: wherever stdout goes.
        case standardOutput
    }

    /// The process id.
    public let pid: pid_t
    /// The command line, for messages.
    public let command: String
    /// The raw `waitpid` status once the child has been reaped.
    private let reaped = Mutex<Int32?>(nil)

    /// Starts `executable` (a path, or a name looked up on the parent's `PATH`).
    /// - Parameter environment: the child's whole environment; the parent's when nil.
    /// - Throws: ``ChildProcessError/cannotStart(command:reason:)``.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        stdin: Stream = .null, stdout: Stream = .inherit, stderr: Stream = .inherit
    ) throws {
        let command = ([executable] + arguments).joined(separator: " ")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        Self.add(stdin, as: 0, to: &actions)
        Self.add(stdout, as: 1, to: &actions)
        Self.add(stderr, as: 2, to: &actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let variables = environment ?? ProcessInfo.processInfo.environment
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw ChildProcessError.cannotStart(command: command, reason: String(cString: strerror(result)))
        }
        self.pid = pid
        self.command = command
    }

    /// True until the child has exited (reaping it if it just did).
    public var isRunning: Bool {
        do { return try poll() == nil } catch { return false }  // it cannot be waited for, so it is not ours to wait on
    }

    /// ``wait(timeout:)`` for async code: it sleeps between polls with `Task.sleep`, so a long child does not hold
    /// one of the few threads Swift concurrency shares (two on a 2-core machine) for its whole run.
    /// - Throws: ``ChildProcessError/timedOut(command:seconds:)``; `CancellationError` when the task is cancelled.
    @discardableResult
    public func waitAsync(timeout: Double? = nil) async throws -> Int32 {
        let deadline = timeout.map { Self.monotonicSeconds() + $0 }
        var pause: UInt64 = 1_000_000
        while true {
            if let status = try check(deadline: deadline, timeout: timeout) { return status }
            try await Task.sleep(nanoseconds: pause)
            pause = min(pause * 2, 20_000_000)
        }
    }

    /// One poll of a wait: the exit status when the child has ended, nil while it runs.
    /// - Throws: ``ChildProcessError/timedOut(command:seconds:)`` once `deadline` has passed (the child is killed).
    private func check(deadline: Double?, timeout: Double?) throws -> Int32? {
        if let status = try poll() { return Self.exitStatus(status) }
        if let deadline, Self.monotonicSeconds() >= deadline {
            killAndReap()
            throw ChildProcessError.timedOut(command: command, seconds: timeout ?? 0)
        }
        return nil
    }

    /// Waits for the child and returns its exit status (128 + the signal when a signal ended it).
    /// - Parameter timeout: seconds; when they pass, the child is killed and the wait throws.
    /// - Throws: ``ChildProcessError/timedOut(command:seconds:)``.
    @discardableResult
    public func wait(timeout: Double? = nil) throws -> Int32 {
        let deadline = timeout.map { Self.monotonicSeconds() + $0 }
        var pause: useconds_t = 1_000
        while true {
            if let status = try check(deadline: deadline, timeout: timeout) { return status }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
    }

    /// Waits for the child with `wait4` and returns its exit status and its own resource usage.
    public func waitMeasuring() throws -> (status: Int32, usage: rusage) {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw ChildProcessError.waitFailed(command: command, errno: errno) }
        }
        reaped.withLock { $0 = status }
        return (Self.exitStatus(status), usage)
    }

    /// Sends a signal, unless the child has already been reaped.
    public func send(_ signal: Int32) {
        reaped.withLock { status in
            if status == nil { _ = kill(pid, signal) }
        }
    }

    /// Kills the child (SIGKILL, which it cannot block or ignore) and reaps it.
    public func killAndReap() {
        send(SIGKILL)
        _ = try? wait()
    }

    /// Asks the child to stop (SIGTERM), and kills it (SIGKILL) if it is still there after `grace` seconds.
    public func stop(grace: Double = 2) {
        guard isRunning else { return }
        send(SIGTERM)
        _ = try? wait(timeout: grace)  // kills it when the grace period passes
    }

    /// Seconds on the monotonic clock.
    public static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The raw status if the child has exited (reaping it once), nil while it runs.
    private func poll() throws -> Int32? {
        try reaped.withLock { reaped -> Int32? in
            if let reaped { return reaped }
            var status: Int32 = 0
            while true {
                let result = waitpid(pid, &status, WNOHANG)
                if result == pid {
                    reaped = status
                    return status
                }
                if result == 0 { return nil }
                guard errno == EINTR else { throw ChildProcessError.waitFailed(command: command, errno: errno) }
            }
        }
    }

    private static func exitStatus(_ status: Int32) -> Int32 {
        (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    private static func add(_ stream: Stream, as descriptor: Int32, to actions: inout posix_spawn_file_actions_t) {
        switch stream {
        case .inherit:
            break
        case .null:
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        case .file(let path):
            let flags = descriptor == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
            posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, 0o600)
        case .standardOutput:
            posix_spawn_file_actions_adddup2(&actions, 1, descriptor)
        }
    }
}

/// A child process that could not be started or waited for, or that overran its deadline.
public enum ChildProcessError: Error, Equatable, CustomStringConvertible {
    case cannotStart(command: String, reason: String)
    case waitFailed(command: String, errno: Int32)
    case timedOut(command: String, seconds: Double)

    public var description: String {
        switch self {
        case .cannotStart(let command, let reason): "cannot start \(command): \(reason)"
        case .waitFailed(let command, let code): "waiting for \(command) failed: \(String(cString: strerror(code)))"
        case .timedOut(let command, let seconds):
            "\(command) did not finish within \(Self.seconds(seconds)) s and was killed"
        }
    }

    /// Seconds for a message: `30`, `0.5`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
