import Foundation
import FuelClient
import FuelFormat
import Testing
import _FuelTestSupport

/// Format 2's first read (R15 of `docs/format.md`): ``TileClient`` reads `v2/root.json`, one leaf per 10 km lookup,
/// around a point only the parts of a split cell that the circle's box meets (three or four quarters: the whole
/// tile), whole tiles along a route and by id, and `v2/index.json` when the root answers 404 or 410. In process, on
/// ``RootSite``.
@Suite struct RootReadTests {
    /// A lookup around a point and what it reads.
    struct Read: Sendable, CustomTestStringConvertible {
        var name: String
        var latitude: Double
        var longitude: Double
        var radiusKm: Double
        /// The stations answered, nearest first.
        var ids: [String]
        /// Every leaf, part and tile requested, in the site's terms.
        var reads: @Sendable (RootSite) -> [String]
        var testDescription: String { name }
    }

    static let reads: [Read] = [
        Read(
            name: "one quarter: only its part", latitude: 38.6, longitude: -9.4, radiusKm: 2, ids: ["PT-A"],
            reads: { site in [site.partPath("77_-19", "00")] }),
        Read(
            name: "two quarters: their parts", latitude: 38.62, longitude: -9.25, radiusKm: 5, ids: ["PT-B"],
            reads: { site in [site.partPath("77_-19", "00"), site.partPath("77_-19", "01")] }),
        Read(
            name: "three listed quarters: the whole tile", latitude: 38.75, longitude: -9.25, radiusKm: 25,
            ids: ["PT-C", "PT-D", "PT-B", "PT-A"], reads: { site in [site.tilePath("77_-19")] }),
        Read(
            name: "no listed quarter in the box: nothing", latitude: 38.9, longitude: -9.4, radiusKm: 1, ids: [],
            reads: { _ in [] }),
        Read(
            name: "10 km over two blocks: the centre's leaf and both tiles", latitude: 38.02, longitude: -9.1,
            radiusKm: 10, ids: ["PT-S", "PT-N"], reads: { site in [site.tilePath("75_-19"), site.tilePath("76_-19")] }),
    ]

    @Test(arguments: reads) func aLookupReadsTheRootOneLeafAndOnlyWhatItsBoxNeeds(_ read: Read) async throws {
        let site = try RootSite()
        let result = try await site.client().stationsAround(
            latitude: read.latitude, longitude: read.longitude, radiusKm: read.radiusKm)
        #expect(result.stations.map(\.station.id) == read.ids)
        #expect(result.formatVersion == 2)
        #expect(site.requests().first == "v2/root.json")
        #expect(site.requests(in: "leaves") == site.paths(startingWith: "v2/leaves/19_-5."))
        #expect((site.requests(in: "parts") + site.requests(in: "tiles")).sorted() == read.reads(site).sorted())
        #expect(!site.requests().contains("v2/index.json"))
    }

