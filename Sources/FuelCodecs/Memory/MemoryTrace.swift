import Foundation

/// With `FUEL_TRACE_MEMORY=1` in the environment, prints the process's resident and peak memory at named points of a
/// build to stderr (`memory: IT parsed: 354.7 MB now, 534.9 MB peak`), to see which step sets the peak. Linux only.
public enum MemoryTrace {
    static let enabled = ProcessInfo.processInfo.environment["FUEL_TRACE_MEMORY"] == "1"

    /// Prints the current and peak resident memory after `label`, when tracing is on.
    public static func mark(_ label: @autoclosure () -> String) {
        guard enabled, let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return }
        func kilobytes(_ field: String) -> Double {
            let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
            return Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        let text = String(
            format: "memory: %@: %.1f MB now, %.1f MB peak\n", label(), kilobytes("VmRSS") / 1024,
            kilobytes("VmHWM") / 1024)
        FileHandle.standardError.write(Data(text.utf8))
    }
}
