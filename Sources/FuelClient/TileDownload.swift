import Foundation
import FuelFormat

/// Which file of the published set the client reads below `<base>/fuel/`: an index or one tile, of format 1 or
/// format 2. It names the file on the server (or in a local build folder) and keys the caches; what was fetched is a
/// ``CachedFile``.
enum RemoteFile: Sendable, Hashable {
    /// Format 1's `index.json`.
    case index
    /// Format 1's `tiles/<key>.json`, replaced in place by each build.
    case tile(TileKey)
    /// Format 2's `v2/index.json`, its only mutable file.
    case format2Index
    /// Format 2's `v2/tiles/<key>.<hash>.json`: never changes once written.
    case format2Tile(TileKey, hash: String)
    /// Format 2's `v2/root.json` (R15): what a reader of roots reads first, mutable like the index.
    case format2Root
    /// A root's leaf, `v2/leaves/<block>.<hash>.json`: never changes once written.
    case leaf(TileKey, hash: String)
    /// One quarter of a split cell's tile, `v2/parts/<key>.<tilehash>.<q>.json`, held to `hash`, the hash its leaf
    /// gives (its name holds its tile's): never changes once written.
    case part(TileKey, tileHash: String, quarter: CellQuarter, hash: String)
    /// The id list a root names, `v2/ids.<hash>.json`: never changes once written.
    case idList(hash: String)

    /// The path below `fuel/`: `index.json`, `tiles/77_-19.json`, `v2/index.json`,
    /// `v2/tiles/77_-19.0123456789abcdef.json`. Format 2's paths hold the hash, so a cache keyed by path keeps each
    /// version of a tile apart.
    var path: String {
        switch self {
        case .index: TileFormat.indexPath
        case .tile(let key): TileFormat.tilePath(key)
        case .format2Index: Self.inSnapshotFolder(Format2.indexPath)
        case .format2Tile(let key, let hash):
            Self.inSnapshotFolder(Format2.tilePath(key.description, hash: hash))
        case .format2Root: Self.inSnapshotFolder(Format2.rootPath)
        case .leaf(let block, let hash): Self.inSnapshotFolder(Format2.leafPath(block: block, hash: hash))
        case .part(let key, let tileHash, let quarter, _):
            Self.inSnapshotFolder(Format2.partPath(key: key, tileHash: tileHash, quarter: quarter))
        case .idList(let hash): Self.inSnapshotFolder(Format2.idListPath(hash: hash))
        }
    }

    /// The paths of the indexes and the root, which stay in memory whatever the limit.
    static let indexPaths: Set<String> = [
        RemoteFile.index.path, RemoteFile.format2Index.path, RemoteFile.format2Root.path,
    ]

    /// Whether the file never changes once written: a format-2 tile, leaf, part or id list.
    var isImmutable: Bool {
        switch self {
        case .format2Tile, .leaf, .part, .idList: true
        case .index, .tile, .format2Index, .format2Root: false
        }
    }

    /// The path prefix every version of this format-2 tile or leaf shares, `v2/tiles/77_-19.`; nil for other files.
    /// (A part's versions are not dropped: the other quarters of its tile share its prefix.)
    var versionsPrefix: String? {
        switch self {
        case .format2Tile(let key, _): Self.inSnapshotFolder("tiles/\(key).")
        case .leaf(let block, _): Self.inSnapshotFolder("\(Format2.leavesFolder)/\(block).")
        default: nil
        }
    }

    private static func inSnapshotFolder(_ path: String) -> String { "\(Format2.folder)/\(path)" }
}

/// A parsed file.
enum Payload: Sendable {
    case index(TileIndex)
    case format2Index(Format2Index)
    case tile(Tile)
    case root(Format2Root)
    case leaf(Format2Leaf)
    case idList(Format2IdList)
}

/// A cache entry with its parsed form (nil for a remembered 404).
struct CachedFile: Sendable {
    var entry: CacheEntry
    var payload: Payload?

    /// The index, of either format, for a lookup.
    var indexContent: LookupIndex.Content? {
        switch payload {
        case .index(let index): .v1(index)
        case .format2Index(let index): .v2(index)
        case .root(let root): .root(root)
        case .tile, .leaf, .idList, nil: nil
        }
    }

    var leaf: Format2Leaf? {
        if case .leaf(let leaf) = payload { return leaf }
        return nil
    }

    var idList: Format2IdList? {
        if case .idList(let list) = payload { return list }
        return nil
    }

    var tile: Tile? {
        if case .tile(let tile) = payload { return tile }
        return nil
    }
}

/// How a file was settled for one lookup.
enum Resolution: Sendable {
    /// Trusted, fetched, or confirmed by a 304 (or a 404 for a tile, with no payload).
    case current(CachedFile)
    /// The refresh failed for the given reason; this older copy stands in.
    case stale(CachedFile, String)
    /// The refresh failed for the given reason (with the HTTP status when the server answered one) and nothing is
    /// cached.
    case failed(String, status: Int? = nil)
    /// The server's file is one this client must not use (another grid, a newer format, bytes that fail their hash
    /// check); nothing of it was kept.
    case rejected(NearbyError)
    /// The server answered 404 or 410 for a file whose absence is no answer (an index, a format-2 tile): what that
    /// means is for the caller to say. The older copy, if any, is passed along.
    case notFound(status: Int, cached: CachedFile?)
}

