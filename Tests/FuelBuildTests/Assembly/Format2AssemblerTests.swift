import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat
import FuelPublishing
import Testing
import _FuelTestSupport

@testable import FuelBuild

/// ``Format2Assembler``: format 2's objects are format 1's bytes, named by the hashes of their JSON, and its index
/// names every one.
@Suite struct Format2AssemblerTests {
    static let time = DatasetAssemblerTests.time
    static let previous = time.addingTimeInterval(-86_400)

    @Test func namesAreTheHashesOfTheJSON() throws {
        let assembly = DatasetAssembler.assemble(DatasetAssemblerTests.datasets, builtAt: Self.time)
        let files = Format2Assembler.files(for: assembly, previous: Self.previous)
        let documents = Dictionary(uniqueKeysWithValues: assembly.files.map { ($0.path, $0.gzipped) })
        let byPath = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.gzipped) })
        #expect(files.map(\.path) == files.map(\.path).sorted())

        let index = try JSONDecoder().decode(
            Format2Index.self, from: Data(Gzip.decompress(try #require(byPath["v2/index.json"]))))
        #expect(byPath["v2/builds/\(Format2.buildName(Self.time)).json"] == byPath["v2/index.json"])
        #expect(index.previous == Self.previous)
        #expect(index.builtAt == Self.time)
        #expect(index.countries == assembly.index.countries)
        #expect(Set(index.tiles.keys) == Set(assembly.index.tiles))
        // Every object is format 1's document, byte for byte, under the SHA-256 of its JSON (gunzipped by gzip(1),
        // an independent reader), never of the gzip bytes.
        for path in index.objectPaths {
            let bytes = try #require(byPath["v2/" + path], "\(path)")
            let hash = Digest.hex(Digest.sha256(try Self.gunzip(bytes))).prefix(16)
            #expect(path.hasSuffix(".\(hash).json"), "\(path)")
            #expect(!path.hasSuffix(".\(Digest.hex(Digest.sha256(bytes)).prefix(16)).json"), "\(path)")
            // The leaves and the id list are format 2's own (Format2AssemblerRootsTests).
            guard !path.hasPrefix("leaves/"), !path.hasPrefix("ids.") else { continue }
            let v1 = path.replacingOccurrences(of: ".\(hash).json", with: ".json")
            #expect(documents[v1] == bytes, "\(path)")
        }
        // The index, its archived copy and the root; no tile is long enough to be split.
        #expect(files.count == index.objectPaths.count + 3)
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

    struct Stored: Sendable, CustomTestStringConvertible {
        let label: String
        let bytes: @Sendable ([UInt8]) throws -> [UInt8]
        var testDescription: String { label }
    }

    /// One document stored four ways; the hash a reader computes is the same for all.
    static let storedForms = [
        Stored(label: "as the build gzips it") { Gzip.compress($0) },
        Stored(label: "gzipped by gzip -9 with a file name and a time") { try systemGzip($0) },
        Stored(label: "as two gzip members") {
            Gzip.compress(Array($0.prefix(5))) + Gzip.compress(Array($0.dropFirst(5)))
        },
        Stored(label: "as plain JSON") { $0 },
    ]

    @Test(arguments: storedForms)
    func theHashOfAStoredObjectIsThatOfItsJSON(_ stored: Stored) throws {
        let json = Array(#"{"version":1,"key":"77_-19","stations":[]}"#.utf8)
        // sha256sum of that document: an independent implementation.
        #expect(Format2Hash.of(json: json) == "6c759fcc675506b0")
        #expect(Format2Hash.of(stored: try stored.bytes(json)) == "6c759fcc675506b0")
    }

    @Test func damagedGzipMatchesNoName() {
        var bytes = Gzip.compress(Array(#"{"version":1,"key":"77_-19","stations":[]}"#.utf8))
        bytes[bytes.count - 5] ^= 0x01  // the trailer's CRC-32
        #expect(Format2Hash.of(stored: bytes) != "6c759fcc675506b0")
    }

    static func systemGzip(_ json: [UInt8]) throws -> [UInt8] {
        let plain = RepositoryPaths.temporaryDirectory("assembler-gzip").appendingPathComponent("tile.json")
        defer { try? FileManager.default.removeItem(at: plain.deletingLastPathComponent()) }
        try Data(json).write(to: plain)
        let result = try CapturedRun.run("gzip", ["-c9", plain.path])
        try #require(result.status == 0, "\(result.stderr)")
        return [UInt8](result.stdoutBytes)
    }

    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let file = RepositoryPaths.temporaryDirectory("assembler-gunzip").appendingPathComponent("object.json")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try Data(bytes).write(to: file)
        return [UInt8](try TileFixtures.gunzip(file))
    }

    static func index(_ datasets: [CountryDataset]) throws -> Format2Index {
        let files = Format2Assembler.files(
            for: DatasetAssembler.assemble(datasets, builtAt: time), previous: nil)
        let index = try #require(files.first { $0.path == "v2/index.json" })
        return try JSONDecoder().decode(Format2Index.self, from: Data(Gzip.decompress(index.gzipped)))
    }
}
