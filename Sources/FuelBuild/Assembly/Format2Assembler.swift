import Foundation
import FuelCodecs
import FuelFormat
import FuelPublishing

/// Turns a build's format-1 documents into the format-2 set: the same bytes under content-addressed names, an index
/// naming them, and the index's archived copy under `builds/`.
///
/// A name holds the hash of the document's JSON, not of the gzip bytes stored: every HTTP reader receives the JSON
/// (objects are served with `Content-Encoding: gzip`, which the HTTP layer decodes), so that is what a reader can
/// check against the name.
public enum Format2Assembler {
    /// The format-2 files, with paths below `OUT/fuel/` (`v2/tiles/77_-19.<hash>.json`), sorted by path.
    /// - Parameters:
    ///   - assembly: the build's format-1 documents and index.
    ///   - previous: the `builtAt` of the build this one follows, for the index's `previous`.
    public static func files(for assembly: Assembly, previous: Date?) -> [PublishedFile] {
        var files: [PublishedFile] = []
        var tiles: [String: String] = [:]
        var brands: [String: String] = [:]
        var sources = ""
        var trends: [String: TrendListing] = [:]
        var ids: [String: String] = [:]
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
        let index = Format2Index(
            gridDegrees: assembly.index.gridDegrees, builtAt: assembly.index.builtAt, previous: previous, tiles: tiles,
            brands: brands, sources: sources, countries: assembly.index.countries,
            trends: assembly.index.trends == nil ? nil : trends, ids: assembly.index.idShards == nil ? nil : ids,
            history: assembly.index.history)
        let json = TileEncoder.encode(index)
        let gzipped = Gzip.compress(json)
        for path in [Format2.indexPath, Format2.buildPath(index.builtAt)] {
            files.append(PublishedFile(path: inFolder(path), jsonBytes: json.count, gzipped: gzipped))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// `v2/<path>`: where a format-2 file lives inside a build folder.
    static func inFolder(_ path: String) -> String { "\(Format2.folder)/\(path)" }

    /// `77_-19` from `tiles/77_-19.json`.
    private static func name(_ path: String, folder: String) -> String? {
        guard path.hasPrefix(folder), path.hasSuffix(".json") else { return nil }
        return String(path.dropFirst(folder.count).dropLast(5))
    }
}
