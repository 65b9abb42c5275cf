import Foundation
import FuelClient
import FuelFormat
import Testing
import _FuelTestSupport

/// Rules R4 and R5 of `docs/format.md` for issue 39's item 2: a price sort with its ties, and brand include and
/// exclude lists, on stations made for each tie (the conformance kit shows them on published data).
@Suite struct RankedFilterTests {
    /// Six stations around 38.72, -9.14, each with one diesel price: three at 1.5 (two at the point, one farther),
    /// one cheaper and farther, one per kg (cheaper as a number), one dearer; brands in several spellings, one none.
    static let stations: [Station] = {
        let updated = Date(timeIntervalSince1970: 1_764_405_060)
        func station(_ id: String, _ longitude: Double, _ price: Double, unit: PriceUnit = .litre, brand: String?)
            -> Station
        {
            Station(
                id: id, country: "PT", brand: brand, latitude: 38.72, longitude: longitude,
                prices: [FuelPrice(fuel: .diesel, price: price, updated: updated, unit: unit)])
        }
        return [
            station("PT-5", -9.13, 1.5, brand: "Galp"),
            station("PT-4", -9.14, 1.5, brand: "Repsol"),
            station("PT-3", -9.14, 1.5, brand: "BP"),
            station("PT-2", -9.12, 1.4, brand: nil),
            station("PT-1", -9.14, 0.9, unit: .kilogram, brand: " galp "),
            station("PT-0", -9.11, 1.6, brand: "Prio"),
        ]
    }()

    struct Ranking: Sendable {
        var includeBrands: [String] = []
        var excludeBrands: [String] = []
        var sort = NearbySort.standard
        var limit: Int?
        var expected: [String]
    }
    typealias RankingCase = NamedCase<Ranking>

    static let rankings: [RankingCase] = [
        RankingCase("by distance, the default", Ranking(expected: ["PT-1", "PT-3", "PT-4", "PT-5", "PT-2", "PT-0"])),
        RankingCase(
            "by price: litre before kg, equal prices by distance, equal distances by id",
            Ranking(sort: .price, expected: ["PT-2", "PT-3", "PT-4", "PT-5", "PT-0", "PT-1"])),
        RankingCase(
            "by price with limit 2: the two cheapest", Ranking(sort: .price, limit: 2, expected: ["PT-2", "PT-3"])),
        RankingCase("include list", Ranking(includeBrands: ["galp", "BP "], expected: ["PT-1", "PT-3", "PT-5"])),
        RankingCase(
            "exclude list: a station without a brand is never excluded",
            Ranking(excludeBrands: ["GALP", "Repsol"], expected: ["PT-3", "PT-2", "PT-0"])),
        RankingCase(
            "include and exclude: a brand in both is left out",
            Ranking(includeBrands: ["Galp", "BP"], excludeBrands: ["galp"], expected: ["PT-3"])),
        RankingCase(
            "an empty include list keeps every brand",
            Ranking(includeBrands: [], expected: ["PT-1", "PT-3", "PT-4", "PT-5", "PT-2", "PT-0"])),
    ]

    @Test(arguments: rankings)
    func rankedAndFiltered(_ ranking: RankingCase) {
        let filter = NearbyFilter(
            latitude: 38.72, longitude: -9.14, radiusKm: 5,
            criteria: StationCriteria(
                fuel: .diesel, includeBrands: ranking.includeBrands, excludeBrands: ranking.excludeBrands,
                sort: ranking.sort, limit: ranking.limit))
        #expect(filter.apply(to: Self.stations).map(\.station.id) == ranking.expected)
    }

    /// The tile order must not decide a tie: reversed input, same answer.
    @Test func aPriceSortDoesNotDependOnTheTileOrder() {
        let filter = NearbyFilter(
            latitude: 38.72, longitude: -9.14, radiusKm: 5, criteria: StationCriteria(fuel: .diesel, sort: .price))
        #expect(
            filter.apply(to: Self.stations.reversed()).map(\.station.id)
                == filter.apply(to: Self.stations).map(\.station.id))
    }

    @Test func aPriceSortWithoutAFuelIsRefusedBeforeAnyRequest() async {
        let client = TileClient(base: URL(string: "http://127.0.0.1:9")!)
        let error = await #expect(throws: NearbyError.self) {
            try await client.stationsAround(latitude: 38.72, longitude: -9.14, radiusKm: 5, sort: .price)
        }
        #expect(error?.code == .invalidQuery, "\(String(describing: error))")
        #expect(error?.message.contains("needs a fuel") == true, "\(String(describing: error))")
    }
}
