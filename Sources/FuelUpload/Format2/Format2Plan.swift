import Foundation
import FuelFormat

/// What a format-2 upload writes, decided from the local set and one listing of its prefix: pure, so it is
/// unit-tested and printed as is by `--dry-run`. An object already in the bucket with its name's bytes (its ETag is
/// the local MD5) is never written again; one whose bytes differ (altered, truncated, emptied) is rewritten, since
/// readers would otherwise be served it, `immutable`, for a year.
public struct Format2Plan: Sendable, Equatable {
    /// Immutable objects the bucket lacks (tiles, brands, trends, sources), sorted by path: the first phase.
    public let uploads: [LocalObject]
    /// `builds/<name>.json`, unless it is archived already: the second phase.
    public let archive: LocalObject?
    /// The index, unless the live one has the same bytes: the third phase.
    public let index: LocalObject?
    /// How the index PUT is guarded: `If-Match` on the listed index, or `If-None-Match: *` when there was none.
    public let indexCondition: UploadPlan.IndexCondition
    /// The local index's MD5 hex, to recognise it in the bucket.
    public let indexMD5: String
    /// What follows the index (R15): `root.json` written as its projection, deleted for a build without roots, or
    /// left as it is.
    let root: Format2RootSync.Step
    /// Local objects already in the bucket.
    public let skipped: Int
    /// Paths among ``uploads`` the bucket holds with other bytes than their name says: rewritten, and logged.
    public let rewrites: [String]
    /// Format 2's key prefix.
    public let prefix: String

    /// Every PUT, in order.
    public var puts: [LocalObject] {
        var puts = uploads + (archive.map { [$0] } ?? []) + (index.map { [$0] } ?? [])
        if case .put(let root) = root { puts.append(root) }
        return puts
    }
    /// Bytes the PUTs send.
    public var bytes: Int { puts.reduce(0) { $0 + $1.bytes.count } }

    /// Compares the set with the listing.
    /// - Parameter remote: ETags by full key under `prefix`.
    /// - Throws: ``UploadError/localBuild(path:reason:)`` when the bucket archives a different build under the same
    ///   name: two builds with one `builtAt` cannot both be rolled back to.
    public init(snapshot: LocalFormat2, remote: [String: String], prefix: String) throws {
        self.prefix = prefix
        var uploads: [LocalObject] = []
        var skipped = 0
        var rewrites: [String] = []
        for object in snapshot.objects {
            guard let etag = remote[prefix + object.path] else {
                uploads.append(object)
                continue
            }
            if UploadPlan.normalise(etag) == object.md5Hex {
                skipped += 1
            } else {
                uploads.append(object)
                rewrites.append(object.path)
            }
        }
        self.uploads = uploads
        var archived = remote[prefix + snapshot.archive.path].map(UploadPlan.normalise)
        if let other = archived, other != snapshot.archive.md5Hex {
            // Another build of the same second. While it is the live index it is refused: the same --built-at
            // twice. One that is not live was superseded: a build a clock running ahead dated to this very second,
            // replaced since by earlier-dated builds once the clock was right. Its archive is rewritten, and said.
            let live = remote[prefix + Format2.indexPath].map(UploadPlan.normalise)
            guard live != other else {
                throw UploadError.localBuild(
                    path: snapshot.folder.appendingPathComponent(snapshot.archive.path).path,
                    reason: "the bucket's live index is a different build of the same builtAt, archived as "
                        + "\(prefix)\(snapshot.archive.path); build again with another --built-at")
            }
            rewrites.append(snapshot.archive.path)
            archived = nil
        }
        archive = archived == nil ? snapshot.archive : nil
        skipped += archived == nil ? 0 : 1
        self.rewrites = rewrites
        let liveIndex = remote[prefix + Format2.indexPath]
        indexCondition = liveIndex.map { .ifMatch($0) } ?? .ifNoneMatch
        index = liveIndex.map(UploadPlan.normalise) == snapshot.indexObject.md5Hex ? nil : snapshot.indexObject
        skipped += index == nil ? 1 : 0
        indexMD5 = snapshot.indexObject.md5Hex
        root = Format2RootSync.step(
            for: snapshot.index, local: snapshot.rootObject?.bytes, bucketETag: remote[prefix + Format2.rootPath])
        self.skipped = skipped + (root == .none && snapshot.rootObject != nil ? 1 : 0)
    }

    /// `PUT 3 (1 tiles and files, build archive, index), skip 1017, 2.1 kB`.
    public var summaryLine: String {
        let rewritten = rewrites.isEmpty ? "" : " of which \(rewrites.count) rewritten over a wrong copy"
        let parts = [
            "\(uploads.count) tiles and files\(rewritten)", archive == nil ? "build already archived" : "build archive",
            index == nil ? "index unchanged" : "index",
        ]
        let rootPart: String
        switch root {
        case .none: rootPart = ""
        case .put: rootPart = ", then root"
        case .delete: rootPart = ", then delete root"
        }
        return "PUT \(puts.count) (\(parts.joined(separator: ", "))\(rootPart)), skip \(skipped), "
            + ByteCount.format(bytes)
    }
}

