import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

/// One clock, checked: a build dated ahead of the machine's clock is refused before anything is touched, however
/// its time was given; a build dated in the past (a replay) is built.
@Suite(.tags(.executable)) struct BuildClockTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var arguments: [String]
        var environment: [String: String]
        var testDescription: String { label }
    }

    static let yearAhead = Date().addingTimeInterval(365 * 86_400)

    static let cases: [Case] = [
        Case(label: "--built-at a year ahead", arguments: ["--built-at", UTCTime.format(yearAhead)], environment: [:]),
        Case(
            label: "SOURCE_DATE_EPOCH a year ahead", arguments: [],
            environment: ["SOURCE_DATE_EPOCH": "\(Int(yearAhead.timeIntervalSince1970))"]),
    ]

    @Test(arguments: cases)
    func aBuildDatedAYearAheadIsRefused(_ testCase: Case) throws {
        let (feeds, out) = try BuildCommandTests.workspace()
        try Executable.publishBuild(feeds: feeds, out: out, builtAt: "2026-11-30T05:00:00Z", ["--countries", "ES"])
        let before = TreeSnapshot.take(out.appendingPathComponent("fuel"))
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        let result = try Executable.run(
            "fuel-publish",
            ["build", "--feeds", feeds.path, "--out", out.path, "--countries", "ES", "--json"] + testCase.arguments,
            environment: testCase.environment)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("days ahead of this machine's clock"), "\(result.stderr)")
        #expect(result.stderr.contains("at most 10 minutes ahead"), "\(result.stderr)")
        #expect(result.stdout.contains(#""code" : "built-at-ahead""#), "\(result.stdout)")
        #expect(TreeSnapshot.take(out.appendingPathComponent("fuel")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == names)
    }

    @Test func aBuildDatedInThePastIsBuilt() throws {
        let (feeds, out) = try BuildCommandTests.workspace()
        try Executable.publishBuild(feeds: feeds, out: out, builtAt: "2001-01-01T00:00:00Z", ["--countries", "ES"])
    }
}
