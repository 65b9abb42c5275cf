import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Line-atomic writes to stdout and stderr, so lines from concurrent tasks never interleave.
public enum Console {
    private static let lock = Mutex(())

    /// Writes a line to stderr.
    public static func error(_ line: String) { write(line + "\n", to: 2) }

    /// Writes a line to stdout (machine-readable output only).
    public static func output(_ line: String) { write(line + "\n", to: 1) }

    /// Writes text to stderr without a newline (progress redraws).
    public static func errorRaw(_ text: String) { write(text, to: 2) }

    /// True when progress may redraw a line in place on stderr: it is a terminal that understands cursor and erase
    /// escapes (see ``canRedraw(isTerminal:environment:)``).
    public static var stderrCanRedraw: Bool {
        canRedraw(isTerminal: isatty(2) == 1, environment: ProcessInfo.processInfo.environment)
    }

    /// Whether a stream may get redraw escapes (`\r`, `ESC[K`): only a terminal, and not one whose `TERM` is unset,
    /// empty or `dumb` (Emacs shells, some CI consoles), which would print the escapes as garbage.
    public static func canRedraw(isTerminal: Bool, environment: [String: String]) -> Bool {
        guard isTerminal, let term = environment["TERM"] else { return false }
        return !term.isEmpty && term != "dumb"
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        lock.withLock { _ in
            text.withUTF8 { bytes in
                var offset = 0
                while offset < bytes.count {
                    #if canImport(Glibc)
                        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    #else
                        let written = Darwin.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    #endif
                    if written <= 0 {
                        if written < 0 && errno == EINTR { continue }
                        return
                    }
                    offset += written
                }
            }
        }
    }
}
