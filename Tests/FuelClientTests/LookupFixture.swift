import Foundation
import FuelBuild
import FuelClient
import FuelFormat
import FuelPublishing
import _FuelTestSupport

/// A fixture build served by a fresh tile server, with a private cache folder and clock; removed when released.
final class LookupFixture: Sendable {
    let out: URL
    let server: TileServer
    let cache: URL
    let clock = TileTestClock()
    /// The format-2 set under `fuel/v2/`, when the layout has one.
    let snapshot: Format2Build?

    /// Writes the Lisbon fixture build (optionally changed first) and starts a server on it.
    /// - Parameter layout: format 1 (`TileFixtures`), format 2 (`Format2Build`, the publisher's own code), or both.
    init(
        stations: [Station] = TileFixtures.lisbonStations,
        gridDegrees: Double = Grid.standard.degrees,
        weakETags: Bool = false,
        statuses: [String: Int] = [:],
        layout: PublishLayout = .v1,
        prepare: (URL) throws -> Void = { _ in }
    ) throws {
        out = RepositoryPaths.temporaryDirectory("client-out")
        cache = RepositoryPaths.temporaryDirectory("client-cache")
        let fuel = out.appendingPathComponent("fuel", isDirectory: true)
        if layout.includesV1 { try TileFixtures.write(stations, to: out, gridDegrees: gridDegrees) }
        snapshot = layout.includesV2 ? Format2Build(stations: stations, gridDegrees: gridDegrees) : nil
        try snapshot?.write(to: out)
        try prepare(fuel)
        server = try TileServer(root: out, weakETags: weakETags, statuses: statuses)
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: out)
        try? FileManager.default.removeItem(at: cache)
    }

    /// A client on the server; shares the fixture's cache folder and clock unless told otherwise. It reads format 1
    /// alone unless told otherwise, so that request counts are format 1's (``ReadFormat/automatic`` first asks for
    /// the format-2 index, which the fixture does not have).
    func client(
        persistent: Bool = true,
        transport: (any TileTransport)? = nil,
        policy: TileCachePolicy = .unhurried,
        layout: ReadFormat = .v1
    ) -> TileClient {
        TileClient(
            base: server.baseURL, cacheDirectory: persistent ? cache : nil, transport: transport, policy: policy,
            format: layout, clock: clock.closure)
    }

    /// A 10 km lookup at the corner that needs four tiles.
    func cornerLookup(
        _ client: TileClient,
        fuel: FuelCode? = nil,
        brand: String? = nil,
        includeBrands: [String] = [],
        limit: Int? = nil
    ) async throws -> NearbyResult {
        try await client.stationsAround(
            latitude: TileFixtures.corner.latitude, longitude: TileFixtures.corner.longitude, radiusKm: 10,
            fuel: fuel, brand: brand, includeBrands: includeBrands, limit: limit)
    }

    /// The URL path of a tile on the server.
    static func tilePath(_ key: String) -> String { "/fuel/tiles/\(key).json" }

    static let indexPath = "/fuel/index.json"
}
