import Foundation
import FuelFeeds
import FuelFormat
import Testing
import _FuelTestSupport

/// The PT adapter on a real recorded answer (`Fixtures/PT/SOURCES.md`): a DGEG `PesquisarPostos` slice of
/// 2026-06-10. Expected values were read off the JSON by hand.
@Suite struct PTRealCaptureTests {
    static func portugal() throws -> FeedParseResult {
        let folder = RepositoryPaths.feedFixtures().appendingPathComponent("PT/dgeg-2026-06-10")
        return try PTAdapter().parse(try FeedFixture.input(folder: folder, country: "PT"))
    }

    static let portugalCases: [StationCase] = [
        StationCase(
            label: "93086 Famões: Intermarché, five fuels at 13:15 Lisbon summer time",
            expected: Station(
                id: "PT-93086", country: "PT", name: "Posto de Abastecimento - Intermarché de Famões",
                brand: "Intermarché", address: "Urb. Quinta do Segulim, Lote EA-01", postcode: "1675-351",
                city: "Famões", latitude: 38.792127, longitude: -9.214949,
                prices: [
                    FeedRun.price(.diesel, 1.819, "2026-06-08T12:15:00Z"),
                    FeedRun.price(.gasoline95, 1.839, "2026-06-08T12:15:00Z"),
                    FeedRun.price(.gasoline95Premium, 1.869, "2026-06-08T12:15:00Z"),
                    FeedRun.price(.gasoline98, 1.959, "2026-06-08T12:15:00Z"),
                    FeedRun.price(.lpg, 0.949, "2026-06-08T12:15:00Z"),
                ])),
        StationCase(
            label: "94406 Pousada de Saramagos: PRIO, midnight local is the day before in UTC",
            expected: Station(
                id: "PT-94406", country: "PT", name: "PRIO Pousada de Saramagos", brand: "Prio",
                address: "Av. Riopele 815", postcode: "4770-405", city: "Pousada de Saramagos", latitude: 41.42762,
                longitude: -8.43019,
                prices: [
                    FeedRun.price(.gasoline95, 1.954, "2026-06-07T23:00:00Z"),
                    FeedRun.price(.gasoline95Premium, 1.889, "2026-06-07T23:00:00Z"),
                    FeedRun.price(.gasoline98, 2.054, "2026-06-07T23:00:00Z"),
                    FeedRun.price(.lpg, 0.949, "2026-06-07T23:00:00Z"),
                ])),
    ]

    @Test(arguments: portugalCases)
    func portugalStation(_ testCase: StationCase) throws {
        let station = try #require(try Self.portugal().station(testCase.expected.id))
        #expect(station == testCase.expected)
    }

    /// 9 rows (of the 9,654 the query matched, as every row's `Quantidade` says) make 2 stations.
    @Test func portugalWholeSlice() throws {
        let result = try Self.portugal()
        #expect(result.records == 9)
        #expect(result.stations.map(\.id) == ["PT-93086", "PT-94406"])
        #expect(result.rejects.isEmpty)
        #expect(result.counters.isEmpty)
        #expect(result.referenceTime == FeedRun.utc("2026-06-08T12:15:00Z"))
    }
}
