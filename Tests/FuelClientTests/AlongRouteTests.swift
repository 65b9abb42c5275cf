import Foundation
import FuelClient
import FuelFormat
import Testing
import _FuelTestSupport

/// Rule R12 of `docs/format.md` on made-up routes: where a station lies along a route, the corridor's cells, the
/// order of an answer along a route, the route files fuel-nearby reads, and the queries refused before any request.
/// The conformance kit shows the same on published data, in every reader.
@Suite struct AlongRouteTests {
    /// An L: 0.1° east along the equator, then 0.1° north.
    static let corner = Route(points: [
        .init(latitude: 0, longitude: 0), .init(latitude: 0, longitude: 0.1), .init(latitude: 0.1, longitude: 0.1),
    ])
    static let kmPerDegree = Earth.kilometresPerDegreeLatitude

    typealias Placed = NamedCase<(latitude: Double, longitude: Double, alongKm: Double, offKm: Double)>

    static let placed: [Placed] = [
        Placed("on the first segment", (0, 0.05, 0.05 * kmPerDegree, 0)),
        Placed("beside the first segment", (-0.01, 0.05, 0.05 * kmPerDegree, 0.01 * kmPerDegree)),
        Placed("before the start: 0 along, off from the first point", (0, -0.02, 0, 0.02 * kmPerDegree)),
        Placed("past the end: the whole length along", (0.12, 0.1, 0.2 * kmPerDegree, 0.02 * kmPerDegree)),
        Placed("at the corner itself", (0, 0.1, 0.1 * kmPerDegree, 0)),
        Placed("on the second segment", (0.05, 0.1, 0.15 * kmPerDegree, 0)),
    ]

    @Test(arguments: placed)
    func aPointLiesAlongTheRoute(_ point: Placed) throws {
        let position = try #require(Self.corner.position(latitude: point.latitude, longitude: point.longitude))
        #expect(abs(position.alongKm - point.alongKm) < 0.01, "\(position)")
        #expect(abs(position.offKm - point.offKm) < 0.01, "\(position)")
    }

    @Test func aRouteOfOnePointHasNoPosition() {
        #expect(Route(points: [.init(latitude: 1, longitude: 1)]).position(latitude: 1, longitude: 1) == nil)
    }

    typealias Corridor = NamedCase<(route: Route, bufferKm: Double, cells: [String])>

    static let corridors: [Corridor] = [
        Corridor(
            "a short segment inside one cell",
            (
                Route(points: [.init(latitude: 41.6, longitude: 2.1), .init(latitude: 41.7, longitude: 2.2)]), 1,
                ["83_4"]
            )),
        Corridor(
            "through a cell corner: the four cells",
            (
                Route(points: [.init(latitude: 41.45, longitude: 1.95), .init(latitude: 41.55, longitude: 2.05)]), 1,
                ["82_3", "82_4", "83_3", "83_4"]
            )),
        Corridor(
            // One segment's box would hold 3 × 3 cells; its pieces keep to the diagonal and its neighbours.
            "a long diagonal is cut into pieces",
            (
                Route(points: [.init(latitude: 40.1, longitude: 0.1), .init(latitude: 41.4, longitude: 1.4)]), 1,
                ["80_0", "80_1", "81_0", "81_1", "81_2", "82_1", "82_2"]
            )),
    ]

    @Test(arguments: corridors)
    func theCorridorHasTheCellsNearTheRoute(_ corridor: Corridor) {
        #expect(
            Grid.standard.cellsAlong(corridor.route, bufferKm: corridor.bufferKm).map(\.description) == corridor.cells)
    }

    /// Every station within the buffer lies in a corridor cell, whatever the route: the corridor never misses one.
    @Test func theCorridorHoldsEveryStationWithinTheBuffer() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let points = (0..<3).map { _ in
                Route.Point(
                    latitude: Double.random(in: 40...42, using: &generator),
                    longitude: Double.random(in: 0...3, using: &generator))
            }
            let route = Route(points: points)
            let bufferKm = Double.random(in: 0.5...20, using: &generator)
            let cells = Set(Grid.standard.cellsAlong(route, bufferKm: bufferKm))
            for _ in 0..<50 {
                let latitude = Double.random(in: 39.5...42.5, using: &generator)
                let longitude = Double.random(in: -0.5...3.5, using: &generator)
                guard let position = route.position(latitude: latitude, longitude: longitude),
                    position.offKm <= bufferKm
                else { continue }
                #expect(cells.contains(Grid.standard.key(latitude: latitude, longitude: longitude)), "\(route)")
            }
        }
    }

    /// Along the L: equal distances along it (stations before its start) go nearer the route first, then by id.
    @Test func theAnswerRunsAlongTheRoute() {
        let updated = Date(timeIntervalSince1970: 1_764_405_060)
        func station(_ id: String, _ latitude: Double, _ longitude: Double, _ price: Double) -> Station {
            Station(
                id: id, country: "XX", latitude: latitude, longitude: longitude,
                prices: [FuelPrice(fuel: .diesel, price: price, updated: updated)])
        }
        let stations = [
            station("XX-4", 0.05, 0.1, 1.2), station("XX-3", 0, 0.05, 1.5), station("XX-2", 0, -0.01, 1.4),
            station("XX-1", 0, -0.01, 1.4), station("XX-0", 0, -0.005, 1.6), station("XX-9", 0.3, 0.3, 1.0),
        ]
        let along = AlongFilter(route: Self.corner, bufferKm: 2, criteria: StationCriteria(fuel: .diesel))
        #expect(along.apply(to: stations).map(\.station.id) == ["XX-0", "XX-1", "XX-2", "XX-3", "XX-4"])
        let first = along.apply(to: stations)[1]
        #expect(first.alongKm == 0)
        #expect(first.detourKm == 2 * first.distanceKm)
        var cheapest = along
        cheapest.criteria.sort = .price
        cheapest.criteria.limit = 3
        #expect(cheapest.apply(to: stations).map(\.station.id) == ["XX-4", "XX-1", "XX-2"])
    }

    typealias Refused = NamedCase<(route: Route, bufferKm: Double, sort: NearbySort, message: String)>

    static let refused: [Refused] = [
        Refused("one point", (Route(points: [.init(latitude: 1, longitude: 1)]), 5, .distance, "2 to 100000 points")),
        Refused(
            "a latitude out of range",
            (
                Route(points: [.init(latitude: 1, longitude: 1), .init(latitude: 91, longitude: 1)]), 5, .distance,
                "route point 2"
            )),
        Refused("buffer 0", (corner, 0, .distance, "the buffer must be more than 0")),
        Refused("buffer above 50", (corner, 50.5, .distance, "at most 50 km")),
        Refused("price without a fuel", (corner, 5, .price, "sorting by price needs a fuel")),
    ]

    @Test(arguments: refused)
    func badQueriesAreRefusedBeforeAnyRequest(_ bad: Refused) async {
        let client = TileClient(base: URL(string: "http://127.0.0.1:9")!)
        let error = await #expect(throws: NearbyError.self) {
            try await client.stationsAlong(route: bad.route, bufferKm: bad.bufferKm, sort: bad.sort)
        }
        #expect(error?.code == .invalidQuery)
        #expect(error?.message.contains(bad.message) == true, "\(String(describing: error?.message))")
    }
}
