import Foundation

/// `fuel/v2/leaves/<block>.<hash>.json`: the tile hashes of one block of cells and of the ring of cells around it
/// (``Format2/leaf(_:covers:leafCells:leafMargin:)``), and the hashes of the parts of its split cells.
///
/// A cell the leaf covers but does not list has no stations. Immutable and named by the hash of its JSON, like a tile.
public struct Format2Leaf: Sendable, Hashable, Codable {
    /// The file's format version (``TileFormat/version``).
    public var version: Int
    /// The block the leaf is of: `floor(row / 4)_floor(column / 4)` of its own cells.
    public var block: TileKey
    /// The hash of each listed cell's tile, by key, as the index gives it: the tile is `tiles/<key>.<hash>.json`.
    public var tiles: [String: String]
    /// For each split cell, the hash of each non-empty quarter's part, by quarter (`"01"`); empty when no cell is
    /// split.
    public var parts: [String: [String: String]]

    /// A leaf of the current format.
    public init(block: TileKey, tiles: [String: String], parts: [String: [String: String]] = [:]) {
        version = TileFormat.version
        self.block = block
        self.tiles = tiles
        self.parts = parts
    }

    /// The path of a listed cell's tile below the prefix; nil when the leaf does not list the cell.
    public func tilePath(_ cell: TileKey) -> String? {
        tiles[cell.description].map { Format2.tilePath(cell.description, hash: $0) }
    }

    /// A split cell's parts: each quarter with the path of its part below the prefix and the hash of its JSON; empty
    /// for a cell that is not split or not listed.
    public func parts(of cell: TileKey) -> [(quarter: CellQuarter, path: String, hash: String)] {
        guard let tileHash = tiles[cell.description], let parts = parts[cell.description] else { return [] }
        return parts.compactMap { name, hash in
            CellQuarter(name).map { ($0, Format2.partPath(key: cell, tileHash: tileHash, quarter: $0), hash) }
        }.sorted { $0.quarter < $1.quarter }
    }

    private enum CodingKeys: String, CodingKey { case version, block, tiles, parts }

    /// Reads a leaf; a missing `version` is 1.
    /// - Throws: ``UnsupportedFormatError`` (`leaf`) for a newer version; `DecodingError` for a bad block, key,
    ///   quarter or hash, a split cell the leaf does not list, or anything malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
        guard version <= TileFormat.version else { throw UnsupportedFormatError(file: "leaf", version: version) }
        let text = try container.decode(String.self, forKey: .block)
        guard let block = TileKey(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: .block, in: container, debugDescription: "leaf: block \"\(text)\" is not a key like 19_-5")
        }
        self.block = block
        tiles = try container.decode([String: String].self, forKey: .tiles)
        parts = try container.decode([String: [String: String]].self, forKey: .parts)
        for (key, hash) in tiles.sorted(by: { $0.key < $1.key }) where !Format2.isHash(hash) || TileKey(key) == nil {
            throw DecodingError.dataCorruptedError(
                forKey: .tiles, in: container, debugDescription: "tile \(key) has no valid key and hash: \(hash)")
        }
        for (key, quarters) in parts.sorted(by: { $0.key < $1.key }) {
            guard tiles[key] != nil, !quarters.isEmpty,
                quarters.allSatisfy({ CellQuarter($0.key) != nil && Format2.isHash($0.value) })
            else {
                throw DecodingError.dataCorruptedError(
                    forKey: .parts, in: container,
                    debugDescription: "cell \(key): not a listed cell's quarters and hashes: \(quarters)")
            }
        }
    }
}
