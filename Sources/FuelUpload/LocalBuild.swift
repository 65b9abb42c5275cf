import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP

/// What a published file is, which decides its upload phase and its `Cache-Control`.
public enum ObjectKind: String, Sendable, Hashable, Comparable {
    /// `tiles/<key>.json`: uploaded first.
    case tile
    /// `history/<day>/<key>.json` (R14): immutable, uploaded after the tiles with a year's cache lifetime.
    case history
    /// `brands/<CC>.json`, `trends/<CC>.json`, `sources.json` and any other top-level file: uploaded once every tile
    /// is in.
    case metadata
    /// `index.json`: uploaded last, conditionally.
    case index

    public static func < (left: ObjectKind, right: ObjectKind) -> Bool { left.order < right.order }
    private var order: Int {
        switch self {
        case .tile: 0
        case .history: 1
        case .metadata: 2
        case .index: 3
        }
    }
}

/// One file of the build, held in memory exactly as it will be uploaded.
public struct LocalObject: Sendable, Hashable {
    /// The path below the prefix: `tiles/77_-19.json`.
    public let path: String
    public let kind: ObjectKind
    /// The gzipped bytes.
    public let bytes: [UInt8]
    /// MD5 of the bytes: compared with S3 ETags and sent as `Content-MD5`.
    public let md5: [UInt8]

    public init(path: String, kind: ObjectKind, bytes: [UInt8]) {
        self.path = path
        self.kind = kind
        self.bytes = bytes
        md5 = Digest.md5(bytes)
    }

    /// Lower-case hex MD5, as an unquoted single-part ETag.
    public var md5Hex: String { Digest.hex(md5) }
}

/// The published build `OUT/fuel/`, read once into memory so a build swapped in during the upload cannot mix in.
///
/// The tiles folder and the index must agree exactly: a tile the index lists must exist (the bucket must never
/// advertise a missing tile), and a tile the index does not list is a broken build rather than something to upload.
public struct LocalBuild: Sendable {
    /// Every file, sorted by path.
    public let objects: [LocalObject]
    /// The folder that was read (symbolic links resolved).
    public let folder: URL

    public init(objects: [LocalObject], folder: URL) {
        self.objects = objects.sorted { $0.path < $1.path }
        self.folder = folder
    }

    /// The index object.
    public var index: LocalObject? { objects.first { $0.kind == .index } }

    /// Paths of the tiles, below the prefix.
    public var tilePaths: Set<String> { Set(objects.filter { $0.kind == .tile }.map(\.path)) }

    /// Paths of the history files, below the prefix.
    public var historyPaths: Set<String> { Set(objects.filter { $0.kind == .history }.map(\.path)) }

