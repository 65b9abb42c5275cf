import Foundation

/// A benchmark's report, printed with `--json`.
public protocol BenchReport: Encodable {}

extension BenchReport {
    /// The report as pretty JSON, keys sorted.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// Where and from what a benchmark ran: the machine, the commit, and the command line (set by the command that prints
/// the report), as every section of BENCHMARKS.md states them.
public struct BenchRun: Sendable, Codable, Equatable {
    public var machine: Machine
    public var commit: String
    public var command = ""

    /// This machine and working tree, running `publisher`.
    static func current(publisher: String) -> BenchRun {
        BenchRun(machine: Machine.current(publisher: publisher), commit: Machine.commit())
    }

    /// "Measured by `COMMAND` at commit C, on N × CPU, SWIFT."
    var measuredBy: String {
        "Measured by `\(command)` at commit \(commit), on \(machine.processors) × \(machine.cpuModel), \(machine.swift)."
    }
}

/// A benchmark's section of BENCHMARKS.md, which it rewrites in place between its two marker lines.
public protocol BenchSection {
    /// The section's name in its marker lines, `<!-- NAME:begin -->` and `<!-- NAME:end -->`.
    static var marker: String { get }
    /// The line that opens the section.
    static var begin: String { get }
    /// The line that closes it.
    static var end: String { get }
    /// What goes before the section when the file has none yet.
    static var heading: String { get }
    /// The section, markers included.
    func section() -> String
}

extension BenchSection {
    public static var begin: String { "<!-- \(marker):begin -->" }
    public static var end: String { "<!-- \(marker):end -->" }
    public static var heading: String { "" }

    /// Replaces the marked section of `file`, or appends the heading and the section.
    /// - Throws: ``BenchError`` when the file cannot be written.
    public func write(to file: URL) throws {
        try MarkedSection.write(section(), between: Self.begin, and: Self.end, in: file, heading: Self.heading)
    }
}

extension BenchSection {
    /// The section of `blocks` (paragraphs and tables), separated by blank lines, between the markers.
    static func wrap(_ blocks: [String]) -> String {
        ([begin] + blocks.flatMap { [$0, ""] }.dropLast() + [end]).joined(separator: "\n")
    }
}

/// How the benches' sections write numbers and tables.
enum BenchText {
    static func count(_ value: Double) -> String { String(format: "%.0f", value) }
    static func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }
    static func milliseconds(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }
    static func ratio(_ value: Double, decimals: Int = 2) -> String { String(format: "%.\(decimals)f ×", value) }
    static func kilobytes(_ bytes: Double) -> String { String(format: "%.1f kB", bytes / 1000) }
    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }

    /// A Markdown table of `header` and `rows`, as one block.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        let lines = [header, header.map { _ in "---" }] + rows
        return lines.map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n")
    }
}
