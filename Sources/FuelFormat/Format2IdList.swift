import Foundation

/// `fuel/v2/ids.<hash>.json`: the paths of the id shards (rule R13), exactly the index's `ids`, so that the root
/// need not carry them. Immutable and named by the hash of its JSON.
public struct Format2IdList: Sendable, Hashable, Codable {
    /// The file's format version (``TileFormat/version``).
    public var version: Int
    /// Each id shard's path below the prefix (`ids/a3.<hash>.json`), by shard.
    public var shards: [String: String]

    /// An id list of the current format.
    public init(shards: [String: String]) {
        version = TileFormat.version
        self.shards = shards
    }

    private enum CodingKeys: String, CodingKey { case version, shards }

    /// Reads an id list; a missing `version` is 1.
    /// - Throws: ``UnsupportedFormatError`` (`id list`) for a newer version; `DecodingError` for a bad shard or path,
    ///   or anything malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
        guard version <= TileFormat.version else { throw UnsupportedFormatError(file: "id list", version: version) }
        shards = try container.decode([String: String].self, forKey: .shards)
        for (shard, path) in shards.sorted(by: { $0.key < $1.key })
        where !IdShard.isShard(shard) || !Format2.isObjectName(path) || !path.hasPrefix("\(IdShard.folder)/\(shard).") {
            throw DecodingError.dataCorruptedError(
                forKey: .shards, in: container,
                debugDescription: "id shard \(shard): not its format-2 file name: \(path)")
        }
    }
}
