import Foundation
import Testing
import _FuelTestSupport

/// `fuel-nearby --open-now` over the conformance kit's build folder (`conformance/build`), whose ES and AT stations
/// publish `openingHours`: closed stations are left out, the others say open or unknown.
@Suite(.tags(.executable)) struct NearbyOpenNowCommandTests {
    static let kitBuild = RepositoryPaths.root().appendingPathComponent("conformance/build").path
    /// Around Abrera (ES): ES-1736 is `Mo-Fr 07:00-22:00; Sa 08:00-22:00; Su 10:00-22:00`, ES-13318 `24/7`.
    static let abrera = ["--lat", "41.51", "--lon", "1.9", "--radius", "2"]

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        /// Station id and its `open` answer, in answer order.
        var expected: [String: String]
        var absent: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "Sunday 09:00 in Abrera: ES-1736 opens at 10:00 and is left out",
            arguments: abrera + ["--at", "2026-12-13T08:00:00Z"], expected: ["ES-13318": "open"],
            absent: ["ES-1736"]),
        Case(
            name: "Sunday 11:00 in Abrera: both open",
            arguments: abrera + ["--at", "2026-12-13T10:00:00Z"],
            expected: ["ES-13318": "open", "ES-1736": "open"], absent: []),
        Case(
            name: "Vienna: a PH rule is unknown, and kept",
            arguments: ["--lat", "48.19633", "--lon", "16.36464", "--radius", "1", "--at", "2026-12-07T09:00:00Z"],
            expected: ["AT-1476471": "unknown"], absent: []),
    ]

    @Test(arguments: cases)
    func closedStationsAreLeftOutAndTheRestSayWhy(_ testCase: Case) throws {
        let run = try NearbyRun(["--base", Self.kitBuild, "--open-now", "--json"] + testCase.arguments)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let stations = try #require(object["stations"] as? [[String: Any]])
        var answers: [String: String] = [:]
        for entry in stations {
            guard let id = (entry["station"] as? [String: Any])?["id"] as? String else { continue }
            answers[id] = entry["open"] as? String
        }
        for (id, open) in testCase.expected { #expect(answers[id] == open, "\(id): \(answers)") }
        for id in testCase.absent { #expect(answers[id] == nil, "\(id) is closed and still listed") }
        #expect(answers.values.allSatisfy { $0 == "open" || $0 == "unknown" })
    }

    @Test func theTableHasAnOpenColumn() throws {
        let run = try NearbyRun(["--base", Self.kitBuild, "--open-now", "--at", "2026-12-13T08:00:00Z"] + Self.abrera)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("OPEN") == true, "\(run.stdout)")
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix("open") || $0.hasSuffix("unknown") }, "\(run.stdout)")
    }

    @Test func atWithoutOpenNowIsAUsageError() throws {
        let run = try NearbyRun(["--base", Self.kitBuild, "--at", "2026-12-13T08:00:00Z"] + Self.abrera)
        #expect(run.status == 64)
        #expect(run.stderr.contains("--at needs --open-now"), "\(run.stderr)")
    }
}
