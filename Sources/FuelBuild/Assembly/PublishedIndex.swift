import Foundation
import FuelCodecs
import FuelFormat

/// A published build's index, in format 1's terms, and the path of each of its tiles below `OUT/fuel/`.
public struct PublishedIndex: Sendable {
    public var index: TileIndex
    /// `tiles/77_-19.json`, or `v2/tiles/77_-19.<hash>.json` for a build of format 2 alone, by key.
    public var tilePaths: [String: String]
    /// Each country's trend, `trends/ES.json` or `v2/trends/ES.<hash>.json`, by country; empty when the index lists
    /// none.
    public var trendPaths: [String: String] = [:]

    /// One tile of the build: where it is, its stored (gzipped) bytes and the tile they hold.
    /// - Parameter folder: the build's folder, `OUT/fuel` (links resolved).
    /// - Throws: ``PublishedTileError`` saying whether the file is missing or unreadable.
    public func readTile(_ key: String, in folder: URL) throws(PublishedTileError) -> (
        url: URL, bytes: [UInt8], tile: Tile
    ) {
        let url = folder.appendingPathComponent(tilePaths[key] ?? "tiles/\(key).json")
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw PublishedTileError(url: url, unreadable: nil)
        }
        let bytes = [UInt8](data)
        do {
            return (url, bytes, try JSONDecoder().decode(Tile.self, from: Data(Gzip.decompress(bytes))))
        } catch {
            throw PublishedTileError(url: url, unreadable: ErrorText.describe(error))
        }
    }
}

/// A tile a published index lists that cannot be read back: missing (``unreadable`` nil) or not a readable tile.
public struct PublishedTileError: Error, Sendable, Equatable {
    /// The tile's file.
    public var url: URL
    /// Why its bytes are not a tile; nil when the file is missing.
    public var unreadable: String?
}
