import Foundation
import FuelClient
import FuelFormat
import Testing

/// The Swift client against every case of the conformance kit (`conformance/`, docs/format.md "Reading the data"):
/// the same cases `clients/js` runs with `node --test`, and whose answers the Python reference reader computed.
@Suite struct ConformanceKitTests {
    /// The kit is there and has what issue 25 asks of it; without this a missing kit would run zero cases.
    @Test func theKitIsComplete() throws {
        let cases = try ConformanceKit.cases()
        let grid = try ConformanceKit.grid()
        #expect(cases.count >= 60)
        #expect(Set(cases.map(\.expect.outcome)) == ["ok", "empty", "partial", "failed"])
        #expect(Set(cases.map(\.format)) == [1, 2])
        #expect(grid.degrees == Grid.standard.degrees)
        #expect(!grid.points.isEmpty && !grid.circles.isEmpty)
        #expect(ConformanceKit.loadedCases.count == cases.count)
    }

    @Test(arguments: ConformanceKit.loadedCases)
    func theClientAnswersEveryCaseAsTheKitSays(_ kitCase: ConformanceKit.Case) async throws {
        let transport = ConformanceTransport(kitCase.server)
        let client = TileClient(
            base: ConformanceTransport.base, transport: transport, format: kitCase.format == 2 ? .v2 : .v1)
        let query = kitCase.query
        let answer:
            (outcome: String, error: String?, missing: [String], stations: [ConformanceKit.Case.Expected.Station])
        do {
            let result = try await client.stationsAround(
                latitude: query.lat, longitude: query.lon, radiusKm: query.radiusKm,
                fuel: query.fuel.map { FuelCode(rawValue: $0) }, brand: query.brand, limit: query.limit)
            let stations = result.stations.map { nearby in
                ConformanceKit.Case.Expected.Station(
                    id: nearby.station.id, distanceM: Int((nearby.distanceKm * 1000).rounded()),
                    price: nearby.displayed.map {
                        .init(
                            price: $0.price.price, service: $0.price.service?.rawValue, unit: Self.unit($0.price.unit),
                            was: $0.price.was, changed: $0.price.changed.map(UTCTime.format))
                    })
            }
            let outcome = result.isPartial ? "partial" : stations.isEmpty ? "empty" : "ok"
            answer = (outcome, nil, result.missingTiles.map(\.description), stations)
        } catch {
            answer = ("failed", error.code.rawValue, [], [])
        }
        #expect(answer.outcome == kitCase.expect.outcome)
        #expect(answer.error == kitCase.expect.error)
        #expect(answer.missing == kitCase.expect.missingTiles)
        #expect(answer.stations == kitCase.expect.stations)
        if kitCase.expect.error == NearbyError.Code.invalidQuery.rawValue {
            #expect(transport.requestCount == 0, "an invalid query is refused before any request")
        }
    }

    /// One grid: the key of every point of the table, as the publisher buckets stations and the client finds cells
    /// (both use `FuelFormat`'s `Grid`; `clients/js` and `scripts/check-format` check the same table).
    @Test(arguments: ConformanceKit.loadedPoints)
    func everyPointFallsInTheCellOfTheTable(_ point: ConformanceKit.Point) {
        #expect(Grid.standard.key(latitude: point.lat, longitude: point.lon).description == point.key)
    }

    @Test(arguments: ConformanceKit.loadedCircles)
    func everyCircleCoversTheCellsOfTheTable(_ circle: ConformanceKit.Circle) {
        let cells = Grid.standard.cellsCovering(latitude: circle.lat, longitude: circle.lon, radiusKm: circle.radiusKm)
        #expect(cells.map(\.description) == circle.cells)
    }

    /// The kit spells a litre price's unit as null, as a tile omits it.
    private static func unit(_ unit: PriceUnit) -> String? { unit == .litre ? nil : unit.rawValue }
}
