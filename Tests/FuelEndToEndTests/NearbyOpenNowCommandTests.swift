import Foundation
import Testing
import _FuelTestSupport

/// `fuel-nearby --open-now` over the conformance kit's build folder (`conformance/build`), whose ES, FR and AT
/// stations publish `openingHours` (FR also `automatHours`): closed stations are left out, the others say open,
/// automat or unknown; AT's `PH` rules are read with the public holidays of the build's `sources.json`.
@Suite(.tags(.executable)) struct NearbyOpenNowCommandTests {
    static let kitBuild = RepositoryPaths.root().appendingPathComponent("conformance/build").path
    /// Around Abrera (ES): ES-1736 is `Mo-Fr 07:00-22:00; Sa 08:00-22:00; Su 10:00-22:00`, ES-13318 `24/7`.
    static let abrera = ["--lat", "41.51", "--lon", "1.9", "--radius", "2"]
    /// Around AT-1476471 (Vienna): `Mo-Fr 06:00-22:00; Sa-Su 08:00-22:00; PH 08:00-22:00`.
    static let vienna = ["--lat", "48.19633", "--lon", "16.36464", "--radius", "1"]
    /// FR-69130005 (Écully): `Mo-Sa 07:30-19:30; Su off` and a 24/7 card automat.
    static let ecully = ["--lat", "45.780656", "--lon", "4.767683", "--radius", "0.1"]

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
            name: "Vienna, an ordinary Tuesday at 10:00: the Tu rule answers open",
            arguments: vienna + ["--at", "2026-12-01T09:00:00Z"], expected: ["AT-1476471": "open"], absent: []),
        Case(
            name: "Vienna, 26 October at 07:00: the PH rule opens at 08:00, so it is left out",
            arguments: vienna + ["--at", "2026-10-26T06:00:00Z"], expected: [:], absent: ["AT-1476471"]),
        Case(
            name: "Vienna, 26 October at 09:00: the PH rule answers open",
            arguments: vienna + ["--at", "2026-10-26T08:00:00Z"], expected: ["AT-1476471": "open"], absent: []),
        Case(
            name: "Vienna in 2028, past the published holidays: a PH rule is unknown, and kept",
            arguments: vienna + ["--at", "2028-01-04T09:00:00Z"], expected: ["AT-1476471": "unknown"], absent: []),
        Case(
            name: "Écully, Sunday 00:30: closed by its hours, open for card payment at the automat",
            arguments: ecully + ["--at", "2026-12-05T23:30:00Z"], expected: ["FR-69130005": "automat"], absent: []),
        Case(
            name: "Écully, Monday 10:00: open with staff",
            arguments: ecully + ["--at", "2026-12-07T09:00:00Z"], expected: ["FR-69130005": "open"], absent: []),
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
        #expect(answers.values.allSatisfy { $0 == "open" || $0 == "automat" || $0 == "unknown" })
    }

    @Test func theTableSaysAutomat() throws {
        let run = try NearbyRun(["--base", Self.kitBuild, "--open-now", "--at", "2026-12-05T23:30:00Z"] + Self.ecully)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("FR-69130005") && $0.hasSuffix("automat") }, "\(run.stdout)")
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
