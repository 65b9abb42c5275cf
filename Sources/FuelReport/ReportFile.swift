import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `report --html` may write: a new path, or a regular file it replaces atomically. A device (`/dev/null`), a
/// FIFO, a socket, a folder or a symbolic link is refused and left as it is: replacing it with a regular file
/// (which an atomic write does) would break what it was, and following a link would write where the name does not
/// say.
public enum ReportFile {
    /// Writes `bytes` to `url` atomically.
    /// - Throws: ``ReportError`` naming the path and what it is, when it is not a regular file or a new path, or
    ///   cannot be written.
    public static func write(_ bytes: Data, to url: URL) throws {
        try check(url)
        do {
            try bytes.write(to: url, options: .atomic)
        } catch {
            throw ReportError("\(url.path): cannot write the report: \(error.localizedDescription)")
        }
    }

    /// Refuses a path that exists and is not a regular file.
    /// - Throws: ``ReportError`` naming what the path is.
    public static func check(_ url: URL) throws {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return }  // a new path (or one lstat cannot see: the write says)
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFLNK: kind = "a symbolic link (pass the path it points to, if that is the file meant)"
        case S_IFIFO: kind = "a FIFO"
        case S_IFCHR, S_IFBLK: kind = "a device"
        case S_IFSOCK: kind = "a socket"
        case S_IFDIR: kind = "a folder"
        default: kind = "not a regular file"
        }
        throw ReportError(
            "\(url.path) is \(kind): the report writes only a regular file or a new path, and left it as it is. "
                + "For the verdict alone, use --json without --html")
    }
}
