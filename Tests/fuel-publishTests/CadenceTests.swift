import Foundation
import Testing

@testable import fuel_publish

/// The publish job's schedule, as `.github/workflows/publish.yml`'s cron says it, held against everything that states
/// it or depends on it: docs/format.md's "Cadence", the README, docs/operators.md, CONTRIBUTING's layout table,
/// `status`'s default `--max-age` and its help, and the watch workflow's `--max-age`. Changing the cron alone fails
/// here.
@Suite struct CadenceTests {
    /// How often the job runs, read from a five-field cron line: hourly at `:MM`, or daily at `HH:MM` UTC.
    struct Cadence: Sendable, Equatable {
        var everyHours: Int
        var minute: Int
        /// The hour of a daily job; nil for an hourly one.
        var hour: Int?

        /// Parses `7 * * * *` (hourly) or `17 5 * * *` (daily); nil for any other shape.
        init?(cron: String) {
            let fields = cron.split(separator: " ").map(String.init)
            guard fields.count == 5, fields[2...] == ["*", "*", "*"], let minute = Int(fields[0]) else { return nil }
            self.minute = minute
            if fields[1] == "*" {
                (everyHours, hour) = (1, nil)
            } else if let hour = Int(fields[1]) {
                (everyHours, self.hour) = (24, hour)
            } else {
                return nil
            }
        }

        /// Words a text stating this cadence must hold.
        var statedAs: [String] {
            guard let hour else { return ["every hour", "\(minute) minutes past"] }
            return ["once a day", String(format: "%02d:%02d UTC", hour, minute)]
        }

        /// Words a text stating this cadence must not hold.
        var contradictedBy: [String] { hour == nil ? ["once a day", "daily"] : ["every hour", "hourly"] }
    }

    /// One place that states the cadence or a value that follows from it.
    struct Place: Sendable, CustomTestStringConvertible {
        var name: String
        /// The file, relative to the repository.
        var file: String
        /// The part of the file that is meant: from this text to the next blank line; nil for the whole file.
        var paragraph: String?
        /// What it must say for a cadence and `status`'s default max age (whole hours).
        var says: @Sendable (Cadence, Int) -> [String]
        /// What it must not say.
        var never: @Sendable (Cadence) -> [String] = { _ in [] }
        var testDescription: String { name }
    }

    static let places: [Place] = [
        Place(
            name: "docs/format.md, Cadence", file: "docs/format.md", paragraph: "**Cadence.**",
            says: { cadence, maxAge in cadence.statedAs + ["older than \(maxAge) hours"] },
            never: { $0.contradictedBy }),
        Place(
            name: "README, the flow", file: "README.md", paragraph: "The scheduled GitHub Actions job",
            says: { cadence, _ in [cadence.hour == nil ? "every hour" : "once a day"] },
            never: { $0.contradictedBy }),
        Place(
            name: "operators' guide, the scheduled job", file: "docs/operators.md",
            paragraph: "The scheduled job is `.github/workflows/publish.yml`",
            says: { cadence, _ in
                cadence.hour == nil ? ["every hour at \(cadence.minute) minutes past"] : cadence.statedAs
            }),
        Place(
            name: "CONTRIBUTING, the layout table", file: "CONTRIBUTING.md", paragraph: "| `.github/workflows/` |",
            says: { cadence, _ in [cadence.hour == nil ? "(the hourly publish)" : "(the daily publish)"] }),
        Place(
            name: "operators' guide, status", file: "docs/operators.md", paragraph: "- **status** reads",
            says: { _, maxAge in ["(default \(maxAge): the"] }),
        Place(
            name: "operators' guide, the command summary", file: "docs/operators.md", paragraph: nil,
            says: { _, maxAge in ["fuel-publish status --base URL|DIR [--max-age \(maxAge)]"] }),
        Place(
            name: "operators' guide, the outside monitor", file: "docs/operators.md",
            paragraph: "- an outside monitor",
            says: { cadence, maxAge in
                [
                    "less than \(maxAge) hours old",
                    cadence.hour == nil ? "(the job runs hourly)" : "(the job runs daily)",
                ]
            }),
        Place(
            name: "watch.yml's --max-age", file: ".github/workflows/watch.yml", paragraph: nil,
            says: { _, maxAge in ["--max-age \(maxAge) ", "when a build is more than \(maxAge) hours"] }),
        Place(
            name: "docs/limits.md", file: "docs/limits.md", paragraph: nil,
            says: { cadence, maxAge in
                ["| `status --max-age H` | \(maxAge) |", cadence.hour == nil ? "hourly publish job" : "daily"]
            }),
    ]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The publish workflow's schedule.
    static func cadence() throws -> Cadence {
        let workflow = try String(
            contentsOf: root.appendingPathComponent(".github/workflows/publish.yml"), encoding: .utf8)
        let crons = workflow.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("- cron:") else { return nil }
            return trimmed.dropFirst("- cron:".count).trimmingCharacters(in: CharacterSet(charactersIn: " \"'"))
        }
        try #require(crons.count == 1, "publish.yml has one schedule: \(crons)")
        return try #require(Cadence(cron: crons[0]), "a cron this test reads: \(crons[0])")
    }

    /// `status`'s default max age fits the cadence: at least one interval plus an hour (GitHub starts scheduled runs
    /// late), at most two intervals plus two hours (past that a stopped job goes unseen for more than two runs).
    @Test func theDefaultMaxAgeFitsTheSchedule() throws {
        let cadence = try Self.cadence()
        let maxAge = StatusCommand.defaultMaxAgeHours
        #expect(maxAge >= Double(cadence.everyHours + 1), "\(maxAge) h for a job every \(cadence.everyHours) h")
        #expect(maxAge <= Double(2 * cadence.everyHours + 2), "\(maxAge) h for a job every \(cadence.everyHours) h")
        #expect(maxAge == maxAge.rounded(), "a whole number of hours, as the docs state it")
        let stated = Int(maxAge)
        #expect(StatusCommand.usage.contains("[--max-age \(stated)]"))
        #expect(StatusCommand.usage.contains("(default: \(stated): the hourly job") == (cadence.hour == nil))
    }

    @Test(arguments: places)
    func thePlaceStatesTheSchedule(_ place: Place) throws {
        let cadence = try Self.cadence()
        let text = try String(contentsOf: Self.root.appendingPathComponent(place.file), encoding: .utf8)
        var part = text
        if let start = place.paragraph {
            let from = try #require(text.range(of: start), "\(place.file) has \(start)")
            let rest = text[from.lowerBound...]
            part = String(rest[..<(rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex)])
        }
        // Line breaks in Markdown are spaces.
        let flat = part.replacingOccurrences(of: "\n", with: " ")
        for words in place.says(cadence, Int(StatusCommand.defaultMaxAgeHours)) {
            #expect(flat.contains(words), "\(place.file) should say \"\(words)\":\n\(part)")
        }
        for words in place.never(cadence) {
            #expect(!flat.contains(words), "\(place.file) should not say \"\(words)\":\n\(part)")
        }
    }

    @Test func theCronIsRead() {
        let hourly = Cadence(cron: "7 * * * *")
        #expect(hourly?.everyHours == 1 && hourly?.minute == 7 && hourly?.hour == nil)
        #expect(Cadence(cron: "17 5 * * *")?.statedAs == ["once a day", "05:17 UTC"])
        #expect(Cadence(cron: "*/30 * * * *") == nil)
    }
}
