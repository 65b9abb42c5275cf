import Foundation
import FuelCodecs
import Testing
import _FuelTestSupport

/// `scripts/check-format` holds format 2's root, leaves, parts and id list (R15) to `docs/format.md`: a sample build
/// with split cells conforms, and one broken against each rule, with every hash and listing above it made true again
/// so that only that rule is broken, is refused, naming the file.
@Suite(.tags(.executable, .python)) struct RootContractTests {
    /// A split size small enough that the samples' denser cells are published in quarters too.
    static let split = ["--split-tile-bytes", "2000"]

    /// The format-2 folder of a build as documents, rewritten consistently: a leaf or part changed here gets the name
    /// of its new hash, and the leaves, the index, its archive and the root that name it follow.
    struct Snapshot {
        let folder: URL
        var index: [String: Any]

        init(_ out: URL) throws {
            folder = out.appendingPathComponent("fuel/v2").resolvingSymlinksInPath()
            index = try FormatContractTests.decode(folder.appendingPathComponent("index.json"))
        }

        var leaves: [String: String] { index["leaves"] as? [String: String] ?? [:] }

        func document(_ path: String) throws -> [String: Any] {
            try FormatContractTests.decode(folder.appendingPathComponent(path))
        }

        /// Writes `document` gzipped and returns the hash of its JSON.
        func write(_ document: [String: Any], to path: String) throws -> String {
            let json = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
            try FormatContractTests.encode(
                try JSONSerialization.jsonObject(with: json) as? [String: Any] ?? [:],
                to: folder.appendingPathComponent(path))
            let written = try TileFixtures.gunzip(folder.appendingPathComponent(path))
            return Digest.hex(Digest.sha256(written)).prefix(16).description
        }

        /// Replaces a block's leaf by `leaf`, under its new hash.
        mutating func replaceLeaf(_ block: String, with leaf: [String: Any]) throws {
            let old = try #require(leaves[block])
            try FileManager.default.removeItem(at: folder.appendingPathComponent(old))
            let temporary = "leaves/\(block).new.json"
            let hash = try write(leaf, to: temporary)
            let path = "leaves/\(block).\(hash).json"
            try FileManager.default.moveItem(
                at: folder.appendingPathComponent(temporary), to: folder.appendingPathComponent(path))
            var listed = leaves
            listed[block] = path
            index["leaves"] = listed
        }

        /// Replaces a part's JSON, and its hash in every leaf that lists it.
        mutating func replacePart(_ path: String, key: String, quarter: String, with part: [String: Any]) throws {
            let hash = try write(part, to: path)
            for (block, leafPath) in leaves.sorted(by: { $0.key < $1.key }) {
                var leaf = try document(leafPath)
                var parts = leaf["parts"] as? [String: [String: String]] ?? [:]
                guard parts[key]?[quarter] != nil else { continue }
                parts[key]?[quarter] = hash
                leaf["parts"] = parts
                try replaceLeaf(block, with: leaf)
            }
        }

        /// Writes the index, its archived copy and the root, each as the index says.
        func save(root: [String: Any]? = nil) throws {
            try FormatContractTests.encode(index, to: folder.appendingPathComponent("index.json"))
            let name = (index["builtAt"] as? String ?? "").filter { $0 != "-" && $0 != ":" }
            try FileManager.default.removeItem(at: folder.appendingPathComponent("builds/\(name).json"))
            try FileManager.default.copyItem(
                at: folder.appendingPathComponent("index.json"),
                to: folder.appendingPathComponent("builds/\(name).json"))
            var projection = index
            projection["tiles"] = nil
            projection["ids"] = nil
            projection["version"] = 1
            try FormatContractTests.encode(root ?? projection, to: folder.appendingPathComponent("root.json"))
        }

        /// The first cell split in two or more parts that a leaf lists, with that leaf's block, the cell's tile hash
        /// and its parts; nil when the build has none.
        func firstSplitCell() throws -> (block: String, key: String, tileHash: String, parts: [String: String])? {
            for (block, path) in leaves.sorted(by: { $0.key < $1.key }) {
                let leaf = try document(path)
                let parts = leaf["parts"] as? [String: [String: String]] ?? [:]
                if let (key, quarters) = parts.sorted(by: { $0.key < $1.key }).first(where: { $0.value.count >= 2 }),
                    let tileHash = (leaf["tiles"] as? [String: String])?[key]
                {
                    return (block, key, tileHash, quarters)
                }
            }
            return nil
        }
    }

    struct Drift: Sendable, CustomTestStringConvertible {
        var label: String
        var change: @Sendable (inout Snapshot) throws -> Void
        var complaint: String
        var file: String
        var testDescription: String { label }
    }

    static let drifts: [Drift] = [
        Drift(
            label: "a root that is not the index's projection",
            change: { snapshot in
                var root = snapshot.index
                (root["tiles"], root["ids"], root["version"], root["leafCells"]) = (nil, nil, 1, 8)
                try snapshot.save(root: root)
            }, complaint: "not v2/index.json without tiles and ids", file: "v2/root.json"),
        Drift(
            label: "a leaf that leaves out a listed cell of its area",
            change: { snapshot in
                let block = try #require(snapshot.leaves.keys.sorted().first)
                var leaf = try snapshot.document(try #require(snapshot.leaves[block]))
                var tiles = leaf["tiles"] as? [String: String] ?? [:]
                tiles.removeValue(forKey: try #require(tiles.keys.sorted().first))
                leaf["tiles"] = tiles
                try snapshot.replaceLeaf(block, with: leaf)
                try snapshot.save()
            }, complaint: "not the listed cells of its block and ring", file: "v2/leaves/"),
        Drift(
            label: "a leaf of another block",
            change: { snapshot in
                let block = try #require(snapshot.leaves.keys.sorted().first)
                var leaf = try snapshot.document(try #require(snapshot.leaves[block]))
                leaf["block"] = "0_0"
                try snapshot.replaceLeaf(block, with: leaf)
                try snapshot.save()
            }, complaint: "is not the block", file: "v2/leaves/"),
        Drift(
            label: "a block with listed cells and no leaf",
            change: { snapshot in
                var leaves = snapshot.leaves
                leaves.removeValue(forKey: try #require(leaves.keys.sorted().first))
                snapshot.index["leaves"] = leaves
                try snapshot.save()
            }, complaint: "no leaf for a block whose area has listed cells", file: "v2/index.json"),
        Drift(
            label: "a part without one of its quarter's stations",
            change: { snapshot in
                let cell = try #require(try snapshot.firstSplitCell())
                let quarter = try #require(cell.parts.keys.sorted().first)
                let path = "parts/\(cell.key).\(cell.tileHash).\(quarter).json"
                var part = try snapshot.document(path)
                part["stations"] = Array((part["stations"] as? [Any] ?? []).dropFirst())
                try snapshot.replacePart(path, key: cell.key, quarter: quarter, with: part)
                try snapshot.save()
            }, complaint: "not the stations of its quarter of the tile", file: "v2/parts/"),
        Drift(
            label: "a part altered after its leaf was written",
            change: { snapshot in
                let cell = try #require(try snapshot.firstSplitCell())
                let quarter = try #require(cell.parts.keys.sorted().first)
                let path = "parts/\(cell.key).\(cell.tileHash).\(quarter).json"
                var part = try snapshot.document(path)
                part["stations"] = Array((part["stations"] as? [Any] ?? []).dropFirst())
                _ = try snapshot.write(part, to: path)
            }, complaint: "not the", file: "v2/parts/"),
        Drift(
            label: "a split cell missing a part",
            change: { snapshot in
                let cell = try #require(try snapshot.firstSplitCell())
                let quarter = try #require(cell.parts.keys.sorted().last)
                try FileManager.default.removeItem(
                    at: snapshot.folder.appendingPathComponent("parts/\(cell.key).\(cell.tileHash).\(quarter).json"))
            }, complaint: "missing", file: "v2/parts/"),
        Drift(
            label: "an id list that is not the index's shards",
            change: { snapshot in
                let path = try #require(snapshot.index["idList"] as? String)
                var list = try snapshot.document(path)
                var shards = list["shards"] as? [String: String] ?? [:]
                shards.removeValue(forKey: try #require(shards.keys.sorted().first))
                list["shards"] = shards
                try FileManager.default.removeItem(at: snapshot.folder.appendingPathComponent(path))
                let hash = try snapshot.write(list, to: "ids.new.json")
                try FileManager.default.moveItem(
                    at: snapshot.folder.appendingPathComponent("ids.new.json"),
                    to: snapshot.folder.appendingPathComponent("ids.\(hash).json"))
                snapshot.index["idList"] = "ids.\(hash).json"
                try snapshot.save()
            }, complaint: "not the shards v2/index.json names", file: "v2/ids."),
    ]

    @Test(arguments: drifts)
    func driftFromTheRootsIsCaught(_ drift: Drift) throws {
        let out = try FormatContractTests.buildSamples(layout: "v2", Self.split)
        defer { try? FileManager.default.removeItem(at: out) }
        var snapshot = try Snapshot(out)
        try drift.change(&snapshot)
        let result = try FormatContractTests.check(out)
        #expect(result.status == 1)
        #expect(result.stderr.contains(drift.file), "\(result.stderr)")
        #expect(result.stderr.contains(drift.complaint), "\(result.stderr)")
    }

    /// The samples with split cells conform in both layouts: the root is the index's projection, a leaf per block
    /// with listed cells, parts that partition their tiles.
    @Test func theSampleBuildWithSplitCellsConforms() throws {
        let out = try FormatContractTests.buildSamples(layout: "both", Self.split)
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try FormatContractTests.check(out)
        #expect(result.status == 0, "\(result.stderr)")
        let snapshot = try Snapshot(out)
        #expect(!snapshot.leaves.isEmpty)
        #expect(try snapshot.firstSplitCell() != nil, "no cell of the sample build is split in two or more parts")
    }
}
