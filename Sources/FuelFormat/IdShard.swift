import Foundation

/// `fuel/ids/<hh>.json` (format 2: `fuel/v2/ids/<hh>.<hash>.json`): which cell each station of one shard is in, so
/// that a reader can find a station by its id alone (rule R13 of `docs/format.md`).
///
/// A station's shard is the first two hex digits, lower case, of the SHA-256 of its id's UTF-8 bytes: 256 shards,
/// and a build writes only the shards that hold ids.
public struct IdShard: Sendable, Hashable, Codable {
    /// How many shards an id table has: two hex digits.
    public static let count = 256
    /// The folder below the prefix: `ids/`.
    public static let folder = "ids"

    /// The file's format version (``TileFormat/version``).
    public var version: Int
    /// The shard's two lower-case hex digits: `a3`.
    public var shard: String
    /// The cell key (`77_-19`) of each station of the shard, by station id.
    public var stations: [String: String]

    /// A shard of the current format.
    public init(shard: String, stations: [String: String]) {
        version = TileFormat.version
        self.shard = shard
        self.stations = stations
    }

    /// The format-1 path of a shard below the prefix: `ids/a3.json`.
    public static func path(_ shard: String) -> String { "\(folder)/\(shard).json" }

    /// The format-2 path of a shard below `v2/`: `ids/a3.<hash>.json`.
    public static func format2Path(_ shard: String, hash: String) -> String { "\(folder)/\(shard).\(hash).json" }

    /// Whether `text` names a shard: two lower-case hex digits.
    public static func isShard(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 2 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The shard of an id, from the SHA-256 digest of its UTF-8 bytes (whoever computes it): its first byte in hex.
    public static func shard(ofDigest digest: some Collection<UInt8>) -> String {
        let first = digest.first ?? 0
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: [digits[Int(first >> 4)], digits[Int(first & 0x0f)]], as: UTF8.self)
    }

    private enum CodingKeys: String, CodingKey { case version, shard, stations }

    /// Reads a shard; a missing `version` is 1.
    /// - Throws: ``UnsupportedFormatError`` for a newer version; `DecodingError` for a bad shard name, a bad cell
    ///   key or anything malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.formatVersion(at: .version, file: "id shard")
        shard = try container.decode(String.self, forKey: .shard)
        guard Self.isShard(shard) else {
            throw DecodingError.dataCorruptedError(
                forKey: .shard, in: container, debugDescription: "not two lower-case hex digits: \(shard)")
        }
        stations = try container.decode([String: String].self, forKey: .stations)
        for (id, key) in stations.sorted(by: { $0.key < $1.key }) where TileKey(key) == nil {
            throw DecodingError.dataCorruptedError(
                forKey: .stations, in: container, debugDescription: "station \(id) has no valid cell key: \(key)")
        }
    }
}
