import Foundation
import FuelClient
import FuelFormat
import Synchronization
import Testing

/// The Swift client against every case of the conformance kit (`conformance/`, docs/format.md "Reading the data"):
/// the same cases `clients/js` runs with `node --test`, and whose answers the Python reference reader computed.
@Suite struct ConformanceKitTests {
    typealias Case = ConformanceKit.Case
    typealias Station = Case.Expected.Station

    /// The kit is there and has what issues 25 and 35 ask of it; without this a missing kit would run zero cases.
    @Test func theKitIsComplete() throws {
        let cases = try ConformanceKit.cases()
        let grid = try ConformanceKit.grid()
        #expect(cases.count >= 60)
        let outcomes = cases.flatMap { $0.steps.map(\.expect.outcome) }
        #expect(Set(outcomes) == ["ok", "empty", "partial", "failed"])
        #expect(Set(cases.map(\.format)) == [.number(1), .number(2), .auto])
        #expect(grid.degrees == Grid.standard.degrees)
        #expect(!grid.points.isEmpty && !grid.circles.isEmpty && !grid.routes.isEmpty)
        #expect(ConformanceKit.loadedCases.count == cases.count)
    }

    /// Issue 35, "Why" item 8: the kit has cases for what breaks on phones, each in the formats it concerns.
    @Test func theKitCoversPhoneLife() throws {
        let cases = try ConformanceKit.cases()
        let steps = cases.flatMap(\.steps)
        // (a) a gzip body without Content-Encoding, in both formats.
        let gzipped = cases.filter { $0.transport == "gzip-without-content-encoding" }.map(\.format)
        #expect(Set(gzipped) == [.number(1), .number(2)])
        // (b) a cache: a stale answer with its reasons, a revalidation with If-None-Match, a step with no request.
        #expect(steps.contains { $0.expect.stale == true && $0.expect.staleReasons?.isEmpty == false })
        #expect(steps.contains { $0.expect.requests?.contains { $0.ifNoneMatch } == true })
        #expect(steps.contains { $0.expect.requests == [] })
        // (c) openAt inside a lookup.
        #expect(steps.contains { $0.query.openAt != nil && $0.expect.stations.contains { $0.open != nil } })
        // (d) trend(): a trend, none, and a failure.
        #expect(Set(cases.compactMap { $0.trendExpect?.outcome }) == ["ok", "none", "failed"])
        // (e) auto when format 2's index answers 5xx.
        #expect(
            cases.contains { kitCase in
                kitCase.format == .auto && kitCase.steps.contains { ($0.server["v2/index.json"]?.status ?? 0) >= 500 }
            })
        // (f) a tile whose key is not its cell, in both formats.
        let misplaced = cases.filter { kitCase in
            kitCase.steps.contains { $0.server.values.contains { $0.file?.contains("-key-") == true } }
        }
        #expect(Set(misplaced.map(\.format)) == [.number(1), .number(2)])
    }

    /// Issue 39, item 2: price sorts (with a limit, and with a tie of price and distance that only the id orders) and
    /// brand lists (include, exclude, both), each in both formats.
    @Test func theKitCoversRankedAndFilteredLookups() throws {
        let steps = try ConformanceKit.cases().flatMap { kitCase in kitCase.steps.map { (kitCase.format, $0) } }
        func formats(_ shows: (Case.Step) -> Bool) -> Set<Case.Format> { Set(steps.filter { shows($0.1) }.map(\.0)) }
        let both: Set<Case.Format> = [.number(1), .number(2)]
        let priced = { (step: Case.Step) in step.query.sort == .price && step.expect.outcome == "ok" }
        #expect(formats { priced($0) && $0.query.limit != nil } == both)
        #expect(
            formats { step in
                let answer = step.expect.stations
                return priced(step)
                    && zip(answer, answer.dropFirst()).contains { $0.price == $1.price && $0.distanceM == $1.distanceM }
            } == both)
        #expect(formats { $0.query.sort == .price && $0.expect.error == "invalid-query" } == both)
        #expect(formats { !($0.query.includeBrands ?? []).isEmpty && $0.query.excludeBrands == nil } == both)
        #expect(formats { !($0.query.excludeBrands ?? []).isEmpty && $0.query.includeBrands == nil } == both)
        #expect(formats { $0.query.includeBrands != nil && $0.query.excludeBrands != nil } == both)
    }

    /// Issue 39, item 3: lookups along a route in both formats, one through a cell corner, one that shows a failing
    /// tile outside the corridor is never requested, and one that lists the tiles it requests.
    @Test func theKitCoversLookupsAlongARoute() throws {
        let cases = try ConformanceKit.cases()
        let along = cases.filter { $0.steps.contains { $0.query.route != nil } }
        #expect(Set(along.map(\.format)) == [.number(1), .number(2)])
        #expect(along.contains { $0.name.contains("cell-corner") })
        #expect(along.contains { $0.steps.contains { !$0.server.isEmpty && $0.expect.outcome == "ok" } })
        #expect(along.contains { $0.steps.contains { $0.expect.requests?.isEmpty == false } })
        #expect(along.contains { $0.steps.contains { $0.expect.error == "invalid-query" } })
    }

    @Test(arguments: ConformanceKit.loadedLookups)
    func theClientAnswersEveryCaseAsTheKitSays(_ kitCase: Case) async throws {
        let transport = ConformanceTransport(kitCase.server, transport: kitCase.transport)
        let clock = Mutex(Self.start)
        let client = TileClient(
            base: ConformanceTransport.base, transport: transport, policy: ConformanceTransport.policy,
            format: kitCase.format.readFormat, clock: { clock.withLock { $0 } })
        for (number, step) in kitCase.steps.enumerated() {
            clock.withLock { $0 += step.advanceSeconds }
            transport.use(step.server)
            let answer = await Self.answer(client, step.query)
            let expect = step.expect
            let context = Comment(rawValue: "\(kitCase.name), step \(number + 1)")
            #expect(answer.outcome == expect.outcome, context)
            #expect(answer.error == expect.error, context)
            #expect(answer.missing == expect.missingTiles, context)
            #expect(answer.stations == expect.stations, context)
            if let format = expect.format { #expect(answer.format == format, context) }
            if kitCase.format == .auto, expect.outcome == "failed" { #expect(expect.format == nil, context) }
            if let stale = expect.stale { #expect(answer.stale == stale, context) }
            if let reasons = expect.staleReasons { #expect(answer.staleReasons == reasons, context) }
            if let requests = expect.requests { #expect(Self.tileRequests(transport.log) == requests, context) }
            if expect.error == NearbyError.Code.invalidQuery.rawValue {
                #expect(transport.requestCount == 0, "an invalid query is refused before any request")
            }
        }
    }

    @Test(arguments: ConformanceKit.loadedTrends)
    func theClientReadsEveryTrendAsTheKitSays(_ kitCase: Case) async throws {
        let transport = ConformanceTransport(kitCase.server, transport: kitCase.transport)
        let client = TileClient(
            base: ConformanceTransport.base, transport: transport, policy: ConformanceTransport.policy,
            format: kitCase.format.readFormat)
        let country = try #require(kitCase.country)
        let answer: Case.TrendExpected
        do {
            answer =
                try await client.trend(of: country).map {
                    .init(outcome: "ok", error: nil, trend: .init(country: $0.country, since: $0.since, days: $0.days))
                } ?? .init(outcome: "none", error: nil, trend: nil)
        } catch {
            answer = .init(outcome: "failed", error: error.code.rawValue, trend: nil)
        }
        #expect(answer == kitCase.trendExpect)
    }

    /// One grid: the key of every point of the table, as the publisher buckets stations and the client finds cells
    /// (both use `FuelFormat`'s `Grid`; `clients/js` and `scripts/check-format` check the same table).
    @Test(arguments: ConformanceKit.loadedPoints)
    func everyPointFallsInTheCellOfTheTable(_ point: ConformanceKit.Point) {
        #expect(Grid.standard.key(latitude: point.lat, longitude: point.lon).description == point.key)
    }

    @Test(arguments: ConformanceKit.loadedRoutes)
    func everyRouteCoversTheCellsOfTheTable(_ route: ConformanceKit.RouteCells) {
        let cells = Grid.standard.cellsAlong(route.route.route, bufferKm: route.bufferKm)
        #expect(cells.map(\.description) == route.cells)
    }

    @Test(arguments: ConformanceKit.loadedCircles)
    func everyCircleCoversTheCellsOfTheTable(_ circle: ConformanceKit.Circle) {
        let cells = Grid.standard.cellsCovering(latitude: circle.lat, longitude: circle.lon, radiusKm: circle.radiusKm)
        #expect(cells.map(\.description) == circle.cells)
    }

    /// The clock a case starts at; steps move it.
    private static let start = Date(timeIntervalSince1970: 1_796_191_200)  // 2026-12-02T06:00:00Z

    /// A lookup's answer in the kit's terms.
    private struct Answer {
        var outcome: String
        var error: String?
        var missing: [String] = []
        var stations: [Station] = []
        var format: Int?
        var stale = false
        var staleReasons: [String] = []
    }

    private static func answer(_ client: TileClient, _ query: Case.Query) async -> Answer {
        do {
            let openAt = query.openAt.flatMap(UTCTime.parse).map { Date(timeIntervalSince1970: TimeInterval($0)) }
            let fuel = query.fuel.map { FuelCode(rawValue: $0) }
            let result: NearbyResult
            if let line = query.route {
                // Along a route (R12): the kit's routes carry no single brand.
                result = try await client.stationsAlong(
                    route: line.route, bufferKm: query.bufferKm ?? .nan, fuel: fuel,
                    includeBrands: query.includeBrands ?? [], excludeBrands: query.excludeBrands ?? [],
                    sort: query.sort ?? .standard, limit: query.limit, openAt: openAt)
            } else {
                result = try await client.stationsAround(
                    latitude: query.lat ?? .nan, longitude: query.lon ?? .nan, radiusKm: query.radiusKm ?? .nan,
                    fuel: fuel, brand: query.brand, includeBrands: query.includeBrands ?? [],
                    excludeBrands: query.excludeBrands ?? [], sort: query.sort ?? .standard, limit: query.limit,
                    openAt: openAt)
            }
            let metres = { (km: Double) in Int((km * 1000).rounded()) }
            let stations = result.stations.map { nearby in
                Station(
                    id: nearby.station.id, distanceM: metres(nearby.distanceKm), alongM: nearby.alongKm.map(metres),
                    detourM: nearby.detourKm.map(metres),
                    price: nearby.displayed.map {
                        .init(
                            price: $0.price.price, service: $0.price.service?.rawValue, unit: Self.unit($0.price.unit),
                            was: $0.price.was, changed: $0.price.changed.map(UTCTime.format))
                    }, open: nearby.open?.rawValue)
            }
            let outcome = result.isPartial ? "partial" : stations.isEmpty ? "empty" : "ok"
            return Answer(
                outcome: outcome, missing: result.missingTiles.map(\.description), stations: stations,
                format: result.formatVersion, stale: result.isStale,
                staleReasons: result.staleReasons.map(\.path).sorted())
        } catch {
            return Answer(outcome: "failed", error: error.code.rawValue)
        }
    }

    /// A step's requests of tiles, leaves and parts (R15), sorted, each with whether it carried `If-None-Match`.
    private static func tileRequests(_ log: [ConformanceTransport.Logged]) -> [Case.Request] {
        log.filter { path in ["tiles/", "v2/tiles/", "v2/leaves/", "v2/parts/"].contains { path.path.hasPrefix($0) } }
            .map { Case.Request(path: $0.path, ifNoneMatch: $0.ifNoneMatch != nil) }
            .sorted { ($0.path, $0.ifNoneMatch ? 1 : 0) < ($1.path, $1.ifNoneMatch ? 1 : 0) }
    }

    /// The kit spells a litre price's unit as null, as a tile omits it.
    private static func unit(_ unit: PriceUnit) -> String? { unit == .litre ? nil : unit.rawValue }
}
