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

/// A benchmark's section of BENCHMARKS.md, which it rewrites in place between its two marker lines.
public protocol BenchSection {
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
    public static var heading: String { "" }

    /// Replaces the marked section of `file`, or appends the heading and the section.
    /// - Throws: ``BenchError`` when the file cannot be written.
    public func write(to file: URL) throws {
        try MarkedSection.write(section(), between: Self.begin, and: Self.end, in: file, heading: Self.heading)
    }
}
