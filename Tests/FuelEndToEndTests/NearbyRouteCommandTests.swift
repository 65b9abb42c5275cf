import Foundation
import Testing
import _FuelTestSupport

/// `fuel-nearby --route FILE --buffer KM` over the conformance kit's build, with the README's example routes
/// (`docs/examples/`), and its bad values, which exit 64.
@Suite(.tags(.executable)) struct NearbyRouteCommandTests {
    static let examples = RepositoryPaths.root().appendingPathComponent("docs/examples")
    static let geoJSON = examples.appendingPathComponent("route-abrera-badalona.geojson").path
    static let gpx = examples.appendingPathComponent("route-abrera-badalona.gpx").path

    /// A `--json` run's stations: id, km along the route and detour, in answer order.
    static func stations(_ arguments: [String]) throws -> [(id: String, along: Double, detour: Double)] {
        let run = try NearbyRun(["--base", NearbyOpenNowCommandTests.kitBuild, "--json"] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let stations = try #require(object["stations"] as? [[String: Any]], "\(run.stdout)")
        return try stations.map { entry in
            let id = try #require((entry["station"] as? [String: Any])?["id"] as? String)
            let along = try #require(entry["alongKm"] as? Double, "\(entry)")
            let detour = try #require(entry["detourKm"] as? Double, "\(entry)")
            let off = try #require(entry["distanceKm"] as? Double, "\(entry)")
            // Each is rounded to metres on its own.
            #expect(abs(detour - 2 * off) <= 0.0015)
            return (id, along, detour)
        }
    }

    @Test func geoJSONAndGPXGiveTheSameAnswerAlongTheRoute() throws {
        let query = ["--buffer", "3", "--fuel", "diesel"]
        let fromGeoJSON = try Self.stations(["--route", Self.geoJSON] + query)
        let fromGPX = try Self.stations(["--route", Self.gpx] + query)
        #expect(fromGeoJSON.map(\.id) == fromGPX.map(\.id))
        #expect(fromGeoJSON.map(\.id).prefix(4) == ["ES-10450", "ES-12092", "ES-2248", "ES-15960"])
        #expect(fromGeoJSON.map(\.along) == fromGeoJSON.map(\.along).sorted())
        #expect(fromGeoJSON.allSatisfy { $0.detour <= 6 })
        #expect(abs((fromGeoJSON.first?.along ?? 0) - 22.955) < 0.001)
    }

    @Test func sortPriceAlongTheRouteAndTheTable() throws {
        let cheapest = try Self.stations(
            ["--route", Self.geoJSON, "--buffer", "3", "--fuel", "diesel", "--sort", "price", "--limit", "3"])
        #expect(cheapest.map(\.id) == ["ES-13217", "ES-15960", "ES-15097"])

        let table = try NearbyRun(
            ["--base", NearbyOpenNowCommandTests.kitBuild, "--route", Self.gpx, "--fuel", "diesel", "--limit", "2"])
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("ALONG  DETOUR  STATION") == true, "\(table.stdout)")
        #expect(lines.count == 3)
    }

    typealias BadFlags = NamedCase<(arguments: [String], message: String)>

    static let badFlags: [BadFlags] = [
        BadFlags("a point and a route", (["--route", geoJSON, "--lat", "41.4"], "--lat does not go with --route")),
        BadFlags(
            "a radius with a route", (["--route", geoJSON, "--radius", "3"], "--radius does not go with --route")),
        BadFlags(
            "a buffer without a route", (["--lat", "41.4", "--lon", "2.2", "--buffer", "3"], "--buffer needs --route")),
        BadFlags(
            "a buffer of 0", (["--route", geoJSON, "--buffer", "0"], "--buffer must be more than 0 and at most 50")),
        BadFlags("a buffer above 50", (["--route", geoJSON, "--buffer", "51"], "--buffer must be more than 0")),
        BadFlags(
            "a missing file", (["--route", "/nonexistent/route.gpx"], "--route /nonexistent/route.gpx cannot be read")),
        BadFlags(
            "a file that is not a route",
            (["--route", RepositoryPaths.root().appendingPathComponent("LICENSE").path], "not a route")),
    ]

    @Test(arguments: badFlags)
    func badValuesExit64(_ bad: BadFlags) throws {
        let run = try NearbyRun(["--base", NearbyOpenNowCommandTests.kitBuild] + bad.arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(bad.message), "\(run.stderr)")
    }
}
