import Foundation
import Testing
import _FuelTestSupport

/// `fuel-publish build --json` as a machine reads it: one JSON document on stdout whatever happens, machine keys,
/// and the published build's report saved beside it.
@Suite(.tags(.executable)) struct BuildJSONTests {
    @Test func aRefusedBuildStillPrintsOneJSONDocumentNamingTheCountry() throws {
        let (feeds, out) = try BuildCommandTests.workspace()
        let result = try Executable.run(
            "fuel-publish",
            [
                "build", "--feeds", feeds.path, "--out", out.path, "--countries", "ES,PT", "--adapters",
                RepositoryPaths.adapters().path, "--json",
            ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("PT:"), "the message still goes to stderr: \(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        #expect(document["ok"] as? Bool == false)
        let error = try #require(document["error"] as? [String: Any])
        #expect(error["code"] as? String == "countries-failed")
        let countries = try #require(error["countries"] as? [[String: Any]])
        #expect(countries.map { $0["country"] as? String } == ["PT"])
        #expect((countries.first?["file"] as? String)?.hasSuffix("PT") == true, "\(countries)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("report.json").path))
    }

    @Test func aPublishedBuildsReportUsesCodesAndIsSavedBesideIt() throws {
        let out = RepositoryPaths.temporaryDirectory("build-json")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Executable.run(
            "fuel-publish", ["build", "--feeds", RepositoryPaths.samples().path, "--out", out.path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        #expect(report["ok"] as? Bool == true)
        let countries = try #require(report["countries"] as? [[String: Any]])
        let austria = try #require(countries.first { $0["country"] as? String == "AT" })
        #expect(austria["rejected"] as? [String: Int] == ["no-current-price": 5])
        #expect((austria["reasons"] as? [String: String])?["no-current-price"] == "no current price")
        var codes: [String] = []
        for country in countries {
            for key in ["records", "parsed", "kept", "rejected", "reasons"] { #expect(country[key] != nil, "\(key)") }
            for group in ["rejected", "repaired", "counters"] {
                let keys = Array((country[group] as? [String: Int] ?? [:]).keys)
                codes += keys
                for code in keys {
                    #expect((country["reasons"] as? [String: String])?[code] != nil, "the sentence of \(code)")
                }
            }
        }
        #expect(codes.count > 3)
        // The counts add up, and say how: FR drops whole stations and single prices.
        for country in countries {
            let records = country["records"] as? Int ?? -1
            let parsed = country["parsed"] as? Int ?? -1
            let kept = country["kept"] as? Int ?? -1
            #expect(country["stationsAddUp"] as? Bool == true, "\(country["country"] ?? "")")
            let accounting = country["accounting"] as? String ?? ""
            #expect(accounting.hasPrefix("\(records) records → \(parsed) stations parsed"), "\(accounting)")
            #expect(accounting.contains("→ \(kept) kept"), "\(accounting)")
        }
        let france = try #require(countries.first { $0["country"] as? String == "FR" })
        #expect(
            (france["accounting"] as? String)?.contains("(8 stations rejected, 0 duplicates merged); 45 single") == true
        )
        for code in codes {
            #expect(code.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "a machine key: \(code)")
        }
        // Saved, never under fuel/ (which is uploaded), and the same report.
        let saved = try Data(contentsOf: out.appendingPathComponent("report.json"))
        let savedReport = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
        #expect(savedReport["builtAt"] as? String == report["builtAt"] as? String)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("fuel/report.json").path))
    }
}
