import Foundation
import Testing
import _FuelTestSupport

/// `fuel-nearby` shows a price's last change (`was`, `changed`) over the conformance kit's build, where ES-1736's
/// diesel went from 1.339 to 1.349 between the kit's two builds.
@Suite(.tags(.executable)) struct NearbyLastChangeCommandTests {
    static let nieves = ["--lat", "41.507833", "--lon", "1.902972", "--radius", "0.3", "--fuel", "diesel"]

    @Test func theTableShowsTheMoveAndTheJSONTheFields() throws {
        let table = try NearbyRun(["--base", NearbyOpenNowCommandTests.kitBuild] + Self.nieves)
        #expect(table.status == 0, "\(table.stderr)")
        let line = try #require(table.stdout.split(separator: "\n").dropFirst().first.map(String.init))
        #expect(line.contains("1.349 € (+0.010, "), "\(line)")

        let json = try NearbyRun(["--base", NearbyOpenNowCommandTests.kitBuild, "--json"] + Self.nieves)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let station = try #require((object["stations"] as? [[String: Any]])?.first)
        let displayed = try #require(station["displayed"] as? [String: Any])
        let price = try #require(displayed["price"] as? [String: Any])
        #expect(price["was"] as? Double == 1.339)
        #expect(price["changed"] as? String == "2025-09-27T16:40:00Z")
    }
}
