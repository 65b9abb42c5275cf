import Foundation
import FuelCommandLine

/// The options both day benches (`fuel-bench day`, with or without `--faults`) share: their folders, and what they
/// do with their report (`--output`, `--write-benchmarks`, `--json`).
struct DayBenchOutput {
    /// The bench's scratch folder (`--work`).
    var work: URL
    /// The adapters folder the feeds are made for (`--adapters`).
    var adapters: URL
    /// The Markdown file to write the report's section into, when `--write-benchmarks` asks for it.
    var markdownFile: URL?
    /// True when the report goes to standard output as JSON (`--json`).
    var json: Bool

    /// Reads the shared options; `work` is the bench's own default scratch folder.
    /// - Throws: `UsageError` for an option given without its value.
    init(_ arguments: inout Arguments, work defaultWork: String) throws {
        work = URL(fileURLWithPath: try arguments.option("--work") ?? defaultWork)
        adapters = URL(fileURLWithPath: try arguments.option("--adapters") ?? "adapters")
        let output = URL(fileURLWithPath: try arguments.option("--output") ?? "BENCHMARKS.md")
        markdownFile = try arguments.flag("--write-benchmarks") ? output : nil
        json = try arguments.flag("--json")
    }

    /// The command as it was run, for the markdown's header.
    static var commandLine: String { (["fuel-bench"] + CommandMain.arguments).joined(separator: " ") }

    /// Hands the report on: `json()` on standard output with `--json`, else `summary` on standard error; then, with
    /// `--write-benchmarks`, the markdown written to the output file.
    func deliver(
        json reportJSON: () -> String, summary: @autoclosure () -> String,
        _ writeMarkdown: (URL) throws -> Void
    ) throws {
        if json { Console.output(reportJSON()) } else { Console.error(summary()) }
        if let markdownFile {
            try writeMarkdown(markdownFile)
            Console.error("wrote \(markdownFile.path)")
        }
    }
}
