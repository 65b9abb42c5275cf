import Foundation
import FuelFormat

/// Which file of the published set the client reads below `<base>/fuel/`: the index or one tile. It names the file
/// on the server (or in a local build folder) and keys the caches; what was fetched is a ``CachedFile``.
enum RemoteFile: Sendable, Hashable {
    case index
    case tile(TileKey)

    /// The path below the prefix: `index.json`, `tiles/77_-19.json`.
    var path: String {
        switch self {
        case .index: TileFormat.indexPath
        case .tile(let key): TileFormat.tilePath(key)
        }
    }
}

/// A parsed file.
enum Payload: Sendable {
    case index(TileIndex)
    case tile(Tile)
}

/// A cache entry with its parsed form (nil for a remembered 404).
struct CachedFile: Sendable {
    var entry: CacheEntry
    var payload: Payload?

    var index: TileIndex? {
        if case .index(let index) = payload { return index }
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
    /// The refresh failed for the given reason and nothing is cached.
    case failed(String)
    /// The server's file is one this client must not use (another grid, a newer format).
    case rejected(NearbyError)
}

/// The result of one request, decoded and parsed off the actor.
enum Download: Sendable {
    case fetched(body: Data, etag: String?, lastModified: String?, payload: Payload)
    case notModified(etag: String?, lastModified: String?)
    case notFound
    case failed(String)
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
            return .notFound
        default:
            return .failed("HTTP \(response.status)")
        }
    }

    /// Decodes a body (gzipped or plain JSON) and checks it is usable by this client.
    /// - Throws: ``NearbyError`` for an index of another grid or format; any other error for damaged data.
    nonisolated static func parse(_ body: Data, file: RemoteFile, grid: Grid) throws -> Payload {
        let json =
            GzipReader.isGzip(body) ? Data(try GzipReader.decompress([UInt8](body), limit: Self.maxFileBytes)) : body
        let decoder = JSONDecoder()
        switch file {
        case .index:
            let index: TileIndex
            do {
                index = try decoder.decode(TileIndex.self, from: json)
            } catch let error as UnsupportedFormatError {
                throw NearbyError.unsupportedIndexVersion(error.version)
            }
            guard index.version >= 1 else { throw NearbyError.unsupportedIndexVersion(index.version) }
            guard abs(index.gridDegrees - grid.degrees) < 1e-9 else {
                throw NearbyError.incompatibleGrid(indexDegrees: index.gridDegrees, clientDegrees: grid.degrees)
            }
            return .index(index)
        case .tile(let key):
            let tile = try decoder.decode(Tile.self, from: json)
            guard tile.key == key.description else {
                throw TileMismatch(expected: key.description, found: tile.key)
            }
            return .tile(tile)
        }
    }
}

/// A tile file whose `key` is not the cell it was requested for.
struct TileMismatch: Error, CustomStringConvertible {
    let expected: String
    let found: String
    var description: String { "the file holds tile \(found), not \(expected)" }
}
