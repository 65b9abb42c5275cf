import Foundation
import Testing
import _FuelTestSupport

/// The built `fuel-publish build` over real captures of all five feeds (`Tests/FuelFeedsTests/Fixtures/*/SOURCES.md`):
/// the whole national FR ZIP of 2022-05-03, the real same-day IT pair, the DGEG and E-Control answers, and the real
/// Barcelona ES response with a one-digit-hour `Fecha` as MITECO writes it before 10:00.
///
/// The expected counts were worked out independently with Python over the same files: FR 9,949 stations, of
/// which 9,590 have a price within 30 days of the newest `maj`; 1,163 of its 33,190 prices are older; two are
/// decimal slips (7.81 and 7.915 €/l). IT: 4 of 398 prices are from 2023 to 2025.
@Suite(.tags(.executable)) struct RealCaptureBuildTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        var country: String
        var records: Int
        var parsed: Int
        var kept: Int
        var rejected: [String: Int]
        var updated: String
        var testDescription: String { country }
    }

    static let expected: [Expected] = [
        Expected(
            country: "AT", records: 20, parsed: 10, kept: 5, rejected: ["no-current-price": 5],
            updated: "2026-06-11T09:00:01Z"),
        Expected(country: "ES", records: 40, parsed: 40, kept: 40, rejected: [:], updated: "2025-09-13T00:46:36Z"),
        Expected(
            country: "FR", records: 9_949, parsed: 9_949, kept: 9_590,
            rejected: ["no-current-price": 359, "price-too-old": 1_163, "price-outside-plausible-band": 2],
            updated: "2022-05-03T07:39:57Z"),
        Expected(
            country: "IT", records: 457, parsed: 59, kept: 59, rejected: ["price-too-old": 4],
            updated: "2026-08-21T06:00:00Z"),
        Expected(country: "PT", records: 9, parsed: 2, kept: 2, rejected: [:], updated: "2026-06-08T12:15:00Z"),
    ]

    /// A feeds folder of the real captures, and the build's `--json` report by country.
    static func build() throws -> [String: [String: Any]] {
        let root = RepositoryPaths.temporaryDirectory("real-captures")
        defer { try? FileManager.default.removeItem(at: root) }
        let fixtures = RepositoryPaths.feedFixtures()
        let feeds = root.appendingPathComponent("feeds")
        let copies: [(String, String)] = [
            ("FR/PrixCarburants_instantane-2022-05-03.zip", "FR/instantane.zip"),
            ("PT/dgeg-2026-06-10/page-0001.json", "PT/page-0001.json"),
            ("AT/econtrol-2026-06-11-vienna/by-address-wien-DIE.json", "AT/wien-DIE.json"),
            ("AT/econtrol-2026-06-11-vienna/by-address-wien-SUP.json", "AT/wien-SUP.json"),
        ]
        for (source, target) in copies {
            let destination = feeds.appendingPathComponent(target)
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(source), to: destination)
        }
        // The IT sample is the real same-day pair.
        try FileManager.default.copyItem(
            at: RepositoryPaths.samples().appendingPathComponent("IT"), to: feeds.appendingPathComponent("IT"))
        try? FileManager.default.removeItem(at: feeds.appendingPathComponent("IT/README.md"))
        let spanish = try String(
            contentsOf: fixtures.appendingPathComponent("ES/estaciones-terrestres-barcelona-2025-09-27-first40.json"),
            encoding: .utf8)
        let oneDigitHour = spanish.replacingOccurrences(
            of: #""Fecha":"27\/09\/2025 18:05:47""#, with: #""Fecha":"13\/09\/2025 2:46:36""#)
        try #require(oneDigitHour != spanish)
        try FileManager.default.createDirectory(
            at: feeds.appendingPathComponent("ES"), withIntermediateDirectories: true)
        try Data(oneDigitHour.utf8).write(to: feeds.appendingPathComponent("ES/EstacionesTerrestres.json"))
        // E-Control answers carry no price time: the fetch manifest gives each file's.
        let manifest = """
            {"version":1,"countries":{"AT":{"status":"ok","fetchedAt":"2026-06-11T09:00:01Z"}},"files":{\
            "AT/wien-DIE.json":{"url":"https://api.e-control.at/x","fetchedAt":"2026-06-11T09:00:00Z","status":200,\
            "bytes":0,"sha256":""},\
            "AT/wien-SUP.json":{"url":"https://api.e-control.at/x","fetchedAt":"2026-06-11T09:00:01Z","status":200,\
            "bytes":0,"sha256":""}}}
            """
        try Data(manifest.utf8).write(to: feeds.appendingPathComponent("manifest.json"))

        let result = try Executable.run(
            "fuel-publish",
            [
                "build", "--feeds", feeds.path, "--out", root.appendingPathComponent("out").path, "--adapters",
                RepositoryPaths.adapters().path, "--built-at", "2026-11-30T08:00:00Z", "--json",
            ])
        try #require(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let countries = try #require(report["countries"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: countries.map { ($0["country"] as? String ?? "?", $0) })
    }

    @Test func everyCountryPublishesWhatItsRealFeedHolds() throws {
        let report = try Self.build()
        #expect(report.keys.sorted() == RegisteredCountries.codes)
        for expected in Self.expected {
            let country = try #require(report[expected.country])
            #expect(country["records"] as? Int == expected.records, "\(expected.country)")
            #expect(country["parsed"] as? Int == expected.parsed, "\(expected.country)")
            #expect(country["kept"] as? Int == expected.kept, "\(expected.country)")
            #expect(country["rejected"] as? [String: Int] == expected.rejected, "\(expected.country)")
            #expect(country["updated"] as? String == expected.updated, "\(expected.country)")
        }
        let france = try #require(report["FR"]?["counters"] as? [String: Int])
        let code = "hours-left-unknown-all-seven-days-ferme-but-prices-are-current"
        #expect(france[code] == 650)
        // Each code comes with the sentence it stands for.
        let reasons = try #require(report["FR"]?["reasons"] as? [String: String])
        #expect(reasons[code] == "hours left unknown: all seven days ferme but prices are current")
        #expect(reasons["price-too-old"] == "price older than 30 days")
    }
}
