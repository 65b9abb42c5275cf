import Foundation

/// The machine a benchmark ran on.
public struct Machine: Sendable, Codable, Equatable {
    public var processors: Int
    public var cpuModel: String
    public var memoryBytes: Int
    public var kernel: String
    public var swift: String

    static func current(publisher: String) -> Machine {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "" }
            ?? "unknown"
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        let memory =
            meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }.map { $0 * 1024 } ?? 0
        let kernel =
            (try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
        return Machine(
            processors: ProcessInfo.processInfo.activeProcessorCount, cpuModel: model, memoryBytes: memory,
            kernel: kernel, swift: swiftVersion())
    }

    /// The short commit of the working tree, `-dirty` when it has uncommitted changes; `unknown` outside git.
    static func commit() -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("fuel-bench-commit.txt")
        defer { try? FileManager.default.removeItem(at: output) }
        guard
            (try? ProcessMeter.run("git", ["describe", "--always", "--dirty", "--abbrev=7"], stdout: output))?
                .status == 0
        else { return "unknown" }
        return ((try? String(contentsOf: output, encoding: .utf8)) ?? "unknown")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func swiftVersion() -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("fuel-bench-swift-version.txt")
        defer { try? FileManager.default.removeItem(at: output) }
        guard (try? ProcessMeter.run("swift", ["--version"], stdout: output))?.status == 0 else { return "unknown" }
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").first.map(String.init) ?? "unknown"
    }
}
