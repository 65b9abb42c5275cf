import Foundation
import Testing
import _FuelTestSupport

/// The real pipeline: `fuel-publish build` on the bundled samples, served on 127.0.0.1, read by `fuel-nearby`.
@Suite(.tags(.server, .executable), .serverLogsOnFailure) struct NearbyPublishedSamplesTests {
    /// A station as the published tile holds it, read independently of FuelClient.
    struct SampleStation {
        let id: String
        let latitude: Double
        let longitude: Double
    }

    @Test func lookUpAroundARealSampleStation() throws {
        let out = RepositoryPaths.temporaryDirectory("nearby-samples")
        defer { try? FileManager.default.removeItem(at: out) }
        let build = try Executable.run(
            "fuel-publish",
            [
                "build", "--feeds", RepositoryPaths.samples().path, "--out", out.path, "--built-at",
                "2026-11-30T05:00:00Z", "--adapters", RepositoryPaths.adapters().path,
            ])
        try #require(build.status == 0, "\(build.stderr)")

        // Every published station, from the gzipped files themselves.
        let fuel = out.appendingPathComponent("fuel")
        let index = try #require(
            try JSONSerialization.jsonObject(with: TileFixtures.gunzip(fuel.appendingPathComponent("index.json")))
                as? [String: Any])
        #expect(index["gridDegrees"] as? Double == 0.5)
        let keys = try #require(index["tiles"] as? [String])
        var stations: [SampleStation] = []
        for key in keys {
            let tile = try #require(
                try JSONSerialization.jsonObject(
                    with: TileFixtures.gunzip(fuel.appendingPathComponent("tiles/\(key).json"))) as? [String: Any])
            for station in tile["stations"] as? [[String: Any]] ?? [] {
                stations.append(
                    SampleStation(
                        id: station["id"] as! String, latitude: station["lat"] as! Double,
                        longitude: station["lon"] as! Double))
            }
        }
        // Look up around the sample station with the most neighbours within the radius (ties by id).
        let radius = 5.0
        func neighbours(_ station: SampleStation) -> Int {
            stations.filter {
                chordDistanceKm(station.latitude, station.longitude, $0.latitude, $0.longitude) <= radius
            }.count
        }
        let centre = try #require(
            stations.map { ($0, neighbours($0)) }.min { ($1.1, $0.0.id) < ($0.1, $1.0.id) }?.0)
        let expected =
            stations
            .map { ($0.id, chordDistanceKm(centre.latitude, centre.longitude, $0.latitude, $0.longitude)) }
            .filter { $0.1 <= radius }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        #expect(expected.count > 3)

        let server = try TileServer(root: out)
        let query = [
            "--lat", "\(centre.latitude)", "--lon", "\(centre.longitude)", "--radius", "\(radius)", "--limit", "1000",
            "--json",
        ]
        let overHTTP = try Executable.run("fuel-nearby", ["--base", server.baseURL.absoluteString] + query)
        try #require(overHTTP.status == 0, "\(overHTTP.stderr)")
        let result = try #require(
            try JSONSerialization.jsonObject(with: Data(overHTTP.stdout.utf8)) as? [String: Any])
        #expect(result["stale"] as? Bool == false)
        let found = try #require(result["stations"] as? [[String: Any]])
        let ids = found.compactMap { ($0["station"] as? [String: Any])?["id"] as? String }
        #expect(ids == expected.map(\.0))
        #expect(ids.first == centre.id)
        for (entry, (id, distance)) in zip(found, expected) {
            let reported = try #require(entry["distanceKm"] as? Double)
            #expect(abs(reported - distance) < 0.0006, "\(id)")
        }

        // The build folder itself gives the same answer, and the table form works on it.
        let local = try Executable.run("fuel-nearby", ["--base", out.path] + query)
        #expect(local.status == 0, "\(local.stderr)")
        #expect(local.stdout == overHTTP.stdout)
        let table = try Executable.run(
            "fuel-nearby",
            ["--base", out.path, "--lat", "\(centre.latitude)", "--lon", "\(centre.longitude)", "--fuel", "diesel"])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.split(separator: "\n").count > 1)
        #expect(table.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("0.0 km") == true)
    }
}
