import Foundation

/// The "Fresher prices" section of `BENCHMARKS.md` and the terminal summary of `fuel-bench day`.
public struct DayMarkdown: Sendable, BenchSection {
    public static let marker = "day"
    public static let begin =
        "<!-- day:begin: written by fuel-bench day --write-benchmarks; edit outside these markers -->"
    public static let end = "<!-- day:end -->"
    /// R2's free Class A operations a month.
    static let freeClassA = 1_000_000.0
    /// The hourly median age at the phone ES and FR must stay within, minutes.
    static let ageTarget = 45.0

    public var report: DayReport
    /// The command that produced the report.
    public var command: String

    public init(report: DayReport, command: String) {
        self.report = report
        self.command = command
    }

    /// One target, measured.
    public struct Target: Sendable, Equatable {
        public var name: String
        public var measured: String
        public var limit: String
        public var pass: Bool
    }

    /// The targets that both schedules' figures allow to judge.
    public var targets: [Target] {
        var targets: [Target] = []
        let hourly = report.schedule(.hourly)
        let daily = report.schedule(.daily)
        if let hourly {
            for country in FeedGenerator.countries
            where BenchCountries.byCode[country]?.service.publication.isPeriodic == true {
                let median = hourly.ages[country]?.median ?? .infinity
                let beside = daily?.ages[country].map { ", daily \(Self.minutes($0.median))" } ?? ""
                targets.append(
                    Target(
                        name: "hourly median price age at the phone, \(country)",
                        measured: Self.minutes(median) + beside, limit: "≤ \(Int(Self.ageTarget)) min",
                        pass: median <= Self.ageTarget))
            }
            let month = hourly.perDay(hourly.classA) * 30
            let beside = daily.map { ", daily \(Self.number($0.perDay($0.puts))) PUTs a day" } ?? ""
            targets.append(
                Target(
                    name: "hourly Class A operations a month on R2",
                    measured: "\(Self.number(month)) (\(Self.number(hourly.perDay(hourly.puts))) PUTs a day\(beside))",
                    limit: "≤ 1,000,000 (free tier)", pass: month <= Self.freeClassA))
            if let history = hourly.historyPutsPerMonth {
                // The span's upload of the finished day is among the hourly Class A above; stated on its own too.
                targets.append(
                    Target(
                        name: "history (R14) PUTs a month, beside the hourly job's Class A",
                        measured: "\(Self.number(history)) history, of \(Self.number(month)) in all",
                        limit: "≤ 1,000,000 together (free tier)", pass: month <= Self.freeClassA))
            }
        }
        for schedule in report.schedules {
            let over = schedule.overBudget
            targets.append(
                Target(
                    name: "\(schedule.schedule): no service over its maxRequestsPerDay",
                    measured: over.isEmpty ? "none over" : "over: \(over.joined(separator: ", "))", limit: "none over",
                    pass: over.isEmpty))
        }
        return targets
    }

    /// The section, markers included.
    public func section() -> String {
        var lines = [Self.begin, "", "## Fresher prices: one simulated day, daily against hourly", ""]
        lines.append("Made by `\(command)` (scale \(report.scale), seed \(report.seed), from \(report.start)).")
        lines.append("")
        lines += table()
        lines += ["", "| target | measured | limit | verdict |", "| --- | --- | --- | --- |"]
        for target in targets {
            lines.append("| \(target.name) | \(target.measured) | \(target.limit) | \(target.pass ? "pass" : "MISS") |")
        }
        lines += ["", Self.end]
        return lines.joined(separator: "\n")
    }

    /// The two schedules side by side.
    func table() -> [String] {
        let schedules = report.schedules
        var lines = [
            "| | " + schedules.map(\.schedule).joined(separator: " | ") + " |",
            "| --- |" + String(repeating: " --- |", count: schedules.count),
        ]
        func row(_ name: String, _ value: (DayScheduleReport) -> String) {
            lines.append("| \(name) | " + schedules.map(value).joined(separator: " | ") + " |")
        }
        row("runs in \(Self.number(schedules.first?.hours ?? 24)) h (with an upload)") {
            "\($0.runs) (\($0.runsWithUpload))"
        }
        for country in FeedGenerator.countries {
            row("price age at the phone, \(country): median / p95 / max") { schedule in
                guard let ages = schedule.ages[country] else { return "no price seen" }
                return "\(Self.minutes(ages.median)) / \(Self.minutes(ages.p95)) / \(Self.minutes(ages.max))"
            }
        }
        for country in FeedGenerator.countries {
            row("requests a day to \(country) (304s; budget)") { schedule in
                let requests = schedule.feedRequests[country] ?? 0
                return "\(Self.number(schedule.perDay(requests))) (\(schedule.feedNotModified[country] ?? 0); "
                    + "\(schedule.budgets[country].map(String.init) ?? "-"))"
            }
        }
        row("bucket: PUTs a day / a month") {
            "\(Self.number($0.perDay($0.puts))) / \(Self.number($0.perDay($0.puts) * 30))"
        }
        row("bucket: Class A a day / a month") {
            "\(Self.number($0.perDay($0.classA))) / \(Self.number($0.perDay($0.classA) * 30))"
        }
        row("history (R14): files a day, one per cell; kB per cell per day (gzipped, mean)") { schedule in
            guard let files = schedule.historyFiles, let bytes = schedule.historyBytes, files > 0 else { return "-" }
            return "\(Self.number(Double(files))); \(String(format: "%.2f", Double(bytes) / Double(files) / 1_000))"
        }
        row("history (R14): PUTs a month, both formats (among the PUTs above)") { schedule in
            schedule.historyPutsPerMonth.map { Self.number($0) } ?? "-"
        }
        row("bucket: Class B a day; MB uploaded a day") {
            "\(Self.number($0.perDay($0.classB))); \(String(format: "%.1f", $0.perDay($0.uploadedBytes) / 1e6))"
        }
        row("phone: lookups; requests; kB received") {
            "\(Self.number(Double($0.phoneLookups))); \(Self.number(Double($0.phoneRequests))); "
                + Self.number(Double($0.phoneBytes) / 1_000)
        }
        row("one run, wall: median / max") {
            String(format: "%.2f s / %.2f s", $0.runSeconds.median, $0.runSeconds.max)
        }
        row("one run, fetch paced at the services' rates: median / max") {
            String(format: "%.0f s / %.0f s", $0.pacedFetchSeconds.median, $0.pacedFetchSeconds.max)
        }
        return lines
    }

    /// The terminal summary: the table and the verdicts.
    public func summary() -> String {
        (table() + [""]
            + targets.map { "\($0.pass ? "pass" : "MISS"): \($0.name): \($0.measured) (target \($0.limit))" })
            .joined(separator: "\n")
    }

    static func minutes(_ value: Double) -> String {
        value.isFinite ? (value < 600 ? "\(Int(value.rounded())) min" : String(format: "%.1f h", value / 60)) : "-"
    }

    static func number(_ value: Double) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = value < 10 ? 1 : 0
        formatter.locale = Locale(identifier: "en_US")
        return formatter.string(from: NSNumber(value: value)) ?? "\(value)"
    }
}