    @Test func aCachedLeafAndPartAreNeverAskedForAgainNotEvenByAnotherLaunch() async throws {
        let site = try RootSite()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("root-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await site.client(cacheDirectory: folder).stationsAround(latitude: 38.6, longitude: -9.4, radiusKm: 2)
        site.forgetRequests()
        // A day later: the root is asked for again, its leaf and part are not.
        let later = site.client(cacheDirectory: folder, after: 86_400)
        let result = try await later.stationsAround(latitude: 38.6, longitude: -9.4, radiusKm: 2)
        #expect(result.stations.map(\.station.id) == ["PT-A"])
        #expect(site.requests() == ["v2/root.json"])
    }

    @Test func aRouteReadsWholeTilesThroughTheLeaves() async throws {
        let site = try RootSite()
        let route = Route(points: [
            Route.Point(latitude: 38.6, longitude: -9.4), Route.Point(latitude: 38.62, longitude: -9.3),
        ])
        let result = try await site.client().stationsAlong(route: route, bufferKm: 1)
        #expect(result.stations.map(\.station.id) == ["PT-A", "PT-B"])
        #expect(site.requests(in: "parts").isEmpty)
        #expect(site.requests(in: "tiles") == [site.tilePath("77_-19")])
    }

    @Test func stationsByIdReadTheIdListTheRootNames() async throws {
        let site = try RootSite()
        let result = try await site.client().stations(ids: [StationReference(id: "PT-C")])
        #expect(result.ids == [WatchedStation(id: "PT-C", status: .found, cell: TileKey("77_-19"))])
        let idList = try #require(site.paths(startingWith: "v2/ids.").first)
        #expect(site.requests().prefix(2) == ["v2/root.json", idList])
        #expect(site.requests(in: "tiles") == [site.tilePath("77_-19")])
        site.serve(idList, Data(#"{"version":1,"shards":{}}"#.utf8))
        do throws(NearbyError) {
            _ = try await site.client().stations(ids: [StationReference(id: "PT-C")])
            Issue.record("an altered id list was read")
        } catch {
            #expect(error.code == .hashMismatch)
        }
    }

    /// A way a root's file fails, and the code the lookup fails with.
    struct Failure: Sendable, CustomTestStringConvertible {
        var name: String
        var code: NearbyError.Code
        var alter: @Sendable (RootSite) throws -> Void
        var testDescription: String { name }
    }

    static let failures: [Failure] = [
        Failure(name: "a leaf answers 404", code: .tilesUnavailable) { site in
            site.answer(site.paths(startingWith: "v2/leaves/19_-5.")[0], status: 404)
        },
        Failure(name: "a leaf answers 503", code: .tilesUnavailable) { site in
            site.answer(site.paths(startingWith: "v2/leaves/19_-5.")[0], status: 503)
        },
        Failure(name: "an altered leaf", code: .hashMismatch) { site in
            let path = site.paths(startingWith: "v2/leaves/19_-5.")[0]
            site.serve(path, site.file(path)! + Data(" ".utf8))
        },
        Failure(name: "an altered part", code: .hashMismatch) { site in
            let path = site.partPath("77_-19", "00")
            let altered = String(decoding: site.file(path)!, as: UTF8.self).replacing("38.6", with: "38.61")
            site.serve(path, Data(altered.utf8))
        },
        Failure(name: "a part answers 404", code: .tilesUnavailable) { site in
            site.answer(site.partPath("77_-19", "00"), status: 404)
        },
        Failure(name: "a root of version 2", code: .unsupportedIndexVersion) { site in
            let root = String(decoding: site.file("v2/root.json")!, as: UTF8.self)
            site.serve("v2/root.json", Data(root.replacing(#""version":1"#, with: #""version":2"#).utf8))
        },
        Failure(name: "a root answers 503 with nothing cached", code: .indexServerError) { site in
            site.answer("v2/root.json", status: 503)
        },
    ]

    @Test(arguments: failures) func aFileOfTheRootThatFailsFailsTheLookup(_ failure: Failure) async throws {
        let site = try RootSite()
        try failure.alter(site)
        do throws(NearbyError) {
            _ = try await site.client().stationsAround(latitude: 38.6, longitude: -9.4, radiusKm: 2)
            Issue.record("the lookup answered")
        } catch {
            #expect(error.code == failure.code)
        }
    }

    @Test func aLeafThatAnswers404MakesTheClientReadTheRootAgain() async throws {
        let site = try RootSite()
        site.answer(site.paths(startingWith: "v2/leaves/19_-5.")[0], status: 404)
        _ = try? await site.client().stationsAround(latitude: 38.6, longitude: -9.4, radiusKm: 2)
        #expect(site.requests().filter { $0 == "v2/root.json" }.count == 2)
    }

    @Test(arguments: [404, 410]) func aRootThatIsAbsentReadsTheIndexWithTheSameAnswer(_ status: Int) async throws {
        let withRoot = try RootSite()
        let site = try RootSite()
        site.answer("v2/root.json", status: status)
        for format in [ReadFormat.v2, .automatic] {
            site.forgetRequests()
            let client = site.client(format: format)
            let answer = try await client.stationsAround(latitude: 38.7, longitude: -9.2, radiusKm: 30)
            let expected = try await withRoot.client().stationsAround(latitude: 38.7, longitude: -9.2, radiusKm: 30)
            #expect(answer.stations == expected.stations)
            #expect(answer.tiles == expected.tiles)
            #expect(site.requests().prefix(2) == ["v2/root.json", "v2/index.json"])
            #expect(site.requests(in: "leaves").isEmpty)
            // While the index is trusted, the root is not asked for again.
            site.forgetRequests()
            _ = try await client.stationsAround(latitude: 38.7, longitude: -9.2, radiusKm: 30)
            #expect(site.requests().isEmpty)
        }
    }

    @Test func aSiteWithoutRootsIsReadThroughItsIndex() async throws {
        let site = try RootSite(root: false)
        let result = try await site.client().stationsAround(latitude: 38.6, longitude: -9.4, radiusKm: 2)
        #expect(result.stations.map(\.station.id) == ["PT-A"])
        #expect(site.requests() == ["v2/root.json", "v2/index.json", site.tilePath("77_-19")])
    }
}
