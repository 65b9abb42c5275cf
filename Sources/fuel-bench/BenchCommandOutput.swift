import Foundation
import FuelCommandLine

/// The options every bench that writes a section of BENCHMARKS.md shares (`day`, `day --faults`, `rebuild`, `route`,
/// `first-read`): its folders, and what it does with its report (`--output`, `--write-benchmarks`, `--json`).
struct BenchCommandOutput {
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

    /// Their usage lines, for a bench whose scratch folder defaults to `work`.
    static func usage(work: String) -> String {
        """
          --work DIR           scratch folder (default \(work))
          --adapters DIR       per-country metadata (default adapters)
          --output FILE        the Markdown file --write-benchmarks updates (default BENCHMARKS.md)
          --write-benchmarks   replace the bench's marked section of the output file with the results
          --json               print the results as JSON on stdout
        """
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
