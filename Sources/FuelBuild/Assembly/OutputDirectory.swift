import Foundation
import FuelCodecs
import FuelFormat
import FuelPublishing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The output folder and its complete-or-nothing swap.
///
/// `OUT/fuel` is a symbolic link to the current complete build, `OUT/.build-<id>/`. A new build is written into
/// `OUT/.build-<id>.partial/`, renamed to `OUT/.build-<id>/` when every file is on disk, and published by renaming a
/// new link over `OUT/fuel`, which is atomic. A build killed at any moment therefore leaves `OUT/fuel` pointing at the
/// previous complete build; the next run removes the leftovers. A lock file keeps two builds out of one folder.
public struct OutputDirectory: Sendable {
    public let root: URL

    public init(root: URL) { self.root = root }

    /// `OUT/fuel`: what uploads read.
    public var published: URL { root.appendingPathComponent("fuel") }

    /// True when `OUT/fuel` exists in any form (even a dangling link): the folder has had a build.
    public var hasPublished: Bool { (try? FileManager.default.attributesOfItem(atPath: published.path)) != nil }

    /// Takes the folder's lock for the life of the returned value; creates the folder if needed.
    /// - Throws: ``BuildError/outputLocked(_:)`` when another build holds it.
    public func lock() throws -> OutputLock {
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw BuildError.output(
                path: root.path, reason: "cannot create the output folder: \(ErrorText.describe(error))")
        }
        let descriptor = open(root.appendingPathComponent(".lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BuildError.output(
                path: root.path, reason: "cannot open the lock file: \(ErrorText.system(errno))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw BuildError.outputLocked(root.path)
        }
        return OutputLock(descriptor: descriptor)
    }

    /// Removes partial builds and builds no longer linked from `OUT/fuel` (call with the lock held).
    public func removeLeftovers() {
        let current = currentBuildName()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        for name in names where Self.leftoverPrefixes.contains(where: name.hasPrefix) {
            if name == current { continue }
            try? FileManager.default.removeItem(at: root.appendingPathComponent(name))
        }
    }

    /// What a build writes beside `OUT/fuel` only for a moment: build folders (`.build-<id>.partial`, and every
    /// `.build-<id>` but the linked one), the new link before its rename, and files being written atomically. A
    /// killed build leaves them; the next build, holding the lock, removes them.
    static let leftoverPrefixes = [".build-", ".fuel.link-", temporaryPrefix]

    /// The name a file beside `OUT/fuel` has while ``writeAtomically(_:to:)`` writes it.
    static let temporaryPrefix = ".fuel.tmp-"

    /// Writes `data` as `OUT/<name>` (`name` may name a file in a folder of OUT's): into a temporary file beside it,
    /// renamed over it when whole, removed when not.
    /// - Throws: ``BuildError/output(path:reason:)`` naming the file and the cause; the old file is then unchanged.
    func writeAtomically(_ data: Data, to name: String) throws {
        let target = root.appendingPathComponent(name)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(
            "\(Self.temporaryPrefix)\(target.lastPathComponent)-\(getpid())")
        do {
            try data.write(to: temporary)
        } catch {
            unlink(temporary.path)
            throw BuildError.output(path: target.path, reason: "cannot write: \(ErrorText.describe(error))")
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = ErrorText.system(errno)
            unlink(temporary.path)
            throw BuildError.output(path: target.path, reason: "cannot replace: \(reason)")
        }
    }

    /// The index of the published build, if there is one and it is readable.
    public func publishedIndex() -> TileIndex? { (try? readPublishedIndex()) ?? nil }

    /// The index of the published build, as format 1 writes it; nil when nothing is published yet (no `OUT/fuel`).
    /// A build of format 2 alone is read through its format-2 index, its tiles named by ``PublishedIndex/tilePaths``.
    /// - Throws: ``BuildError/unreadablePreviousIndex(path:reason:)`` when `OUT/fuel` exists but its index is
    ///   missing or unreadable, so the shrink guard has no baseline.
    public func readPublishedIndex() throws -> TileIndex? { try readPublished()?.index }

