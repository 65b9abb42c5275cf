import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelBuild

/// ``SnapshotAssembler``: format 2's names are the hashes of format 1's bytes, and its index names every one.
@Suite struct SnapshotAssemblerTests {
    static let time = DatasetAssemblerTests.time
    static let previous = time.addingTimeInterval(-86_400)

    @Test func namesAreTheHashesOfTheStoredBytes() throws {
        let assembly = DatasetAssembler.assemble(DatasetAssemblerTests.datasets, builtAt: Self.time)
        let files = SnapshotAssembler.files(for: assembly, previous: Self.previous)
        let documents = Dictionary(uniqueKeysWithValues: assembly.files.map { ($0.path, $0.gzipped) })
        let byPath = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.gzipped) })
        #expect(files.map(\.path) == files.map(\.path).sorted())

        let index = try JSONDecoder().decode(
            SnapshotIndex.self, from: Data(Gzip.decompress(try #require(byPath["v2/index.json"]))))
        #expect(byPath["v2/builds/\(SnapshotFormat.buildName(Self.time)).json"] == byPath["v2/index.json"])
        #expect(index.previous == Self.previous)
        #expect(index.builtAt == Self.time)
        #expect(index.countries == assembly.index.countries)
        #expect(Set(index.tiles.keys) == Set(assembly.index.tiles))
        // Every object is format 1's document, byte for byte, under the SHA-256 of those bytes.
        for path in index.objectPaths {
            let bytes = try #require(byPath["v2/" + path], "\(path)")
            let hash = Digest.hex(Digest.sha256(bytes)).prefix(16)
            #expect(path.hasSuffix(".\(hash).json"), "\(path)")
            let v1 = path.replacingOccurrences(of: ".\(hash).json", with: ".json")
            #expect(documents[v1] == bytes, "\(path)")
        }
        #expect(files.count == index.objectPaths.count + 2)
    }

    @Test func oneChangedPriceRenamesOneTile() throws {
        var changed = DatasetAssemblerTests.datasets
        changed[0].stations[0].prices[0].price = 1.999
        let before = try Self.index(DatasetAssemblerTests.datasets)
        let after = try Self.index(changed)
        let renamed = before.tiles.keys.filter { before.tiles[$0] != after.tiles[$0] }
        #expect(renamed.count == 1)
        #expect(before.brands == after.brands)
        #expect(before.sources == after.sources)
    }

    static func index(_ datasets: [CountryDataset]) throws -> SnapshotIndex {
        let files = SnapshotAssembler.files(
            for: DatasetAssembler.assemble(datasets, builtAt: time), previous: nil)
        let index = try #require(files.first { $0.path == "v2/index.json" })
        return try JSONDecoder().decode(SnapshotIndex.self, from: Data(Gzip.decompress(index.gzipped)))
    }
}
