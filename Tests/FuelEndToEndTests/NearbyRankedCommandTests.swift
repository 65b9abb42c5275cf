import Foundation
import Testing
import _FuelTestSupport

/// `fuel-nearby --sort`, `--brand` (repeated) and `--exclude-brand` over the conformance kit's build (Badalona, ES),
/// and their bad values, which exit 64.
@Suite(.tags(.executable)) struct NearbyRankedCommandTests {
    static let badalona = ["--lat", "41.45", "--lon", "2.24", "--radius", "3"]

    /// The ids of a `--json` run's stations, in answer order.
    static func ids(_ arguments: [String]) throws -> [String] {
        let run = try NearbyRun(["--base", NearbyOpenNowCommandTests.kitBuild, "--json"] + badalona + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let stations = try #require(object["stations"] as? [[String: Any]], "\(run.stdout)")
        return stations.compactMap { ($0["station"] as? [String: Any])?["id"] as? String }
    }

    @Test func sortPriceListsTheCheapestFirst() throws {
        #expect(
            try Self.ids(["--fuel", "diesel", "--sort", "price", "--limit", "3"])
                == ["ES-13321", "ES-2846", "ES-2059"])
        // The same lookup by distance keeps other stations: the three nearest.
        #expect(try Self.ids(["--fuel", "diesel", "--limit", "3"]) == ["ES-1581", "ES-2224", "ES-2335"])

        let table = try NearbyRun(
            ["--base", NearbyOpenNowCommandTests.kitBuild] + Self.badalona + [
                "--fuel", "diesel", "--sort", "price", "--limit", "2",
            ])
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1].contains("1.233 €") && lines[2].contains("1.284 €"), "\(table.stdout)")
    }

    @Test func brandListsIncludeAndExclude() throws {
        let included = try Self.ids(["--brand", "repsol", "--brand", " BP"])
        #expect(included.count == 8)
        #expect(included.contains("ES-2224") && included.contains("ES-2074"))
        let both = try Self.ids(["--brand", "repsol", "--brand", "BP", "--exclude-brand", "bp"])
        #expect(both == ["ES-2224", "ES-2335", "ES-2237", "ES-2423", "ES-2480"])
        let excluded = try Self.ids(["--exclude-brand", "Repsol", "--exclude-brand", "BP"])
        #expect(Set(excluded).isDisjoint(with: included))
        #expect(excluded.contains("ES-2846"))
    }

    typealias BadFlags = NamedCase<(arguments: [String], message: String)>

    static let badFlags: [BadFlags] = [
        BadFlags("sort by price without a fuel", (["--sort", "price"], "--sort price needs --fuel CODE")),
        BadFlags(
            "an unknown order",
            (["--fuel", "diesel", "--sort", "cheapest"], "--sort cheapest is not an order; use one of distance, price")),
        BadFlags("a blank brand", (["--brand", " "], "--brand needs a brand name")),
        BadFlags("a blank excluded brand", (["--exclude-brand="], "--exclude-brand needs a brand name")),
        BadFlags("an excluded brand without a value", (["--exclude-brand"], "--exclude-brand needs a value")),
    ]

    @Test(arguments: badFlags)
    func badValuesExit64(_ bad: BadFlags) throws {
        let run = try NearbyRun(["--base", NearbyOpenNowCommandTests.kitBuild] + Self.badalona + bad.arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(bad.message), "\(run.stderr)")
        #expect(run.stderr.contains("usage: fuel-nearby"))
    }

    @Test func helpDocumentsTheOptions() throws {
        let run = try NearbyRun(["--help"])
        #expect(run.status == 0)
        for option in ["[--sort distance|price]", "--brand NAME]...", "--exclude-brand NAME", "--sort ORDER"] {
            #expect(run.stdout.contains(option), "\(option)")
        }
    }
}
