import FuelCodecs
import FuelFormat

/// The id table of rule R13: every station's cell, by id, split into shards by the SHA-256 of the id.
enum IdTable {
    /// The shards that hold ids, sorted by name, from each station's cell by id.
    static func shards(of stationCells: [String: TileKey]) -> [IdShard] {
        var shards: [String: [String: String]] = [:]
        for (id, key) in stationCells {
            shards[shard(of: id), default: [:]][id] = key.description
        }
        return shards.keys.sorted().map { IdShard(shard: $0, stations: shards[$0] ?? [:]) }
    }

    /// An id's shard: the first two hex digits of the SHA-256 of its UTF-8 bytes.
    static func shard(of id: String) -> String { IdShard.shard(ofDigest: Digest.sha256(Array(id.utf8))) }
}
