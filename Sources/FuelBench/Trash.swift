import Foundation

/// Old outputs are set aside, never deleted, while builds are being timed; they are deleted once the timing is done.
///
/// The machine's root is ext4 without a journal. There, a file created within minutes of many deletions makes the
/// kernel scan the recently freed inodes (`recently_deleted` in `ext4_create`): deleting the 857 files of the last
/// build right before the next one cost that build 0.3 to 0.6 s of system time. The daily job builds on a fresh
/// runner, so a timed build must not pay it either. A rename frees no inode.
struct Trash {
    let folder: URL

    init(work: URL) {
        folder = work.appendingPathComponent(".trash", isDirectory: true)
    }

    /// Moves `url`, when it exists, out of the way into the trash.
    func setAside(_ url: URL) throws {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: url, to: folder.appendingPathComponent(url.lastPathComponent + "-" + UUID().uuidString))
    }

    /// Deletes everything set aside; call it only when nothing is being timed.
    func empty() {
        try? FileManager.default.removeItem(at: folder)
    }
}