/// Which format-2 objects a publish may delete once its index is live: the history it keeps, and nothing any kept
/// build still names.
public enum Format2Prune {
    /// What a publish keeps.
    public struct Retention: Sendable, Equatable {
        /// Builds whose objects are all kept: the one just published, the one it replaced (readers hold it for up to
        /// the index's max-age), and every build published within `--keep`.
        public var referencing: Set<String>
        /// Archived builds (`builds/<name>.json`) kept: the referencing ones and the newest `keepLast` whatever
        /// their age. An archive outside `--keep` is history: its objects may be gone, and rollback refuses it.
        public var archives: Set<String>
    }

    /// Decides which builds a publish keeps.
    /// - Parameters:
    ///   - archived: names of the archived builds (`20261202T060000Z`), the new one included.
    ///   - live: the new build's name.
    ///   - replaced: the name of the build the new index replaced, when there was one.
    public static func retention(
        archived: [String], live: String, replaced: String?, now: Date, keepHours: Double, keepLast: Int
    ) -> Retention {
        let cutoff = now.addingTimeInterval(-keepHours * 3600)
        var referencing: Set<String> = [live]
        if let replaced { referencing.insert(replaced) }
        for name in archived {
            // A name that is not a build's is never deleted as one.
            guard let builtAt = Format2.parseBuildName(name) else {
                referencing.insert(name)
                continue
            }
            if builtAt >= cutoff { referencing.insert(name) }
        }
        let archives = referencing.union(archived.sorted().suffix(max(0, keepLast)))
        return Retention(referencing: referencing, archives: archives)
    }

    /// Full keys to delete: immutable objects no referencing build names, and archived builds not kept. Keys this
    /// format does not write (the lock, foreign files) are never touched.
    /// - Parameters:
    ///   - remote: every key under `prefix` as listed before the publish.
    ///   - keptBuilds: the archived builds kept (``Retention/archives``).
    ///   - referenced: every object path (below the prefix) a referencing build names, and each day of history
    ///     one lists or the new build holds (``historyDay(_:)``): a history file of any other day is deleted, and a
    ///     part whose tile no referencing build names.
    public static func deletes(
        remote: some Sequence<String>, prefix: String, keptBuilds: Set<String>, referenced: Set<String>
    ) -> [String] {
        var deletes: [String] = []
        for key in remote where key.hasPrefix(prefix) {
            let path = String(key.dropFirst(prefix.count))
            if let name = buildName(path) {
                if !keptBuilds.contains(name) { deletes.append(key) }
            } else if isImmutableObject(path), !referenced.contains(path) {
                deletes.append(key)
            } else if let tile = LocalFormat2.tileOfPart(path), !referenced.contains(tile) {
                // A part (R15) is named by its tile's hash: it goes when no kept build names its tile.
                deletes.append(key)
            } else if let day = HistoryFile.parsePath(path)?.day, !referenced.contains(historyDay(day)) {
                deletes.append(key)
            }
        }
        return deletes.sorted()
    }

    /// How a referencing set names a day of history (R14) that is kept: `history/2026-12-04/`, every file of it.
    public static func historyDay(_ day: String) -> String { "\(HistoryFile.folder)/\(day)/" }

    /// The days of history an index lists, as ``historyDay(_:)`` names them.
    public static func historyDays(_ index: Format2Index?) -> [String] { (index?.history?.days ?? []).map(historyDay) }

    /// The names of the archived builds among a listing's keys (full keys, under `prefix`), sorted.
    public static func buildNames(in keys: some Sequence<String>, prefix: String) -> [String] {
        keys.compactMap { $0.hasPrefix(prefix) ? buildName(String($0.dropFirst(prefix.count))) : nil }.sorted()
    }

    /// `20261202T060000Z` from `builds/20261202T060000Z.json`, when the path is an archived build.
    public static func buildName(_ path: String) -> String? {
        guard path.hasPrefix("builds/"), path.hasSuffix(".json") else { return nil }
        let name = String(path.dropFirst("builds/".count).dropLast(".json".count))
        return Format2.parseBuildName(name) != nil && !name.contains("/") ? name : nil
    }

    /// Whether a path has the shape of a hash-named object a build names: a tile, brands, trend or sources object,
    /// an id shard, the id list or a leaf (`<name>.<16 hex>.json`).
    static func isImmutableObject(_ path: String) -> Bool {
        let named =
            [.tile, .brands, .trend, .sources].contains(PublishedPath(path, formatTwo: true).kind)
            || path.hasPrefix("\(IdShard.folder)/") || path.hasPrefix("\(Format2.leavesFolder)/")
            || path.hasPrefix("ids.")
        guard named, Format2.isObjectName(path), let parts = Format2.splitObjectName(path) else { return false }
        return Format2.isHash(parts.hash)
    }
}
