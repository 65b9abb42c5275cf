import Foundation
import FuelCodecs
import FuelFormat
import FuelPublishing

/// Turns a build's format-1 documents into the format-2 set: the same bytes under content-addressed names, the parts
/// of the tiles longer than the split size, the leaves, the id list, an index naming them, the index's archived copy
/// under `builds/`, and the root projected from the index.
///
/// A name holds the hash of the document's JSON, not of the gzip bytes stored: every HTTP reader receives the JSON
/// (objects are served with `Content-Encoding: gzip`, which the HTTP layer decodes), so that is what a reader can
/// check against the name.
public enum Format2Assembler {
    /// The format-2 files, with paths below `OUT/fuel/` (`v2/tiles/77_-19.<hash>.json`), sorted by path.
    /// - Parameters:
    ///   - assembly: the build's format-1 documents and index.
    ///   - previous: the `builtAt` of the build this one follows, for the index's `previous`.
    ///   - splitTileBytes: a tile whose JSON is longer than this is also published in parts, one per non-empty
    ///     quarter of its cell.
    public static func files(
        for assembly: Assembly, previous: Date?, splitTileBytes: Int = Format2.defaultSplitTileBytes
    ) -> [PublishedFile] {
        var files: [PublishedFile] = []
        var tiles: [String: String] = [:]
        var brands: [String: String] = [:]
        var sources = ""
        var trends: [String: TrendListing] = [:]
        var ids: [String: String] = [:]
        var parts: [String: [String: String]] = [:]
        for document in assembly.files {
            // A tile's JSON digest is known already (``TileReuse``); the few other documents are inflated again.
            let hash =
                assembly.tileDigests[document.path].map(Format2Hash.name(digest:))
                ?? Format2Hash.of(stored: document.gzipped)
            let path: String
            if document.path == TileFormat.indexPath {
                continue
            } else if document.path == TileFormat.sourcesPath {
                path = Format2.sourcesPath(hash: hash)
                sources = path
            } else if let key = name(document.path, folder: "tiles/") {
                path = Format2.tilePath(key, hash: hash)
                tiles[key] = hash
                if document.jsonBytes > splitTileBytes, let cell = TileKey(key) {
                    var quarters: [String: String] = [:]
                    for part in Self.parts(of: document, cell: cell) {
                        let partPath = Format2.partPath(key: cell, tileHash: hash, quarter: part.quarter)
                        quarters[part.quarter.description] = Format2Hash.of(json: part.json)
                        files.append(
                            PublishedFile(
                                path: inFolder(partPath), jsonBytes: part.json.count, gzipped: Gzip.compress(part.json)
                            ))
                    }
                    parts[key] = quarters
                }
            } else if let country = name(document.path, folder: "brands/") {
                path = Format2.brandsPath(country, hash: hash)
                brands[country] = path
            } else if let country = name(document.path, folder: "trends/") {
                path = Format2.trendPath(country, hash: hash)
                trends[country] = TrendListing(path: path, since: assembly.index.trends?[country]?.since ?? "")
            } else if let shard = name(document.path, folder: "\(IdShard.folder)/") {
                path = IdShard.format2Path(shard, hash: hash)
                ids[shard] = path
            } else {
                preconditionFailure("the assembler wrote an unknown document \(document.path)")
            }
            files.append(PublishedFile(path: inFolder(path), jsonBytes: document.jsonBytes, gzipped: document.gzipped))
        }
        var index = Format2Index(
            gridDegrees: assembly.index.gridDegrees, builtAt: assembly.index.builtAt, previous: previous, tiles: tiles,
            brands: brands, sources: sources, countries: assembly.index.countries,
            trends: assembly.index.trends == nil ? nil : trends, ids: assembly.index.idShards == nil ? nil : ids,
            history: assembly.index.history)
        if let ids = index.ids {
            let list = TileEncoder.encode(Format2IdList(shards: ids))
            let path = Format2.idListPath(hash: Format2Hash.of(json: list))
            index.idList = path
            files.append(PublishedFile(path: inFolder(path), jsonBytes: list.count, gzipped: Gzip.compress(list)))
        }
        index.leafCells = Format2.leafCells
        index.leafMargin = Format2.leafMargin
        var leafPaths: [String: String] = [:]
        for leaf in Self.leaves(tiles: tiles, parts: parts) {
            let json = TileEncoder.encode(leaf)
            let path = Format2.leafPath(block: leaf.block, hash: Format2Hash.of(json: json))
            leafPaths[leaf.block.description] = path
            files.append(PublishedFile(path: inFolder(path), jsonBytes: json.count, gzipped: Gzip.compress(json)))
        }
        index.leaves = leafPaths
        let json = TileEncoder.encode(index)
        let gzipped = Gzip.compress(json)
        for path in [Format2.indexPath, Format2.buildPath(index.builtAt)] {
            files.append(PublishedFile(path: inFolder(path), jsonBytes: json.count, gzipped: gzipped))
        }
        if let root = Format2Root(projecting: index) {
            let json = TileEncoder.encode(root)
            files.append(
                PublishedFile(path: inFolder(Format2.rootPath), jsonBytes: json.count, gzipped: Gzip.compress(json)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The parts of a tile the build wrote: its stations split by quarter (``TileParts``).
    private static func parts(of tile: PublishedFile, cell: TileKey) -> [(quarter: CellQuarter, json: [UInt8])] {
        do {
            return try TileParts.split(tile: Gzip.decompress(tile.gzipped), key: cell)
        } catch {
            preconditionFailure("the assembler wrote a tile it cannot split: \(error)")
        }
    }

    /// The leaves of a build's cells: each block whose leaf covers a listed cell, listing every listed cell it
    /// covers with its tile's hash and, for a split cell, its parts' hashes.
    static func leaves(tiles: [String: String], parts: [String: [String: String]]) -> [Format2Leaf] {
        var leaves: [TileKey: Format2Leaf] = [:]
        for (key, hash) in tiles {
            guard let cell = TileKey(key) else { continue }
            for block in Format2.leafBlocks(covering: cell) {
                leaves[block, default: Format2Leaf(block: block, tiles: [:])].tiles[key] = hash
                if let quarters = parts[key] { leaves[block]?.parts[key] = quarters }
            }
        }
        return leaves.keys.sorted().compactMap { leaves[$0] }
    }

    /// `v2/<path>`: where a format-2 file lives inside a build folder.
    static func inFolder(_ path: String) -> String { "\(Format2.folder)/\(path)" }

    /// `77_-19` from `tiles/77_-19.json`.
    private static func name(_ path: String, folder: String) -> String? {
        guard path.hasPrefix(folder), path.hasSuffix(".json") else { return nil }
        return String(path.dropFirst(folder.count).dropLast(5))
    }
}
