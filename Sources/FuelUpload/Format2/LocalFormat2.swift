import Foundation
import FuelCodecs
import FuelFormat
import FuelPublishing

/// The format-2 set of the published build, `OUT/fuel/v2/`, read once into memory and checked: every object its
/// index names is there under the hash of its JSON, nothing else is, and the archived copy is the index.
public struct LocalFormat2: Sendable {
    /// The index, parsed.
    public let index: Format2Index
    /// `index.json`, exactly as it will be uploaded.
    public let indexObject: LocalObject
    /// `builds/<name>.json`: the same bytes as the index.
    public let archive: LocalObject
    /// The immutable objects (tiles, brands, trends, sources, id shards and list, leaves, parts, and the history
    /// files of R14 by their plain names), sorted by path.
    public let objects: [LocalObject]
    /// `root.json` (R15), the index's projection, written after the index; nil for a build without one.
    public let rootObject: LocalObject?
    /// The folder that was read (symbolic links resolved).
    public let folder: URL

    /// The days of history the set holds, listed or not (a build keeps one day more than its index lists).
    public var historyDays: [String] {
        Set(objects.compactMap { HistoryFile.parsePath($0.path)?.day }).sorted()
    }

    /// Reads `OUT/fuel/v2/` (following the link to the current build).
    /// - Throws: ``UploadError/localBuild(path:reason:)`` naming the file at fault.
    public static func load(from output: URL) throws -> LocalFormat2 {
        let link = output.appendingPathComponent("fuel")
        let folder = link.resolvingSymlinksInPath().appendingPathComponent(Format2.folder)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw UploadError.localBuild(
                path: link.appendingPathComponent(Format2.folder).path,
                reason: "no format-2 build here; run `fuel-publish build --layout v2` (or both) first")
        }
        let indexObject = try read(folder, Format2.indexPath, kind: .index)
        let index: Format2Index
        do {
            index = try JSONDecoder().decode(Format2Index.self, from: Data(Gzip.decompress(indexObject.bytes)))
        } catch {
            throw UploadError.localBuild(
                path: folder.appendingPathComponent(Format2.indexPath).path,
                reason: "unreadable index: \(ErrorText.describe(error))")
        }
        var objects: [LocalObject] = []
        for path in index.objectPaths {
            let kind: ObjectKind = PublishedPath(path, formatTwo: true).kind == .tile ? .tile : .metadata
            let object = try read(folder, path, kind: kind)
            let hash = Format2Hash.of(stored: object.bytes)
            guard path.hasSuffix(".\(hash).json") else {
                throw UploadError.localBuild(
                    path: folder.appendingPathComponent(path).path,
                    reason: "its JSON hashes to \(hash), not the hash in its name; the build folder was altered")
            }
            objects.append(object)
        }
        // History files have plain names (written once, never replaced): no hash to check.
        for path in try files(in: folder) where HistoryFile.parsePath(path) != nil {
            objects.append(try read(folder, path, kind: .metadata))
        }
        objects.sort { $0.path < $1.path }
        let archivePath = Format2.buildPath(index.builtAt)
        let archive = try read(folder, archivePath, kind: .metadata)
        guard archive.bytes == indexObject.bytes else {
            throw UploadError.localBuild(
                path: folder.appendingPathComponent(archivePath).path, reason: "differs from index.json")
        }
        let present = try files(in: folder)
        // A split tile's parts follow their tile (`parts/<key>.<tilehash>.<q>.json`); they go up with the tiles.
        let tilePaths = Set(index.tiles.map { Format2.tilePath($0.key, hash: $0.value) })
        for path in present where tilePaths.contains(tileOfPart(path) ?? "") {
            objects.append(try read(folder, path, kind: .tile))
        }
        objects.sort { $0.path < $1.path }
        var expected = Set(objects.map(\.path) + [Format2.indexPath, archivePath])
        // root.json is the index's projection, byte for byte, or the build has none.
        var rootObject: LocalObject?
        if present.contains(Format2.rootPath) {
            let root = try read(folder, Format2.rootPath, kind: .index)
            guard let projected = Format2Root(projecting: index),
                (try? Gzip.decompress(root.bytes)) == TileEncoder.encode(projected)
            else {
                throw UploadError.localBuild(
                    path: folder.appendingPathComponent(Format2.rootPath).path,
                    reason: "not the projection of index.json; the build folder was altered")
            }
            expected.insert(Format2.rootPath)
            rootObject = root
        }
        if let extra = present.first(where: { !expected.contains($0) }) {
            throw UploadError.localBuild(
                path: folder.appendingPathComponent(extra).path,
                reason: "this file is not named by index.json; the build folder was altered")
        }
        return LocalFormat2(
            index: index, indexObject: indexObject, archive: archive, objects: objects, rootObject: rootObject,
            folder: folder)
    }

    /// `tiles/<key>.<tilehash>.json` for a part `parts/<key>.<tilehash>.<q>.json`; nil for any other path.
    static func tileOfPart(_ path: String) -> String? {
        let prefix = "\(Format2.partsFolder)/"
        guard path.hasPrefix(prefix), path.hasSuffix(".json") else { return nil }
        let fields = path.dropFirst(prefix.count).dropLast(".json".count).split(separator: ".")
        guard fields.count == 3, let key = TileKey(fields[0]), CellQuarter(fields[2]) != nil else { return nil }
        return Format2.tilePath(key.description, hash: String(fields[1]))
    }

    /// Every non-hidden file below the folder, as relative paths.
    private static func files(in folder: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else {
            throw UploadError.localBuild(path: folder.path, reason: "cannot list the folder")
        }
        var paths: [String] = []
        while let path = walker.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            if name.hasPrefix(".") { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory), !isDirectory.boolValue
            {
                paths.append(path)
            }
        }
        return paths.sorted()
    }

    /// A file the index names, read and checked as format 1's files are.
    private static func read(_ folder: URL, _ path: String, kind: ObjectKind) throws -> LocalObject {
        try LocalBuild.read(
            folder: folder, path: path, kind: kind,
            missing: "missing; index.json names it (\(Format2.folder)/ is incomplete)")
    }
}
