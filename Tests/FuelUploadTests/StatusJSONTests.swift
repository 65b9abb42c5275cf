import Foundation
import FuelCodecs
import Testing
import _FuelTestSupport

/// `fuel-publish status --json`: the text report's facts as one JSON document with sorted keys, and the same exit
/// status, run against a published build of the samples as `JobRecordTests` runs the text.
@Suite(.tags(.executable), .serialized) struct StatusJSONTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var builtAt: String
        var carrying = false
        var now: String
        var options: [String] = []
        var status: Int32
        var verdict: String
        var kinds: [String]
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(
            label: "fresh", builtAt: "2026-02-09T05:00:00Z", now: "2026-02-09T06:00:00Z",
            options: ["--max-feed-age", "4000"], status: 0, verdict: "ok", kinds: []),
        Case(
            label: "ES's feed time too old", builtAt: "2026-02-09T05:00:00Z", now: "2026-02-09T08:00:00Z", status: 1,
            verdict: "stale", kinds: ["feed-too-old"]),
        Case(
            label: "every problem: build too old, ES carried too long, both feeds too old",
            builtAt: "2026-12-01T05:00:00Z", carrying: true, now: "2026-12-01T09:00:00Z", status: 1, verdict: "stale",
            kinds: ["build-too-old", "carried-too-long", "feed-too-old", "feed-too-old"]),
        Case(
            label: "a build from the future", builtAt: "2026-12-01T05:00:00Z", now: "2026-11-30T05:00:00Z",
            options: ["--max-feed-age", "20000"], status: 1, verdict: "stale", kinds: ["build-in-future"]),
    ]

    @Test(.tags(.server), arguments: cases)
    func theDocumentSaysWhatTheTextSays(_ testCase: Case) throws {
        let (server, out) = try JobRecordTests.published(builtAt: testCase.builtAt, carrying: testCase.carrying)
        defer { server.stop() }
        for (base, prefix) in JobRecordTests.everyIndex(server, out) {
            let arguments =
                ["status", "--base", base, "--prefix", prefix, "--now", testCase.now] + testCase.options
            let text = try Executable.run("fuel-publish", arguments)
            let json = try Executable.run("fuel-publish", arguments + ["--json"])
            let context = "\(base) \(prefix): \(json.stdout)\(json.stderr)"
            #expect(text.status == testCase.status, "\(text.stdout)")
            #expect(json.status == testCase.status, "\(context)")
            let document = try Self.document(json.stdout)
            #expect(document["verdict"] as? String == testCase.verdict, "\(context)")
            #expect(document["healthy"] as? Bool == (testCase.status == 0), "\(context)")
            #expect(document["checkedAt"] as? String == testCase.now)
            #expect((document["index"] as? String)?.hasSuffix("\(prefix)index.json") == true, "\(context)")
            let problems = document["problems"] as? [[String: Any]] ?? []
            #expect(problems.compactMap { $0["kind"] as? String } == testCase.kinds, "\(context)")
            // Every problem is the text's, word for word, and the text has no other.
            let textProblems = text.stdout.split(separator: "\n").filter { $0.hasPrefix("problem: ") }
            #expect(
                problems.compactMap { $0["sentence"] as? String }.map { "problem: \($0)" }
                    == textProblems.map(String.init), "\(context)\n\(text.stdout)")
            let build = document["build"] as? [String: Any]
            #expect(build?["builtAt"] as? String == testCase.builtAt)
            let age = try #require(build?["ageHours"] as? Double)
            #expect(text.stdout.contains(String(format: ", %.1f h ago", age)), "\(age): \(text.stdout)")
            Self.expectCountries(document, match: text.stdout, context: context)
        }
    }

    /// Each country of the document has the text's line: stations, feed time and age, carried state, the old mark.
    static func expectCountries(_ document: [String: Any], match text: String, context: String) {
        let countries = document["countries"] as? [[String: Any]] ?? []
        #expect(countries.compactMap { $0["country"] as? String } == ["ES", "FR"], "\(context)")
        for country in countries {
            guard let code = country["country"] as? String, let stations = country["stations"] as? Int,
                let updated = country["updated"] as? String, let age = country["ageHours"] as? Double,
                let tooOld = country["feedTooOld"] as? Bool
            else {
                Issue.record("a country without its facts: \(country)")
                continue
            }
            #expect(country["maxFeedAgeHours"] as? Double != nil, "\(context)")
            var line = "  \(code): \(stations) stations, feed time \(updated) (\(String(format: "%.1f", age)) h old)"
            if let since = country["carriedSince"] as? String, let hours = country["carriedHours"] as? Double {
                line += ", CARRIED since \(since) (\(String(format: "%.1f", hours)) h)"
            }
            if tooOld, let limit = country["maxFeedAgeHours"] as? Double {
                line += ", feed time OLD (over \(String(format: "%.1f", limit)) h)"
            }
            #expect(text.contains(line + "\n"), "\(line)\n\(text)")
        }
    }

    @Test func anUnreadableIndexStillGivesADocumentAndExits1() throws {
        let result = try Executable.run("fuel-publish", ["status", "--base", "http://127.0.0.1:9", "--json"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot fetch the published index"), "\(result.stderr)")
        let document = try Self.document(result.stdout)
        #expect(document["verdict"] as? String == "unreadable")
        #expect(document["healthy"] as? Bool == false)
        #expect((document["error"] as? String)?.contains("cannot fetch the published index") == true)
        #expect(document["index"] as? String == "http://127.0.0.1:9/fuel/index.json")
        #expect(document["countries"] == nil)
    }

    @Test func aUsageErrorIsStill64WithNoDocument() throws {
        let result = try Executable.run("fuel-publish", ["status", "--json"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr.contains("--base is required"), "\(result.stderr)")
    }

    /// The whole of stdout as one JSON object, after checking that every object in it lists its keys sorted.
    static func document(_ stdout: String) throws -> [String: Any] {
        let parsed = try JSONDocument(parsing: Array(stdout.utf8))
        expectSortedKeys(parsed.root, at: "$")
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        return try #require(object as? [String: Any], "not one JSON object: \(stdout)")
    }

    static func expectSortedKeys(_ value: JSONValue, at path: String) {
        switch value.kind {
        case .object:
            let keys = value.members.map(\.key)
            #expect(keys == keys.sorted(), "\(path): keys not sorted: \(keys)")
            for member in value.members { expectSortedKeys(member.value, at: "\(path).\(member.key)") }
        case .array:
            for (offset, element) in value.elements.enumerated() { expectSortedKeys(element, at: "\(path)[\(offset)]") }
        default:
            break
        }
    }
}
