import Foundation
import Testing
import _FuelTestSupport

/// Below the refusal, a signal: a country that loses more than its `warnShrinkPercent` (3 %) of its published
/// stations is published with a warning in the annotations, the text report, the step summary and `--json`; past
/// its `maxShrinkPercent` (10 %) the build refuses, as before.
@Suite(.tags(.executable)) struct ShrinkWarningTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var keeping: Int
        /// The loss as the warning states it; nil when there is no warning.
        var warning: String?
        var refused: Bool
        var testDescription: String {
            "\(keeping) of 40 ES stations: " + (refused ? "refused" : warning == nil ? "quiet" : "a warning")
        }
    }

    static let cases: [Case] = [
        Case(keeping: 40, warning: nil, refused: false),
        Case(keeping: 39, warning: nil, refused: false),
        Case(keeping: 38, warning: "5.0", refused: false),
        Case(keeping: 36, warning: "10.0", refused: false),
        Case(keeping: 35, warning: nil, refused: true),
    ]

    /// Keeps the first `count` stations of the ES sample.
    static func keep(_ count: Int, in feeds: URL) throws {
        guard count < 40 else { return }
        let file = feeds.appendingPathComponent("ES/" + HostileBuildTests.esFile)
        let text = try String(contentsOf: file, encoding: .utf8)
        let records = text.components(separatedBy: "},{\"C.P.\"")
        try #require(records.count == 40)
        let tail = try #require(text.components(separatedBy: "}],").last)
        try Data((records.prefix(count).joined(separator: "},{\"C.P.\"") + "}]," + tail).utf8).write(to: file)
    }

    @Test(arguments: cases)
    func aLossWarnsOrRefuses(_ testCase: Case) throws {
        let (feeds, out) = try HostileBuildTests.feeds(["ES"])
        let summary = out.deletingLastPathComponent().appendingPathComponent("summary.md")
        try Executable.publishBuild(feeds: feeds, out: out, builtAt: "2026-11-30T05:00:00Z", ["--countries", "ES"])
        try Self.keep(testCase.keeping, in: feeds)
        let arguments = [
            "build", "--feeds", feeds.path, "--out", out.path, "--countries", "ES", "--built-at",
            "2026-12-01T05:00:00Z",
        ]
        let environment = ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path]
        let dry = try Executable.run("fuel-publish", arguments + ["--dry-run", "--json"])
        let result = try Executable.run("fuel-publish", arguments, environment: environment)
        #expect(result.status == (testCase.refused ? 1 : 0), "\(result.stderr)")
        #expect(dry.status == result.status, "\(dry.stderr)")
        if testCase.refused {
            #expect(result.stderr.contains("more than the 10 % its maxShrinkPercent allows"), "\(result.stderr)")
            #expect(!result.stderr.contains("::warning"), "\(result.stderr)")
            return
        }
        let text = try String(contentsOf: summary, encoding: .utf8)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(dry.stdout.utf8)) as? [String: Any])
        let spain = try #require((report["countries"] as? [[String: Any]])?.first)
        guard let lost = testCase.warning else {
            #expect(!result.stderr.contains("WARNING"), "\(result.stderr)")
            #expect(!result.stderr.contains("::warning"), "\(result.stderr)")
            #expect(!text.contains("Warning"), "\(text)")
            #expect(spain["shrinkWarning"] == nil, "\(dry.stdout)")
            return
        }
        let sentence =
            "ES lost \(lost) % of its stations: \(testCase.keeping) now against 40 published, more than the 3 % its "
            + "warnShrinkPercent warns of (a build refuses past its maxShrinkPercent, 10 %); published, check the feed"
        #expect(result.stderr.contains("    WARNING: \(sentence)"), "\(result.stderr)")
        // Workflow commands escape % as %25.
        let annotation = "::warning title=ES lost \(lost) % of its stations::\(sentence)"
        #expect(result.stderr.contains(annotation.replacingOccurrences(of: "%", with: "%25")), "\(result.stderr)")
        #expect(text.contains("> **Warning:** \(sentence)"), "\(text)")
        let warning = try #require(spain["shrinkWarning"] as? [String: Any], "\(dry.stdout)")
        #expect(warning["previous"] as? Int == 40)
        #expect(warning["now"] as? Int == testCase.keeping)
        #expect(warning["lostPercent"] as? Double == Double(lost))
        #expect(warning["warnPercent"] as? Double == 3)
        #expect(warning["refusePercent"] as? Double == 10)
    }

    /// The threshold comes from `source.json`, checked like `maxShrinkPercent`.
    @Test(arguments: [
        ("1", "ES lost 2.5 % of its stations"), ("12", "warnShrinkPercent (12) must not exceed maxShrinkPercent (10)"),
        ("-1", "warnShrinkPercent must be a percentage from 0 to 100, got -1"),
    ])
    func theThresholdIsTheCountrysOwn(_ value: String, _ says: String) throws {
        let (feeds, out) = try HostileBuildTests.feeds(["ES"])
        let adapters = out.deletingLastPathComponent().appendingPathComponent("adapters")
        try FileManager.default.copyItem(at: RepositoryPaths.adapters(), to: adapters)
        try Executable.publishBuild(feeds: feeds, out: out, builtAt: "2026-11-30T05:00:00Z", ["--countries", "ES"])
        let source = adapters.appendingPathComponent("ES/source.json")
        let text = try String(contentsOf: source, encoding: .utf8)
        try #require(text.contains(#""warnShrinkPercent": 3,"#))
        try Data(
            text.replacingOccurrences(of: #""warnShrinkPercent": 3,"#, with: #""warnShrinkPercent": \#(value),"#).utf8
        )
        .write(to: source)
        try Self.keep(39, in: feeds)
        let result = try Executable.run(
            "fuel-publish",
            [
                "build", "--feeds", feeds.path, "--out", out.path, "--countries", "ES", "--built-at",
                "2026-12-01T05:00:00Z", "--adapters", adapters.path,
            ])
        #expect(result.stderr.contains(says), "\(result.stderr)")
        #expect(result.status == (value == "1" ? 0 : 1), "\(result.stderr)")
    }
}
