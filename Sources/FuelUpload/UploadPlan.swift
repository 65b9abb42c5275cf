import Foundation
import FuelCodecs
import FuelFormat

/// What an upload will do, decided from the local build and one listing of the bucket: pure, so it is unit-tested
/// and printed as is by `--dry-run`.
public struct UploadPlan: Sendable, Equatable {
    /// The precondition on the index PUT, from the index the run started from.
    public enum IndexCondition: Sendable, Equatable {
        /// `If-Match: <etag>` (the ETag as listed, quotes included).
        case ifMatch(String)
        /// `If-None-Match: *`: there was no index.
        case ifNoneMatch
    }

    /// Changed or new tiles, sorted by path: phase 1.
    public let tiles: [LocalObject]
    /// History files (R14) the bucket lacks, sorted by path: uploaded after the tiles, before the metadata.
    public let history: [LocalObject]
    /// Changed or new brands, sources and other metadata: phase 2.
    public let metadata: [LocalObject]
    /// The index when it changed: phase 3.
    public let index: LocalObject?
    /// How the index PUT is guarded.
    public let indexCondition: IndexCondition
    /// The index's local MD5 hex, to recognise it in the bucket.
    public let indexMD5: String
    /// Keys (full, prefix included) under `<prefix>tiles/` and `<prefix>history/` the new build does not have (a
    /// history day leaves the build once older than its window): phase 4, after the index.
    public let deletes: [String]
    /// Local objects already in the bucket with the same bytes.
    public let skipped: Int
    /// The key prefix, `fuel/` by default (empty for the bucket root).
    public let prefix: String

    /// Every PUT in order.
    public var puts: [LocalObject] { tiles + history + metadata + (index.map { [$0] } ?? []) }

    /// Bytes the PUTs send.
    public var bytes: Int { puts.reduce(0) { $0 + $1.bytes.count } }

    /// Compares the build with the bucket listing.
    /// - Parameters:
    ///   - build: the local files.
    ///   - remote: ETags by full key, for every key under the prefix (quotes as the server sent them).
    ///   - prefix: the key prefix.
    public init(build: LocalBuild, remote: [String: String], prefix: String) {
        self.prefix = prefix
        var tiles: [LocalObject] = []
        var history: [LocalObject] = []
        var metadata: [LocalObject] = []
        var index: LocalObject?
        var skipped = 0
        for object in build.objects {
            if let etag = remote[prefix + object.path], Self.normalise(etag) == object.md5Hex {
                skipped += 1
                continue
            }
            switch object.kind {
            case .tile: tiles.append(object)
            case .history: history.append(object)
            case .metadata: metadata.append(object)
            case .index: index = object
            }
        }
        self.tiles = tiles
        self.history = history
        self.metadata = metadata
        self.index = index
        self.skipped = skipped
        indexMD5 = build.index?.md5Hex ?? ""
        indexCondition = remote[prefix + TileFormat.indexPath].map { .ifMatch($0) } ?? .ifNoneMatch
        let prunable = [prefix + "tiles/", prefix + HistoryFile.folder + "/"]
        let keep = Set(build.tilePaths.union(build.historyPaths).map { prefix + $0 })
        deletes = remote.keys.filter { key in prunable.contains { key.hasPrefix($0) } && !keep.contains(key) }.sorted()
    }

    /// An ETag without quotes or a weak marker, lower-cased: comparable with an MD5 hex.
    public static func normalise(_ etag: String) -> String {
        var text = Substring(etag.trimmingCharacters(in: .whitespaces))
        if text.hasPrefix("W/") { text = text.dropFirst(2) }
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = text.dropFirst().dropLast() }
        return text.lowercased()
    }

    /// One line: `PUT 3 (2 tiles, 0 brands/trends/sources, index), skip 120, delete 1, 4.1 kB`.
    public var summaryLine: String {
        let parts =
            "\(tiles.count) tiles, \(history.isEmpty ? "" : "\(history.count) history, ")\(metadata.count) brands/trends/sources, \(index == nil ? "index unchanged" : "index")"
        return "PUT \(puts.count) (\(parts)), skip \(skipped), delete \(deletes.count), \(ByteCount.format(bytes))"
    }
}
