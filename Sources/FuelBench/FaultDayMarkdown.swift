import Foundation

/// The "A faulted 48 hours" section of `BENCHMARKS.md` and the terminal summary of `fuel-bench day --faults`.
public struct FaultDayMarkdown: Sendable, BenchSection {
    public static let marker = "fault-day"
    public static let begin =
        "<!-- fault-day:begin: written by fuel-bench day --faults --write-benchmarks; edit outside these markers -->"
    public static let end = "<!-- fault-day:end -->"
    public static let heading = "## A faulted 48 hours of the hourly job\n\n"

    public var report: FaultDayReport
    /// The command that produced the report.
    public var command: String

    public init(report: FaultDayReport, command: String) {
        self.report = report
        self.command = command
    }

    /// The three acceptance figures, one line each.
    public func summary() -> String {
        let r = report
        return """
            \(r.hours) hourly runs: \(r.published) published, \(r.runs.filter { $0.outcome == .unchanged }.count) \
            unchanged, \(r.killed) killed by the bench, \(r.missed) missed (failed on their own)
            manual steps: \(r.manualSteps); invariant violations: \(r.violations.count); format-1 tiles of \
            another build: \(r.format1Mixed.count)
            worst price age at the phone: \(ages())
            """
    }

    /// The hours with a mixed format 1, by the label each finding starts with.
    func mixedHours() -> Int { Set(report.format1Mixed.map { $0.prefix { $0 != ":" } }).count }

    func ages() -> String {
        report.worstAgeHours.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.1f", $0.value)) h" }
            .joined(separator: ", ")
    }

    /// The section between the markers.
    public func section() -> String {
        let r = report
        var lines = [Self.begin, ""]
        lines += Self.wrap(
            "Measured with `\(command)` (seed \(r.seed), scale \(r.scale), from \(r.start), "
                + "\(Int(r.wallSeconds.rounded())) s of wall time).")
        lines.append("")
        lines += Self.wrap(
            "The hourly job as the workflow runs it (fetch `--due`; build `--carry-forward 48 --skip-unchanged "
                + "--layout both`, `--first-run` the first time; upload `--layout both` when the build changed; `out/` "
                + "kept only after an upload that succeeded), with the build and upload real `fuel-publish` processes, "
                + "against SeaweedFS behind `scripts/servers/fault_proxy.py`. Faults: "
                + "\(r.s3Faults) of \(r.s3Requests) S3 requests and \(r.feedFaults) of \(r.feedRequests) feed "
                + "requests (503, 500, resets, stalls); \(r.feedRefused) refused while a country was down; "
                + "\(r.killed) runs killed with SIGKILL; the clock 3 h ahead for 3 runs, then back; ES down 30 hours; "
                + "PT down during the first run. Lock: "
                + (r.lockLease.map { "a lease of \($0) (`upload --lock-lease`)." }
                    ?? "the publisher's default (no `--lock-lease` given)."))
        lines += [
            "",
            "| measure | result | target |",
            "|---|---|---|",
            "| publishes missed (runs that failed on their own while a country answered) | \(r.missed) | 0 |",
            "| manual steps | \(r.manualSteps) | 0 |",
            "| invariant violations (independent checker, both formats, every hour) | \(r.violations.count) | 0 |",
            "| runs published / unchanged / killed by the bench | \(r.published) / "
                + "\(r.runs.filter { $0.outcome == .unchanged }.count) / \(r.killed) | |",
            "| a bad clock's index replaced (builtAt back to the true clock) | \(r.badClockRewinds) | |",
            "| hours after which the formats' live indexes were of different builds | \(r.formatsApart) | |",
            "| format-1 tiles of another build under format 1's index, at the end of an hour (format 1 is replaced "
                + "in place; format 2 cannot) | \(r.format1Mixed.count) in \(mixedHours()) hours | |",
            "| worst price age at the phone | \(ages()) | |",
            "",
        ]
        let notable = r.runs.filter { $0.outcome == .failed || $0.outcome == .killed || $0.manualStep != nil }
        if !notable.isEmpty {
            lines += ["| run | at (job clock) | outcome | cause | manual step |", "|---|---|---|---|---|"]
            for run in notable {
                let cause = (run.cause ?? "").replacingOccurrences(of: "|", with: "\\|")
                lines.append(
                    "| \(run.run) | \(run.at) (\(run.clock)) | \(run.outcome.rawValue) | \(cause) | "
                        + "\(run.manualStep ?? "") |")
            }
            lines.append("")
        }
        for violation in r.violations.prefix(20) { lines.append("- violation: \(violation)") }
        for mixed in r.format1Mixed.prefix(3) { lines.append("- format 1: \(mixed)") }
        if !r.violations.isEmpty || !r.format1Mixed.isEmpty { lines.append("") }
        lines.append(Self.end)
        return lines.joined(separator: "\n")
    }

    /// `text` in lines of at most 120 columns, broken between words.
    static func wrap(_ text: String, width: Int = 120) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

}
