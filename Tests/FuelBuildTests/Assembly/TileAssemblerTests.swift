import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelBuild

/// ``TileAssembler``: a tile is compressed as soon as every country whose boxes cover its cell is in, never before,
/// and the files are the same whatever order the countries arrive in.
@Suite struct TileAssemblerTests {
    static let time = Date(timeIntervalSince1970: 1_758_989_147)
    /// Portugal and the Spanish side of its border share the cells of column -14 (longitude −7 to −6.5).
    static let portugal = CountryConfig.Box(name: "PT", south: 37.0, west: -9.5, north: 42.0, east: -6.2)
    static let spain = CountryConfig.Box(name: "ES", south: 36.0, west: -7.4, north: 43.7, east: 3.3)

    static func country(
        _ code: String, _ boxes: [CountryConfig.Box], _ stations: [(String, Double, Double)]
    ) -> CountryTiles {
        CountryTiles(
            CountryDataset(
                config: .testing(country: code, boxes: boxes),
                stations: stations.map { id, latitude, longitude in
                    Station(
                        id: id, country: code, latitude: latitude, longitude: longitude,
                        prices: [FuelPrice(fuel: .diesel, price: 1.5, updated: time)])
                }, referenceTime: time))
    }

    static let lisbon = (38.72, -9.14)  // cell 77_-19: only Portugal's box reaches it
    static let elvas = (38.88, -7.16)  // cell 77_-15: both boxes reach it
    static let badajoz = (38.88, -6.97)  // cell 77_-14: both
    static let madrid = (40.42, -3.70)  // cell 80_-8: only Spain's

    static let pt = country(
        "PT", [portugal], [("PT-1", lisbon.0, lisbon.1), ("PT-2", elvas.0, elvas.1)])
    static let es = country(
        "ES", [spain], [("ES-1", badajoz.0, badajoz.1), ("ES-2", madrid.0, madrid.1)])

    @Test func aTileIsCompressedOnceEveryCountryThatCanReachItsCellIsIn() throws {
        let assembler = TileAssembler(
            countries: [("ES", [Self.spain]), ("PT", [Self.portugal])], grid: .standard, sink: nil, reuse: nil)
        var portugal = Self.pt
        assembler.add(&portugal)
        #expect(portugal.cells.isEmpty, "the assembler took the cells")
        #expect(portugal.cellCount == 2)
        assembler.drain()
        // Lisbon's cell is Portugal's alone; Elvas's waits for Spain, whose box covers it too.
        #expect(assembler.compressedTiles.map(\.description) == ["77_-19"])
        var spain = Self.es
        assembler.add(&spain)
        assembler.drain()
        // In key order: row, then column.
        #expect(assembler.compressedTiles.map(\.description) == ["77_-19", "77_-15", "77_-14", "80_-8"])
        let assembly = try assembler.finish(builtAt: Self.time)
        #expect(assembly.index.tiles == ["77_-19", "77_-15", "77_-14", "80_-8"])
        #expect(assembly.tilesPerCountry == ["PT": 2, "ES": 2])
    }

    @Test func aCountryWithoutBoxesHoldsBackEveryTile() {
        let assembler = TileAssembler(
            countries: [("ES", []), ("PT", [Self.portugal])], grid: .standard, sink: nil, reuse: nil)
        var portugal = Self.pt
        assembler.add(&portugal)
        assembler.drain()
        #expect(assembler.compressedTiles.isEmpty)
    }

    @Test(arguments: [["ES", "PT"], ["PT", "ES"]])
    func theFilesDoNotDependOnTheOrderCountriesArriveIn(_ order: [String]) throws {
        let countries = ["ES": Self.es, "PT": Self.pt]
        let assembler = TileAssembler(
            countries: [("ES", [Self.spain]), ("PT", [Self.portugal])], grid: .standard, sink: nil, reuse: nil)
        for code in order {
            var country = try #require(countries[code])
            assembler.add(&country)
            assembler.drain()
        }
        let files = try assembler.finish(builtAt: Self.time).files
        let together = DatasetAssembler.assemble(encoded: [Self.es, Self.pt], builtAt: Self.time)
        #expect(files == together.files)
        #expect(files.map(\.path).last == "index.json")
    }
}
