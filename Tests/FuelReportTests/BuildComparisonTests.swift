import Foundation
import Testing
import _FuelTestSupport

/// `fuel-publish diff` over generated builds whose differences are known: the generator's `--change-prices`, and a
/// Portuguese station removed and another moved by hand.
@Suite(.tags(.executable)) struct BuildComparisonTests {
    struct Generated: Decodable {
        struct Country: Decodable {
            var country: String
            var expectedValid: Int
            var changed: Int
        }
        var countries: [Country]
    }

    /// Generates feeds (scale 0.02, seed 3) into `root/name`, and returns what the generator says it wrote.
    static func generate(_ root: URL, _ name: String, changePrices: Double = 0) throws -> Generated {
        let result = try Executable.run(
            "fuel-bench",
            [
                "gen", "--scale", "0.02", "--seed", "3", "--change-prices", String(changePrices), "--json", "--out",
                root.appendingPathComponent(name).path,
            ])
        try #require(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(Generated.self, from: result.stdoutBytes)
    }

    static func build(_ root: URL, feeds: String, out: String, builtAt: String) throws {
        try Executable.publishBuild(
            feeds: root.appendingPathComponent(feeds), out: root.appendingPathComponent(out), builtAt: builtAt)
    }

    /// `diff --json OLD NEW`, countries by code.
    static func diff(_ root: URL, _ old: String, _ new: String) throws -> (
        all: [String: Any], countries: [String: [String: Any]]
    ) {
        let result = try Executable.run(
            "fuel-publish",
            ["diff", root.appendingPathComponent(old).path, root.appendingPathComponent(new).path, "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        let all = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        let list = try #require(all["countries"] as? [[String: Any]])
        return (all, Dictionary(uniqueKeysWithValues: list.map { ($0["country"] as? String ?? "", $0) }))
    }

    @Test func everyPriceTheGeneratorChangedIsCountedAndNothingElse() throws {
        let root = RepositoryPaths.temporaryDirectory("diff-prices")
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try Self.generate(root, "feeds")
        let after = try Self.generate(root, "feeds-changed", changePrices: 0.05)
        try Self.build(root, feeds: "feeds", out: "old", builtAt: "2026-11-30T08:00:00Z")
        try Self.build(root, feeds: "feeds-changed", out: "new", builtAt: "2026-12-01T08:00:00Z")

        let (all, countries) = try Self.diff(root, "old", "new")
        #expect(countries.keys.sorted() == RegisteredCountries.codes)
        for generated in after.countries {
            let country = try #require(countries[generated.country], "\(generated.country)")
            let label = generated.country
            #expect(generated.changed > 0, "\(label): the generator changed some prices")
            #expect(country["stationsWithPriceChanges"] as? Int == generated.changed, "\(label)")
            #expect(country["stationsBefore"] as? Int == before.countries.first { $0.country == label }?.expectedValid)
            #expect(country["stationsAfter"] as? Int == generated.expectedValid, "\(label)")
            for key in ["added", "removed", "moved"] { #expect(country[key] as? Int == 0, "\(label) \(key)") }
            let prices = try #require(country["prices"] as? [[String: Any]])
            for fuel in prices {
                let rises = (fuel["rises"] as? [[String: Any]] ?? []).compactMap { $0["change"] as? Double }
                let falls = (fuel["falls"] as? [[String: Any]] ?? []).compactMap { $0["change"] as? Double }
                #expect(rises.count <= 5 && falls.count <= 5)
                #expect(rises == rises.sorted(by: >) && rises.allSatisfy { $0 > 0 }, "\(label) \(fuel["fuel"] ?? "")")
                #expect(falls == falls.sorted(by: <) && falls.allSatisfy { $0 < 0 }, "\(label) \(fuel["fuel"] ?? "")")
            }
        }
        let tiles = try #require(all["tiles"] as? [String: Int])
        #expect((tiles["changed"] ?? 0) > 0)
        #expect(tiles["added"] == 0 && tiles["removed"] == 0)
        #expect((all["cellChanges"] as? [String: String])?.count == tiles["changed"])
    }

    @Test func aRemovedAndAMovedStationAreCountedAndNamed() throws {
        let root = RepositoryPaths.temporaryDirectory("diff-stations")
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try Self.generate(root, "feeds")
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("feeds"), to: root.appendingPathComponent("feeds-edited"))
        // Portugal's rows, one per station and fuel: one station's rows go, another's move 0.01° north (1.1 km).
        let page = root.appendingPathComponent("feeds-edited/PT/page-0001.json")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: page)) as? [String: Any])
        var rows = try #require(document["resultado"] as? [[String: Any]])
        let ids = Array(Set(rows.compactMap { $0["Id"] as? Int })).sorted()
        let (gone, moved) = (ids[1], ids[2])
        rows.removeAll { $0["Id"] as? Int == gone }
        for index in rows.indices where rows[index]["Id"] as? Int == moved {
            rows[index]["Latitude"] = (rows[index]["Latitude"] as? Double ?? 0) + 0.01
        }
        document["resultado"] = rows
        try JSONSerialization.data(withJSONObject: document).write(to: page)
        try Self.build(root, feeds: "feeds", out: "old", builtAt: "2026-11-30T08:00:00Z")
        try Self.build(root, feeds: "feeds-edited", out: "new", builtAt: "2026-12-01T08:00:00Z")

        let (_, countries) = try Self.diff(root, "old", "new")
        let portugal = try #require(countries["PT"])
        #expect(portugal["removed"] as? Int == 1)
        #expect(portugal["moved"] as? Int == 1)
        #expect(portugal["added"] as? Int == 0)
        #expect(portugal["stationsWithPriceChanges"] as? Int == 0)
        #expect((portugal["removedExamples"] as? [[String: Any]])?.map { $0["id"] as? String } == ["PT-\(gone)"])
        let movedExample = try #require((portugal["movedExamples"] as? [[String: Any]])?.first)
        #expect(movedExample["id"] as? String == "PT-\(moved)")
        #expect((1_050...1_200).contains(movedExample["metres"] as? Int ?? 0), "\(movedExample)")
        for (code, country) in countries where code != "PT" {
            for key in ["added", "removed", "moved", "stationsWithPriceChanges"] {
                #expect(country[key] as? Int == 0, "\(code) \(key)")
            }
        }
    }

    @Test(arguments: [
        (["diff"], 64, "give two build folders"),
        (["diff", "/nonexistent/a", "/nonexistent/b"], 1, "/nonexistent/a"),
    ])
    func badFoldersAreNamed(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let result = try Executable.run("fuel-publish", arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
