import Foundation
import FuelProcess

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
    /// Writes every dirty page to disk (`sync`), so that a timed run does not pay for the writeback of what an
    /// untimed step before it wrote (a copy of the previous build, the previous run's output).
    public static func settle() {
        sync()
    }

    /// Runs `executable` with `arguments`, stdout and stderr to files (or /dev/null), and waits for it.
    /// - Throws: ``BenchError`` when the process cannot be started.
    public static func run(
        _ executable: String, _ arguments: [String], stdout: URL? = nil, stderr: URL? = nil,
        environment: [String: String] = [:]
    ) throws -> ProcessMeasurement {
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { $1 }
        let started = monotonicSeconds()
        let measured: (status: Int32, usage: rusage)
        do {
            let child = try ChildProcess(
                executable, arguments, environment: merged, stdout: stdout.map { .file($0.path) } ?? .null,
                stderr: stderr.map { .file($0.path) } ?? .null)
            measured = try child.waitMeasuring()
        } catch {
            throw BenchError("\(error)")
        }
        let usage = measured.usage
        let wall = monotonicSeconds() - started
        return ProcessMeasurement(
            command: ([executable] + arguments).joined(separator: " "), status: measured.status, wallSeconds: wall,
            userSeconds: seconds(usage.ru_utime), systemSeconds: seconds(usage.ru_stime),
            maxRSSBytes: Int(usage.ru_maxrss) * 1024)
    }

    /// Seconds on the monotonic clock.
    public static func monotonicSeconds() -> Double { ChildProcess.monotonicSeconds() }

    private static func seconds(_ value: timeval) -> Double { Double(value.tv_sec) + Double(value.tv_usec) / 1e6 }
}

/// A benchmark step that failed, in words.
public struct BenchError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