    /// The published build's index and where its tiles are, below `OUT/fuel/`; nil when nothing is published yet.
    /// - Throws: ``BuildError/unreadablePreviousIndex(path:reason:)``.
    public func readPublished() throws -> PublishedIndex? {
        guard (try? FileManager.default.attributesOfItem(atPath: published.path)) != nil else { return nil }
        let v1 = published.appendingPathComponent(TileFormat.indexPath)
        let v2 = published.appendingPathComponent(Format2.folder).appendingPathComponent(
            Format2.indexPath)
        let hasV1 = FileManager.default.fileExists(atPath: v1.path)
        guard hasV1 || !FileManager.default.fileExists(atPath: v2.path) else {
            let snapshot = try Self.decode(Format2Index.self, at: v2)
            let keys = snapshot.tiles.keys.compactMap { TileKey($0) }.sorted().map(\.description)
            return PublishedIndex(
                index: TileIndex(
                    gridDegrees: snapshot.gridDegrees, builtAt: snapshot.builtAt, tiles: keys,
                    countries: snapshot.countries),
                tilePaths: Dictionary(
                    uniqueKeysWithValues: keys.map { ($0, "\(Format2.folder)/" + (snapshot.tilePath($0) ?? "")) }
                ),
                // Format2Index checked each name: a plain relative path.
                trendPaths: (snapshot.trends ?? [:]).mapValues { "\(Format2.folder)/\($0.path)" })
        }
        let index = try Self.decode(TileIndex.self, at: v1)
        // Format 1 names a trend by its country only: a listing of another path is not followed.
        let trends = (index.trends ?? [:]).filter { $0.value.path == TileFormat.trendPath($0.key) }
        return PublishedIndex(
            index: index, tilePaths: Dictionary(uniqueKeysWithValues: index.tiles.map { ($0, "tiles/\($0).json") }),
            trendPaths: trends.mapValues(\.path))
    }

