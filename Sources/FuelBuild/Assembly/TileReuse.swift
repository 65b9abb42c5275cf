import Foundation
import FuelCodecs
import FuelFormat

/// What an incremental rebuild reuses: the previous build's gzipped tile for every tile whose JSON is unchanged,
/// hard-linked (or copied) instead of compressed again.
///
/// The build keeps the digest of each tile's JSON beside `OUT/fuel`, in `OUT/.tile-digests.json`, never under
/// `fuel/` (which is uploaded): `{"version":1,"build":".build-…","tiles":{"tiles/77_-19.json":{"json":…,"file":…,"countries":[…],"jsonBytes":…}}}`.
/// It is trusted only for the build `OUT/fuel` links to. A reused file is the bytes an earlier run of the same
/// compressor made from the same JSON, so a rebuild is byte-identical to a full build (unless libdeflate itself
/// changed in between: then the reused bytes still decompress to the same JSON).
public struct TileReuse: Sendable {
    /// One tile of the previous build.
    public struct Entry: Sendable, Codable, Equatable {
        /// SHA-256 hex of the tile's JSON.
        public var json: String
        /// The gzipped file, below `OUT/fuel/`.
        public var file: String
        /// The countries with stations in the tile, in code order, and its JSON's length: what lets a tile made
        /// only of kept cells be reused without joining it (``TileAssembler``). Absent in sidecars of builds before
        /// they were recorded; such a tile is joined and compared by digest.
        public var countries: [String]? = nil
        public var jsonBytes: Int? = nil
    }

    /// The previous build's tiles, by path (`tiles/77_-19.json`).
    public var tiles: [String: Entry]
    /// The previous build's folder (links resolved).
    public var folder: URL

    /// The sidecar's name in `OUT`.
    public static let fileName = ".tile-digests.json"

    /// The digest the sidecar records of a tile's JSON: its SHA-256 in hex, whose first 16 digits name the tile in
    /// format 2.
    public static func digest(_ json: [UInt8]) -> String { Digest.hex(Digest.sha256(json)) }

    /// The previous build's tiles, when `OUT` has a sidecar for the build `OUT/fuel` links to; nil otherwise.
    static func load(_ output: OutputDirectory) -> TileReuse? {
        Sidecar.load(output).map { TileReuse(tiles: $0.tiles, folder: output.published.resolvingSymlinksInPath()) }
    }

    /// Records a committed build's tiles for the next build (atomically; a failure only costs the next build time).
    static func save(_ tiles: [String: Entry], build: String, in output: OutputDirectory) {
        Sidecar(version: 1, build: build, tiles: tiles).save(in: output)
    }

    /// The previous gzipped bytes of a tile whose JSON has this digest; nil when it changed or cannot be read.
    func previousFile(for path: String, digest: String) -> (url: URL, bytes: [UInt8])? {
        guard let entry = tiles[path], entry.json == digest else { return nil }
        let url = folder.appendingPathComponent(entry.file)
        guard let data = FileManager.default.contents(atPath: url.path), data.count >= 18, data.first == 0x1F
        else { return nil }
        return (url, [UInt8](data))
    }

    private struct Sidecar: BuildSidecar {
        static let fileName = TileReuse.fileName
        var version: Int
        var build: String
        var tiles: [String: Entry]
    }
}
