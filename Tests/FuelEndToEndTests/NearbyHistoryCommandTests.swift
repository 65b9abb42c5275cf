import Foundation
import Testing
import _FuelTestSupport

/// `fuel-nearby --history ID[@CELL] [--days N]` (R14) over the conformance kit's build, whose indexes list the history
/// days 2026-11-30 and 2026-12-01: the table, `--json` in both formats, a partial answer (exit 3), an id without a
/// cell, and the bad values, which exit 64.
@Suite(.tags(.executable)) struct NearbyHistoryCommandTests {
    static let kitBuild = NearbyOpenNowCommandTests.kitBuild

    /// A `--json` run's object, with its exit status.
    static func answer(_ arguments: [String], status: Int32 = 0) throws -> [String: Any] {
        let run = try NearbyRun(["--base", kitBuild, "--json"] + arguments)
        #expect(run.status == status, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// The `day status fuel:close …` line of each day of an answer.
    static func days(_ answer: [String: Any]) -> [String] {
        (answer["days"] as? [[String: Any]] ?? []).map { day in
            let closes = (day["entries"] as? [[String: Any]] ?? []).compactMap { entry -> String? in
                guard let fuel = entry["fuel"] as? String, let close = entry["close"] as? Double else { return nil }
                return "\(fuel):\(close)"
            }
            return ([day["day"] as? String ?? "?", day["status"] as? String ?? "?"] + closes.sorted())
                .joined(separator: " ")
        }
    }

    static let twoDays =
        "ok adblue:0.729 diesel:1.339 diesel_premium:1.359 gasoline_95:1.369 gasoline_95_premium:1.389"

    typealias Layout = NamedCase<(layout: String, format: Int)>

    static let layouts: [Layout] = [Layout("format 1", ("v1", 1)), Layout("format 2, through its root", ("v2", 2))]

    @Test(arguments: layouts)
    func twoDaysFoundThroughTheIdTable(_ layout: Layout) throws {
        let answer = try Self.answer(["--history", "ES-1736", "--days", "2", "--layout", layout.layout])
        #expect(answer["id"] as? String == "ES-1736")
        #expect(answer["cell"] as? String == "83_3")
        #expect(answer["status"] as? String == "found")
        #expect(answer["outcome"] as? String == "ok")
        #expect(answer["format"] as? Int == layout.format)
        #expect(answer["missingDays"] as? [String] == [])
        #expect(Self.days(answer) == ["2026-11-30 " + Self.twoDays, "2026-12-01 " + Self.twoDays])
    }

    @Test func aGivenCellIsReadWithoutTheIdTable() throws {
        let answer = try Self.answer(["--history", "ES-1736@83_3", "--days", "1"])
        #expect(answer["status"] as? String == "given")
        #expect(Self.days(answer) == ["2026-12-01 " + Self.twoDays])
    }

    @Test func aDayNotPublishedIsMissingAndTheAnswerPartial() throws {
        let run = try NearbyRun(["--base", Self.kitBuild, "--history", "ES-1736", "--days", "3"])
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("warning: partial answer: no history of 2026-11-29"), "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "ES-1736 in cell 83_3")
        #expect(lines.contains("2026-11-29  missing"), "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("2026-12-01  diesel") && $0.contains("1.339") }, "\(run.stdout)")

        let answer = try Self.answer(["--history", "ES-1736", "--days", "3"], status: 3)
        #expect(answer["outcome"] as? String == "partial")
        #expect(answer["missingDays"] as? [String] == ["2026-11-29"])
    }

    @Test func anIdWithoutACellAnswersEmpty() throws {
        let run = try NearbyRun(["--base", Self.kitBuild, "--history", "ES-0"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("ES-0: no cell known (not in the id table); no history"), "\(run.stdout)")
        let answer = try Self.answer(["--history", "ES-0"])
        #expect(answer["outcome"] as? String == "empty")
        #expect(answer["status"] as? String == "unknown")
        #expect((answer["days"] as? [Any])?.isEmpty == true)
    }

    typealias BadFlags = NamedCase<(arguments: [String], message: String)>

    static let badFlags: [BadFlags] = [
        BadFlags("no days", (["--history", "ES-1736", "--days", "0"], "--days must be 1 to 7")),
        BadFlags("more than a week", (["--history", "ES-1736", "--days", "8"], "--days must be 1 to 7")),
        BadFlags("days not a number", (["--history", "ES-1736", "--days", "week"], "--days")),
        BadFlags("a cell that is not a key", (["--history", "ES-1736@north"], "--history ES-1736@north is not ID")),
        BadFlags("an empty id", (["--history", ""], "--history  is not ID or ID@CELL")),
    ]

    @Test(arguments: badFlags)
    func badValuesExit64(_ bad: BadFlags) throws {
        let run = try NearbyRun(["--base", Self.kitBuild] + bad.arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(bad.message), "\(run.stderr)")
    }
}