/// The result of one request, decoded and parsed off the actor.
enum Download: Sendable {
    case fetched(body: Data, etag: String?, lastModified: String?, payload: Payload)
    case notModified(etag: String?, lastModified: String?)
    case notFound(status: Int)
    /// No usable answer: why, and the HTTP status when the server answered one.
    case failed(String, status: Int? = nil)
    case rejected(NearbyError)
}

extension TileClient {
    /// Sends one request and classifies the answer. Runs off the actor, so parsing does not block other lookups.
    nonisolated static func download(
        _ request: TileRequest,
        file: RemoteFile,
        grid: Grid,
        transport: any TileTransport
    ) async -> Download {
        let response: TileResponse
        do {
            response = try await transport.send(request)
        } catch {
            return .failed("no answer: \(error.localizedDescription)")
        }
        switch response.status {
        case 200:
            do {
                // Nothing is kept unless it parses, and a format-2 tile is parsed only once it passed its hash check.
                let payload = try parse(response.body, file: file, grid: grid)
                return .fetched(
                    body: response.body, etag: response.headers["etag"],
                    lastModified: response.headers["last-modified"], payload: payload)
            } catch let error as NearbyError {
                return .rejected(error)
            } catch {
                return .failed("unreadable \(file.path): \(ErrorText.describe(error))")
            }
        case 304:
            return .notModified(etag: response.headers["etag"], lastModified: response.headers["last-modified"])
        case 404, 410:
            return .notFound(status: response.status)
        default:
            return .failed("HTTP \(response.status)", status: response.status)
        }
    }

    /// Format 2's index or root: a newer version than this client reads is the index's R9 code.
    private nonisolated static func decodeIndex<Document: Decodable>(_ type: Document.Type, from json: Data) throws
        -> Document
    {
        try decode(type, from: json) { .unsupportedIndexVersion($0.version, newestReadable: $0.newestReadable) }
    }

    /// A tile, a part or a leaf: a newer version than this client reads is the tile's R9 code.
    private nonisolated static func decodeTile<Document: Decodable>(_ type: Document.Type, from json: Data) throws
        -> Document
    {
        try decode(type, from: json) { .unsupportedTileVersion($0.version, newestReadable: $0.newestReadable) }
    }

    /// Decodes a document; a newer version than this client reads is the error `newer` makes of it.
    private nonisolated static func decode<Document: Decodable>(
        _ type: Document.Type, from json: Data, newer: (UnsupportedFormatError) -> NearbyError
    ) throws -> Document {
        do {
            return try JSONDecoder().decode(type, from: json)
        } catch let error as UnsupportedFormatError {
            throw newer(error)
        }
    }

    /// Decodes a body (gzipped or plain JSON), holds a format-2 tile to the hash in its name (``NameHashCheck``), and
    /// checks it is usable by this client.
    /// - Throws: ``NearbyError`` for an index of another grid or format, or a tile that fails its hash check; any
    ///   other error for damaged data.
    nonisolated static func parse(_ body: Data, file: RemoteFile, grid: Grid) throws -> Payload {
        let json = try NameHashCheck.document(body, nameHash: file.nameHash, limit: Self.maxFileBytes)
        try NameHashCheck.check(json, nameHash: file.nameHash)
        switch file {
        case .index:
            let index = try decode(TileIndex.self, from: json) { .unsupportedIndexVersion($0.version) }
            guard index.version >= 1 else { throw NearbyError.unsupportedIndexVersion(index.version) }
            try checkGrid(index.gridDegrees, grid: grid)
            return .index(index)
        case .format2Index:
            let index = try decodeIndex(Format2Index.self, from: json)
            try checkGrid(index.gridDegrees, grid: grid)
            return .format2Index(index)
        case .format2Root:
            let root = try decodeIndex(Format2Root.self, from: json)
            try checkGrid(root.gridDegrees, grid: grid)
            return .root(root)
        case .leaf(let block, _):
            // A leaf is checked as a tile is (R15): a newer version is the tile code, another block's leaf unusable.
            let leaf = try decodeTile(Format2Leaf.self, from: json)
            guard leaf.block == block else {
                throw TileMismatch(expected: "leaf \(block)", found: "leaf \(leaf.block)")
            }
            return .leaf(leaf)
        case .idList:
            // An id list of a newer version cannot be read: `ids-unavailable` for the lookup by id that needs it.
            return .idList(try JSONDecoder().decode(Format2IdList.self, from: json))
        case .part(let key, _, let quarter, _):
            let tile = try decodeTile(Tile.self, from: json)
            guard tile.key == key, tile.part == quarter else {
                throw TileMismatch(
                    expected: "\(key) part \(quarter)",
                    found: "\(tile.key) part \(tile.part.map(\.description) ?? "none")")
            }
            return .tile(tile)
        case .tile(let key), .format2Tile(let key, _):
            // Format 2's tiles are format 1's documents, byte for byte.
            let tile = try decodeTile(Tile.self, from: json)
            guard tile.key == key else {
                throw TileMismatch(expected: key.description, found: tile.key.description)
            }
            return .tile(tile)
        }
    }

    /// - Throws: ``NearbyError`` when the index was built on another grid than the client's.
    private nonisolated static func checkGrid(_ degrees: Double, grid: Grid) throws(NearbyError) {
        guard abs(degrees - grid.degrees) < 1e-9 else {
            throw NearbyError.incompatibleGrid(indexDegrees: degrees, clientDegrees: grid.degrees)
        }
    }
}

/// A tile file whose `key` is not the cell it was requested for.
struct TileMismatch: Error, CustomStringConvertible {
    let expected: String
    let found: String
    var description: String { "the file holds tile \(found), not \(expected)" }
}