    /// Reads `OUT/fuel/` (following the link to the current build).
    /// - Throws: ``UploadError/localBuild(path:reason:)`` naming the file at fault.
    public static func load(from output: URL) throws -> LocalBuild {
        let link = output.appendingPathComponent("fuel")
        let folder = link.resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw UploadError.localBuild(path: link.path, reason: "no build here; run `fuel-publish build` first")
        }
        var objects: [LocalObject] = []
        // Format 2's set, when the build has one, is uploaded on its own (see ``LocalFormat2``).
        for entry in try listing(folder) where entry != Format2.folder {
            let url = folder.appendingPathComponent(entry)
            if entry == HistoryFile.folder {
                objects += try history(folder: folder)
            } else if entry == "tiles" || entry == "brands" || entry == "trends" || entry == IdShard.folder {
                guard try isFolder(url) else {
                    throw UploadError.localBuild(path: url.path, reason: "expected a folder")
                }
                for name in try listing(url) {
                    let kind: ObjectKind = entry == "tiles" ? .tile : .metadata
                    objects.append(try read(folder: folder, path: "\(entry)/\(name)", kind: kind))
                }
            } else {
                let kind: ObjectKind = entry == TileFormat.indexPath ? .index : .metadata
                objects.append(try read(folder: folder, path: entry, kind: kind))
            }
        }
        let build = LocalBuild(objects: objects, folder: folder)
        try build.checkIndexMatchesTiles()
        return build
    }

    /// The history files (R14), `history/<day>/<key>.json`: one folder per day, each holding only such files.
    private static func history(folder: URL) throws -> [LocalObject] {
        var objects: [LocalObject] = []
        for day in try listing(folder.appendingPathComponent(HistoryFile.folder)) {
            let url = folder.appendingPathComponent(HistoryFile.folder).appendingPathComponent(day)
            guard TrendFile.isDay(day), try isFolder(url) else {
                throw UploadError.localBuild(path: url.path, reason: "expected a folder named by a day, YYYY-MM-DD")
            }
            for name in try listing(url) {
                let path = "\(HistoryFile.folder)/\(day)/\(name)"
                guard HistoryFile.parsePath(path) != nil else {
                    throw UploadError.localBuild(
                        path: url.appendingPathComponent(name).path, reason: "not a history file, <cell key>.json")
                }
                objects.append(try read(folder: folder, path: path, kind: .history))
            }
        }
        return objects
    }

    /// Non-hidden names in a folder, sorted.
    private static func listing(_ folder: URL) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            throw UploadError.localBuild(path: folder.path, reason: "cannot list: \(error.localizedDescription)")
        }
    }

    private static func isFolder(_ url: URL) throws -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Reads one published file: a `.json` file of gzip bytes, exactly as it will be uploaded.
    /// - Parameter missing: what to say when it cannot be read.
    /// - Throws: ``UploadError/localBuild(path:reason:)`` naming the file.
    static func read(
        folder: URL, path: String, kind: ObjectKind, missing: String = "cannot read the file"
    ) throws -> LocalObject {
        let url = folder.appendingPathComponent(path)
        guard path.hasSuffix(".json"), !(try isFolder(url)) else {
            throw UploadError.localBuild(path: url.path, reason: "unexpected entry; the build only writes .json files")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw UploadError.localBuild(path: url.path, reason: missing)
        }
        let bytes = [UInt8](data)
        guard bytes.count >= 18, bytes[0] == 0x1F, bytes[1] == 0x8B else {
            throw UploadError.localBuild(
                path: url.path, reason: "not gzip data; it would be served with Content-Encoding: gzip")
        }
        return LocalObject(path: path, kind: kind, bytes: bytes)
    }

    /// The tiles the index lists must be exactly the tiles on disk.
    private func checkIndexMatchesTiles() throws {
        let indexURL = folder.appendingPathComponent(TileFormat.indexPath)
        guard let index else {
            let onlyV2 = FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(Format2.folder).path)
            throw UploadError.localBuild(
                path: indexURL.path,
                reason: onlyV2
                    ? "missing: this build holds format 2 alone (built with --layout v2); upload it with --layout v2"
                    : "missing")
        }
        let listed: [String]
        do {
            let json = try Gzip.decompress(index.bytes)
            listed = try JSONDecoder().decode(TileIndex.self, from: Data(json)).tiles
        } catch {
            throw UploadError.localBuild(path: indexURL.path, reason: "unreadable index: \(ErrorText.describe(error))")
        }
        let listedPaths = Set(listed.map { "tiles/\($0).json" })
        let onDisk = tilePaths
        if let missing = listedPaths.subtracting(onDisk).sorted().first {
            throw UploadError.localBuild(
                path: folder.appendingPathComponent(missing).path,
                reason: "index.json lists this tile but the file is missing (\(listedPaths.subtracting(onDisk).count) "
                    + "missing in all)")
        }
        if let extra = onDisk.subtracting(listedPaths).sorted().first {
            throw UploadError.localBuild(
                path: folder.appendingPathComponent(extra).path,
                reason: "this tile is not listed in index.json (\(onDisk.subtracting(listedPaths).count) unlisted "
                    + "in all)")
        }
    }
}
