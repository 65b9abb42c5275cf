import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelBuild

/// ``DatasetAssembler``: the files a build writes, their order and what depends on the build time.
@Suite struct DatasetAssemblerTests {
    static let time = Date(timeIntervalSince1970: 1_758_989_147)

    static func dataset(_ country: String, _ stations: [(String, Double, Double, String?)]) -> CountryDataset {
        CountryDataset(
            config: .testing(country: country, boxes: []),
            stations: stations.map { id, latitude, longitude, brand in
                Station(
                    id: id, country: country, brand: brand, latitude: latitude, longitude: longitude,
                    prices: [FuelPrice(fuel: .diesel, price: 1.5, updated: time)])
            },
            referenceTime: time)
    }

    static let datasets = [
        dataset("PT", [("PT-2", 38.72, -9.14, "Galp"), ("PT-1", 38.71, -9.13, "Galp"), ("PT-3", 41.15, -8.61, nil)]),
        dataset(
            "ES", [("ES-1", 40.41, -3.70, "Repsol"), ("ES-2", 40.42, -3.71, "Cepsa"), ("ES-3", 40.40, -3.69, "Cepsa")]),
    ]

    @Test func filesAreSortedBucketedAndIndexed() throws {
        let all = DatasetAssembler.assemble(Self.datasets, builtAt: Self.time).files
        // The id shards (R13), named by the hash of the ids, come after the trends; StationsByIdTests reads them.
        let shards = all.filter { $0.path.hasPrefix("ids/") }
        #expect(shards.map(\.path) == shards.map(\.path).sorted() && !shards.isEmpty)
        #expect(all.firstIndex { $0.path.hasPrefix("ids/") } == 7)
        let files = all.filter { !$0.path.hasPrefix("ids/") }
        #expect(
            files.map(\.path) == [
                "tiles/77_-19.json", "tiles/80_-8.json", "tiles/82_-18.json", "brands/ES.json", "brands/PT.json",
                "trends/ES.json", "trends/PT.json", "sources.json", "index.json",
            ])
        let tile = try JSONDecoder().decode(Tile.self, from: Data(Gzip.decompress(files[0].gzipped)))
        #expect(tile.stations.map(\.id) == ["PT-1", "PT-2"])
        let index = try JSONDecoder().decode(TileIndex.self, from: Data(Gzip.decompress(files[8].gzipped)))
        #expect(index.tiles == ["77_-19", "80_-8", "82_-18"])
        #expect(index.countries["PT"]?.stations == 3)
        let brands = try JSONDecoder().decode(BrandsFile.self, from: Data(Gzip.decompress(files[3].gzipped)))
        #expect(brands.brands.map(\.brand) == ["Cepsa", "Repsol"])
        let portugal = try JSONDecoder().decode(BrandsFile.self, from: Data(Gzip.decompress(files[4].gzipped)))
        #expect(portugal.brands == [.init(brand: "Galp", stations: 2), .init(brand: nil, stations: 1)])
    }

    /// Tiles, brands and sources never hold the build time: only the index does, and the trends hold its day.
    @Test func onlyTheIndexAndTheTrendsDependOnTheBuildTime() {
        let first = DatasetAssembler.assemble(Self.datasets, builtAt: Self.time).files
        let second = DatasetAssembler.assemble(Self.datasets, builtAt: Self.time.addingTimeInterval(86_400)).files
        for (a, b) in zip(first, second) {
            let kind = PublishedPath(a.path).kind
            #expect((a.gzipped == b.gzipped) == (kind != .index && kind != .trend), "\(a.path)")
        }
        #expect(DatasetAssembler.assemble(Self.datasets, builtAt: Self.time).files == first)
    }
}
