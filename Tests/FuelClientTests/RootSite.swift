import Foundation
import FuelClient
import FuelCodecs
import FuelFormat
import Synchronization
import Testing
import _FuelTestSupport

/// A format-2 base in memory with format 2's first read (R15): `v2/index.json`, and unless told otherwise the root,
/// one leaf per block whose area holds a listed cell, the parts of the cells asked to be split and the id list, made
/// from hand-placed stations as `docs/format.md` says a publisher makes them. Serves them as an HTTP layer delivers
/// them (decoded JSON), answers a path's status when one is set, and logs every request's path below `fuel/`.
final class RootSite: TileTransport {
    static let base = URL(string: "https://roots.invalid")!
    static let builtAt = TileFixtures.builtAt

    /// Cell 77_-19 (38.5–39.0 N, 9.5–9.0 W), split: quarter 00 holds PT-A and PT-B, 01 PT-D, 11 PT-C; 10 is empty.
    /// Cells 75_-19 (block 18_-5) and 76_-19 (block 19_-5) hold one station each; 82_-18 one, further north.
    static let stations: [String: [Station]] = [
        "75_-19": [placed("PT-S", 37.95, -9.1)],
        "76_-19": [placed("PT-N", 38.1, -9.1)],
        "77_-19": [
            placed("PT-A", 38.6, -9.4), placed("PT-B", 38.62, -9.3), placed("PT-C", 38.8, -9.1),
            placed("PT-D", 38.7, -9.1),
        ],
        "82_-18": [placed("PT-P", 41.15, -8.61)],
    ]

    private let files: Mutex<[String: Data]>
    private let statuses = Mutex<[String: Int]>([:])
    private let log = Mutex<[String]>([])
    /// Each tile's hash, by cell.
    let tileHashes: [String: String]

    /// - Parameters:
    ///   - split: the cells whose tiles are split in parts.
    ///   - root: false for a publisher before roots: no root, leaves, parts or id list.
    init(split: [String] = ["77_-19"], root: Bool = true) throws {
        var files: [String: Data] = [:]
        var hashes: [String: String] = [:]
        var parts: [String: [String: String]] = [:]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for (key, stations) in Self.stations {
            let cell = try #require(TileKey(key))
            let json = try encoder.encode(Tile(key: cell, stations: stations))
            hashes[key] = Self.hash(json)
            files["v2/" + Format2.tilePath(key, hash: Self.hash(json))] = json
            guard split.contains(key) else { continue }
            let quarters = Dictionary(grouping: stations) {
                CellQuarter.of(latitude: $0.latitude, longitude: $0.longitude, in: cell)!
            }
            for (quarter, inQuarter) in quarters {
                let part = try encoder.encode(Tile(key: cell, stations: inQuarter, part: quarter))
                parts[key, default: [:]][quarter.description] = Self.hash(part)
                files["v2/" + Format2.partPath(key: cell, tileHash: Self.hash(json), quarter: quarter)] = part
            }
        }
        tileHashes = hashes
        let shards = Dictionary(grouping: Self.stations.flatMap { key, stations in stations.map { ($0.id, key) } }) {
            IdShard.shard(ofDigest: Digest.sha256(Data($0.0.utf8)))
        }
        var ids: [String: String] = [:]
        for (shard, entries) in shards {
            let json = try encoder.encode(IdShard(shard: shard, stations: Dictionary(uniqueKeysWithValues: entries)))
            ids[shard] = "ids/\(shard).\(Self.hash(json)).json"
            files["v2/" + ids[shard]!] = json
        }
        var leaves: [String: String] = [:]
        let cells = hashes.keys.compactMap(TileKey.init)
        for block in Set(cells.flatMap { Format2.leafBlocks(covering: $0) }) {
            let covered = cells.filter { Format2.leaf(block, covers: $0) }
            guard !covered.isEmpty else { continue }
            let leaf = Format2Leaf(
                block: block,
                tiles: Dictionary(uniqueKeysWithValues: covered.map { ($0.description, hashes[$0.description]!) }),
                parts: parts.filter { key, _ in covered.contains { $0.description == key } })
            let json = try encoder.encode(leaf)
            leaves[block.description] = Format2.leafPath(block: block, hash: Self.hash(json))
            files["v2/" + leaves[block.description]!] = json
        }
        let idList = try encoder.encode(Format2IdList(shards: ids))
        let sources = "sources.0123456789abcdef.json"
        let index = Format2Index(
            gridDegrees: 0.5, builtAt: Self.builtAt, previous: nil, tiles: hashes, brands: [:], sources: sources,
            countries: [:], ids: ids)
        files["v2/index.json"] = try encoder.encode(index)
        if root {
            files["v2/" + Format2.idListPath(hash: Self.hash(idList))] = idList
            let document = Format2Root(
                gridDegrees: 0.5, builtAt: Self.builtAt, previous: nil, countries: [:], brands: [:],
                sources: sources, idList: Format2.idListPath(hash: Self.hash(idList)), leaves: leaves)
            files["v2/root.json"] = try encoder.encode(document)
        }
        self.files = Mutex(files)
    }

    /// A client of this site, with its cache in `cacheDirectory` when given, whose clock reads `after` seconds past
    /// a minute after the build.
    func client(format: ReadFormat = .v2, cacheDirectory: URL? = nil, after: TimeInterval = 0) -> TileClient {
        TileClient(
            base: Self.base, cacheDirectory: cacheDirectory, transport: self, policy: .unhurried, format: format,
            clock: { Self.builtAt.addingTimeInterval(60 + after) })
    }

    func send(_ request: TileRequest) async throws -> TileResponse {
        let path = String(request.url.path.dropFirst("/fuel/".count))
        log.withLock { $0.append(path) }
        if let status = statuses.withLock({ $0[path] }) { return TileResponse(status: status) }
        guard let body = files.withLock({ $0[path] }) else { return TileResponse(status: 404) }
        return TileResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }

    /// Every request so far, by path below `fuel/`, in the order sent; `folder` keeps those below `v2/<folder>/`.
    func requests(in folder: String? = nil) -> [String] {
        log.withLock { $0 }.filter { folder == nil || $0.hasPrefix("v2/\(folder!)/") }
    }

    func forgetRequests() { log.withLock { $0 = [] } }

    /// Answers `status` for `path` from now on.
    func answer(_ path: String, status: Int) { statuses.withLock { $0[path] = status } }

    /// Serves `body` at `path` from now on.
    func serve(_ path: String, _ body: Data) { files.withLock { $0[path] = body } }

    /// The file at `path`.
    func file(_ path: String) -> Data? { files.withLock { $0[path] } }

    /// The paths of every file whose path starts with `prefix`, sorted.
    func paths(startingWith prefix: String) -> [String] {
        files.withLock { $0.keys.filter { $0.hasPrefix(prefix) } }.sorted()
    }

    /// The path of a cell's part of `quarter`.
    func partPath(_ key: String, _ quarter: String) -> String {
        "v2/parts/\(key).\(tileHashes[key]!).\(quarter).json"
    }

    /// The path of a cell's tile.
    func tilePath(_ key: String) -> String { "v2/" + Format2.tilePath(key, hash: tileHashes[key]!) }

    static func hash(_ json: Data) -> String {
        String(Digest.hex(Digest.sha256(json)).prefix(Format2.hashLength))
    }

    private static func placed(_ id: String, _ latitude: Double, _ longitude: Double) -> Station {
        var station = TileFixtures.lisbonStations[0]
        station.id = id
        station.latitude = latitude
        station.longitude = longitude
        return station
    }
}
