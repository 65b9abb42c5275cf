import Foundation

/// Reads the lines a starting server writes to a file (its stdout) until they say it is ready.
///
/// A file instead of a pipe: nothing has to drain it while the server runs, and reading it can never block, so the
/// deadline always holds.
public enum StartupLines {
    /// Polls `file` until `ready` accepts its complete lines, the child exits, or `timeout` seconds pass.
    /// - Returns: what `ready` returned.
    /// - Throws: ``StartupError`` with everything the file held when the child exited or the time ran out.
    public static func waitUntilReady<Value>(
        _ file: URL, from child: ChildProcess, timeout: Double, ready: ([Substring]) -> Value?
    ) throws -> Value {
        let deadline = ChildProcess.monotonicSeconds() + timeout
        var text = ""
        while true {
            let running = child.isRunning  // asked before reading, so an exited child's output is complete
            text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()  // whole lines only
            if let value = ready(Array(lines)) { return value }
            if !running {
                throw StartupError(command: child.command, reason: "it exited", output: text)
            }
            if ChildProcess.monotonicSeconds() >= deadline {
                child.killAndReap()
                throw StartupError(
                    command: child.command, reason: "it said nothing for \(ChildProcessError.seconds(timeout)) s",
                    output: text)
            }
            usleep(10_000)
        }
    }
}

/// A server that did not come up.
public struct StartupError: Error, CustomStringConvertible {
    public let command: String
    public let reason: String
    public let output: String
    public var description: String { "\(command) did not start (\(reason)); it printed: \(output)" }
}
