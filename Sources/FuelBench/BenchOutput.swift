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