    private static func decode<Index: Decodable>(_ type: Index.Type, at file: URL) throws -> Index {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw BuildError.unreadablePreviousIndex(path: file.path, reason: "it is missing")
        }
        do {
            return try JSONDecoder().decode(type, from: Data(try Gzip.decompress([UInt8](data))))
        } catch {
            throw BuildError.unreadablePreviousIndex(path: file.path, reason: ErrorText.describe(error))
        }
    }

    /// `OUT/report.json`: the last published build's report, beside `OUT/fuel` (never uploaded), for `report`.
    public var savedReport: URL { root.appendingPathComponent("report.json") }

    /// Saves a published build's report as ``savedReport``, atomically.
    /// - Throws: when it cannot be written.
    public func saveReport(_ report: BuildReport) throws {
        try writeAtomically(Data(report.json().utf8), to: savedReport.lastPathComponent)
    }

    /// The saved report of the published build, when there is one and it is that build's (same `builtAt`).
    public func readSavedReport(builtAt: Date) -> BuildReport? {
        guard let data = FileManager.default.contents(atPath: savedReport.path),
            let report = try? JSONDecoder().decode(BuildReport.self, from: data),
            report.builtAt == UTCTime.format(builtAt)
        else { return nil }
        return report
    }

    /// Refuses an `OUT/fuel` that is a real folder (or file) instead of the link to a build, so that nothing the
    /// build did not write is ever moved or deleted.
    /// - Throws: ``BuildError/output(path:reason:)`` naming it.
    public func checkPublishedIsALink() throws {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: published.path) else { return }
        guard attributes[.type] as? FileAttributeType == .typeSymbolicLink else {
            throw BuildError.output(
                path: published.path,
                reason: "is a real folder or file, not the link to a build this tool writes; it is left untouched. "
                    + "Move it elsewhere (or choose another --out), then build again")
        }
    }

    /// Creates the partial folder a build writes into; nothing is visible under `OUT/fuel` until ``commit(_:beforeSwap:)``.
    /// - Throws: ``BuildError/output(path:reason:)``.
    public func stage(buildName: String, layout: PublishLayout = .standard) throws -> StagedBuild {
        let staged = StagedBuild(
            partial: root.appendingPathComponent(".build-\(buildName).partial"),
            complete: root.appendingPathComponent(".build-\(buildName)"))
        let v2 = Format2.folder
        let folders =
            (layout.includesV1 ? ["tiles", "brands", "trends", IdShard.folder] : [])
            + (layout.includesV2
                ? [
                    "\(v2)/tiles", "\(v2)/brands", "\(v2)/trends", "\(v2)/\(IdShard.folder)", "\(v2)/builds",
                    "\(v2)/\(Format2.leavesFolder)", "\(v2)/\(Format2.partsFolder)",
                ] : [])
        do {
            try? FileManager.default.removeItem(at: staged.partial)
            try FileManager.default.createDirectory(at: staged.partial, withIntermediateDirectories: true)
            for folder in folders {
                try FileManager.default.createDirectory(
                    at: staged.partial.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
        } catch {
            staged.discard()
            throw BuildError.output(
                path: staged.partial.path, reason: "cannot create the build folder: \(ErrorText.describe(error))")
        }
        return staged
    }

    /// Marks a staged build complete and swaps it in, then removes the previous build.
    /// - Throws: ``BuildError/output(path:reason:)``; `OUT/fuel` is then unchanged.
    public func commit(_ staged: StagedBuild, beforeSwap: () -> Void = {}) throws {
        staged.flushToDisk()
        guard rename(staged.partial.path, staged.complete.path) == 0 else {
            let reason = ErrorText.system(errno)
            staged.discard()
            throw BuildError.output(path: staged.partial.path, reason: "cannot complete the build: \(reason)")
        }
        beforeSwap()
        do {
            try swapLink(to: staged.complete.lastPathComponent)
        } catch {
            // No inode left for the new link, say: the build never became `OUT/fuel`, so it goes, as a partial does.
            try? FileManager.default.removeItem(at: staged.complete)
            throw error
        }
        removeLeftovers()
    }

    /// Points `OUT/fuel` at a build folder by renaming a fresh link over it.
    private func swapLink(to buildFolderName: String) throws {
        try checkPublishedIsALink()
        let link = root.appendingPathComponent(".fuel.link-\(getpid())")
        unlink(link.path)
        guard symlink(buildFolderName, link.path) == 0 else {
            throw BuildError.output(path: link.path, reason: ErrorText.system(errno))
        }
        guard rename(link.path, published.path) == 0 else {
            let reason = ErrorText.system(errno)
            unlink(link.path)
            throw BuildError.output(path: published.path, reason: "cannot publish the build: \(reason)")
        }
    }

    /// The name of the build folder `OUT/fuel` links to.
    func currentBuildName() -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: published.path)
    }
}

/// A build being written: files go into its partial folder, from any thread.
public struct StagedBuild: Sendable {
    let partial: URL
    let complete: URL

    /// The folder's name once complete: `.build-<name>`.
    var name: String { complete.lastPathComponent }

    /// Hard-links an earlier build's file into this build (the same bytes, no write); copies it where a link is
    /// impossible (another file system).
    /// - Throws: ``BuildError/output(path:reason:)``.
    public func link(_ existing: URL, as file: PublishedFile) throws {
        let path = partial.appendingPathComponent(file.path).path
        if Foundation.link(existing.path, path) == 0 { return }
        try write(file)
    }

    /// Writes one file with plain open/write/close (``OutputDirectory/stage(buildName:layout:)`` made its folder).
    /// - Throws: ``BuildError/output(path:reason:)``.
    public func write(_ file: PublishedFile) throws {
        let path = partial.appendingPathComponent(file.path).path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BuildError.output(path: path, reason: "cannot create: \(ErrorText.system(errno))")
        }
        defer { close(descriptor) }
        try file.gzipped.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    throw BuildError.output(path: path, reason: "cannot write: \(ErrorText.system(errno))")
                }
                offset += written
            }
        }
    }

    /// Flushes the build's files to the disk before the link swap, so a power cut cannot leave `OUT/fuel` pointing at
    /// files that never reached it. One `sync()` after all writes costs far less than an `fsync` per file.
    func flushToDisk() { sync() }

    /// Removes the partial folder of a build that failed.
    public func discard() { try? FileManager.default.removeItem(at: partial) }
}

/// Holds the output folder's lock until released or deinitialised.
public final class OutputLock: Sendable {
    private let descriptor: Int32

    init(descriptor: Int32) { self.descriptor = descriptor }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
