import Foundation
import FuelGrid

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

    /// Takes the folder's lock for the life of the returned value; creates the folder if needed.
    /// - Throws: ``BuildError/outputLocked(_:)`` when another build holds it.
    public func lock() throws -> OutputLock {
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw BuildError.output(path: root.path, reason: "cannot create the output folder: \(error)")
        }
        let descriptor = open(root.appendingPathComponent(".lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BuildError.output(
                path: root.path, reason: "cannot open the lock file: \(String(cString: strerror(errno)))")
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
        for name in names where name.hasPrefix(".build-") || name.hasPrefix(".fuel.link-") {
            if name == current { continue }
            try? FileManager.default.removeItem(at: root.appendingPathComponent(name))
        }
    }

    /// The index of the published build, if there is one and it is readable.
    public func publishedIndex() -> TileIndex? {
        guard
            let data = FileManager.default.contents(
                atPath: published.appendingPathComponent(TileFormat.indexPath).path),
            let json = try? Gzip.decompress([UInt8](data))
        else { return nil }
        return try? JSONDecoder().decode(TileIndex.self, from: Data(json))
    }

    /// Writes every file into a fresh build folder, then atomically points `OUT/fuel` at it and removes the old one.
    /// - Parameter beforeSwap: called once every file is on disk, just before the swap (tests use it to stall).
    /// - Throws: ``BuildError/output(path:reason:)``; `OUT/fuel` is then unchanged.
    public func publish(_ files: [PublishedFile], buildName: String, beforeSwap: () -> Void = {}) throws {
        let partial = root.appendingPathComponent(".build-\(buildName).partial")
        let complete = root.appendingPathComponent(".build-\(buildName)")
        do {
            try? FileManager.default.removeItem(at: partial)
            try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: true)
            var folders: Set<String> = []
            for file in files {
                let target = partial.appendingPathComponent(file.path)
                let folder = target.deletingLastPathComponent().path
                if folders.insert(folder).inserted {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                }
                try Data(file.gzipped).write(to: target)
            }
            try FileManager.default.moveItem(at: partial, to: complete)
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw BuildError.output(path: partial.path, reason: "cannot write the build: \(error)")
        }
        beforeSwap()
        try swapLink(to: complete.lastPathComponent)
        removeLeftovers()
    }

    /// Points `OUT/fuel` at a build folder by renaming a fresh link over it.
    private func swapLink(to buildFolderName: String) throws {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: published.path, isDirectory: &isDirectory)
        if exists, (try? FileManager.default.destinationOfSymbolicLink(atPath: published.path)) == nil {
            // A real folder from elsewhere: move it aside once, so that the link can take its place.
            let aside = root.appendingPathComponent(".build-legacy-\(getpid())")
            do {
                try FileManager.default.moveItem(at: published, to: aside)
            } catch {
                throw BuildError.output(path: published.path, reason: "cannot move the old folder aside: \(error)")
            }
        }
        let link = root.appendingPathComponent(".fuel.link-\(getpid())")
        unlink(link.path)
        guard symlink(buildFolderName, link.path) == 0 else {
            throw BuildError.output(path: link.path, reason: String(cString: strerror(errno)))
        }
        guard rename(link.path, published.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(link.path)
            throw BuildError.output(path: published.path, reason: "cannot publish the build: \(reason)")
        }
    }

    private func currentBuildName() -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: published.path)
    }
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
