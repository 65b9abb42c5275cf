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
    /// - Throws: ``PublishedFileError`` saying whether the file is missing or unreadable.
    public func readTile(_ key: String, in folder: URL) throws(PublishedFileError) -> (
        url: URL, bytes: [UInt8], tile: Tile
    ) {
        let (url, bytes, tile) = try Self.read(
            Tile.self, folder.appendingPathComponent(tilePaths[key] ?? "tiles/\(key).json"))
        return (url, bytes, tile)
    }

    /// A country's trend, nil when the index lists none for it.
    /// - Parameter folder: the build's folder, `OUT/fuel` (links resolved).
    /// - Throws: ``PublishedFileError`` saying whether the file is missing or unreadable (another country's trend
    ///   is unreadable).
    public func readTrend(_ country: String, in folder: URL) throws(PublishedFileError) -> TrendFile? {
        guard let path = trendPaths[country] else { return nil }
        let (url, _, trend) = try Self.read(TrendFile.self, folder.appendingPathComponent(path))
        guard trend.country == country else {
            throw PublishedFileError(url: url, unreadable: "it is the trend of \(trend.country), not \(country)")
        }
        return trend
    }

    /// A gzipped JSON document of the build and its stored bytes.
    private static func read<Document: Decodable>(_ type: Document.Type, _ url: URL) throws(PublishedFileError) -> (
        url: URL, bytes: [UInt8], document: Document
    ) {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw PublishedFileError(url: url, unreadable: nil)
        }
        let bytes = [UInt8](data)
        do {
            return (url, bytes, try JSONDecoder().decode(type, from: Data(Gzip.decompress(bytes))))
        } catch {
            throw PublishedFileError(url: url, unreadable: ErrorText.describe(error))
        }
    }
}

/// A file a published index lists (a tile, a trend) that cannot be read back: missing (``unreadable`` nil) or not a
/// readable document of its kind.
public struct PublishedFileError: Error, Sendable, Equatable {
    /// The tile's file.
    public var url: URL
    /// Why its bytes are not a tile; nil when the file is missing.
    public var unreadable: String?
}
