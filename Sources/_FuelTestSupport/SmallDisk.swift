import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A small tmpfs mounted for one test, so a write can meet a full disk (`ENOSPC` for bytes) or a disk out of inodes
/// (`ENOSPC` too) at a chosen point. Needs root (`mount`), as the tests and CI run; ``unmount()`` in the test's
/// teardown (a `defer`).
public final class SmallDisk: Sendable {
    /// The mount point.
    public let root: URL
    /// Where ``fill(leavingBytes:)`` and ``fill(leavingInodes:)`` put their filler.
    private var filler: URL { root.appendingPathComponent("filler") }

    /// Mounts a tmpfs of `bytes` and `inodes` at a new temporary folder.
    /// - Throws: ``SmallDiskError`` when the mount fails (not root, no tmpfs): the test fails saying so, never skips.
    public init(bytes: Int, inodes: Int) throws {
        root = RepositoryPaths.temporaryDirectory("small-disk")
        let result = try CapturedRun.run(
            "mount", ["-t", "tmpfs", "-o", "size=\(bytes),nr_inodes=\(inodes),mode=0755", "tmpfs", root.path],
            stderrIntoStdout: true, timeout: 30)
        guard result.status == 0 else {
            try? FileManager.default.removeItem(at: root)
            throw SmallDiskError(
                description: "cannot mount a \(bytes)-byte tmpfs at \(root.path) (exit \(result.status)): "
                    + "\(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)). These tests need root to "
                    + "mount one, as the tests run here and in CI; they are not skipped without it")
        }
    }

    /// Unmounts the disk and removes its mount point.
    public func unmount() {
        _ = try? CapturedRun.run("umount", ["-l", root.path], stderrIntoStdout: true, timeout: 30)
        try? FileManager.default.removeItem(at: root)
    }

    /// Free bytes and free inodes, as `statvfs` counts them.
    public func free() -> (bytes: Int, inodes: Int) {
        var stats = statvfs()
        guard statvfs(root.path, &stats) == 0 else { return (0, 0) }
        return (Int(stats.f_bavail) * Int(stats.f_frsize), Int(stats.f_favail))
    }

    /// Takes bytes (one file, allocated) until `leavingBytes` are free, rounded down to whole pages.
    /// - Throws: ``SmallDiskError`` when the filler cannot be allocated.
    public func fill(leavingBytes: Int) throws {
        let take = free().bytes - leavingBytes
        guard take > 0 else { return }
        let path = filler.path + "-bytes-\(UUID().uuidString.prefix(8))"
        let descriptor = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SmallDiskError(description: "cannot create \(path): errno \(errno)") }
        defer { close(descriptor) }
        let result = posix_fallocate(descriptor, 0, off_t(take))
        guard result == 0 else {
            throw SmallDiskError(description: "cannot allocate \(take) bytes in \(path): errno \(result)")
        }
    }

    /// Takes inodes (empty files in one folder) until `leavingInodes` are free.
    /// - Throws: ``SmallDiskError`` when a file cannot be created.
    public func fill(leavingInodes: Int) throws {
        let folder = filler.path + "-inodes-\(UUID().uuidString.prefix(8))"
        guard mkdir(folder, 0o755) == 0 else {
            throw SmallDiskError(description: "cannot create \(folder): errno \(errno)")
        }
        var index = 0
        while free().inodes > leavingInodes {
            let descriptor = open("\(folder)/\(index)", O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw SmallDiskError(description: "cannot create filler \(index) in \(folder): errno \(errno)")
            }
            close(descriptor)
            index += 1
        }
    }

    /// Removes every filler: the disk has its room back.
    public func emptyFillers() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        for name in names where name.hasPrefix("filler-") {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(name))
        }
    }
}

/// The small disk could not be set up.
public struct SmallDiskError: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) { self.description = description }
}
