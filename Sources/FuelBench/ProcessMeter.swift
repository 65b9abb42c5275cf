import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one child process cost, from `wait4`'s resource usage of exactly that child.
public struct ProcessMeasurement: Sendable, Codable, Equatable {
    public var command: String
    public var status: Int32
    public var wallSeconds: Double
    public var userSeconds: Double
    public var systemSeconds: Double
    /// Peak resident set size.
    public var maxRSSBytes: Int

    public var cpuSeconds: Double { userSeconds + systemSeconds }
}

/// Runs a command and measures it: wall time around `posix_spawn` … `wait4`, and the child's own rusage (CPU time,
/// peak RSS) — no `/usr/bin/time` needed.
public enum ProcessMeter {
    /// Runs `executable` with `arguments`, stdout and stderr to files (or /dev/null), and waits for it.
    /// - Throws: ``BenchError`` when the process cannot be started.
    public static func run(
        _ executable: String, _ arguments: [String], stdout: URL? = nil, stderr: URL? = nil,
        environment: [String: String] = [:]
    ) throws -> ProcessMeasurement {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let flags = O_WRONLY | O_CREAT | O_TRUNC
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout?.path ?? "/dev/null", flags, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr?.path ?? "/dev/null", flags, 0o644)

        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { $1 }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let started = monotonicSeconds()
        let result = posix_spawnp(&pid, executable, &actions, nil, argv, envp)
        guard result == 0 else {
            throw BenchError("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else {
                throw BenchError("wait4 failed for \(executable): \(String(cString: strerror(errno)))")
            }
        }
        let wall = monotonicSeconds() - started
        let exit: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ProcessMeasurement(
            command: ([executable] + arguments).joined(separator: " "), status: exit, wallSeconds: wall,
            userSeconds: seconds(usage.ru_utime), systemSeconds: seconds(usage.ru_stime),
            maxRSSBytes: Int(usage.ru_maxrss) * 1024)
    }

    /// Seconds on the monotonic clock.
    public static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func seconds(_ value: timeval) -> Double { Double(value.tv_sec) + Double(value.tv_usec) / 1e6 }
}

/// A benchmark step that failed, in words.
public struct BenchError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
