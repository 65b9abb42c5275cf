import Foundation
import FuelReport
import Testing
import _FuelTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `report --html PATH` writes only a new path or a regular file; anything else at PATH is refused and left as it
/// is (run as root with `/dev/null`, an atomic write would replace the device with a regular file).
@Suite struct ReportFileTests {
    enum Refused: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case fifo = "a FIFO"
        case symlink = "a symbolic link"
        case folder = "a folder"

        var testDescription: String { rawValue }

        /// Makes the thing at `path`; a link points to a regular file beside it.
        func make(at path: URL) throws {
            switch self {
            case .fifo: #expect(mkfifo(path.path, 0o600) == 0)
            case .symlink:
                let target = path.deletingLastPathComponent().appendingPathComponent("target.html")
                try Data("target".utf8).write(to: target)
                try FileManager.default.createSymbolicLink(at: path, withDestinationURL: target)
            case .folder: try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
            }
        }

        var mode: mode_t {
            switch self {
            case .fifo: S_IFIFO
            case .symlink: S_IFLNK
            case .folder: S_IFDIR
            }
        }
    }

    static func mode(_ url: URL) -> mode_t {
        var info = stat()
        return lstat(url.path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test(arguments: Refused.allCases)
    func anythingButARegularFileIsRefusedAndLeft(_ kind: Refused) throws {
        let root = RepositoryPaths.temporaryDirectory("report-file")
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("report.html")
        try kind.make(at: path)

        let error = try #require(throws: ReportError.self) { try ReportFile.write(Data("<html>".utf8), to: path) }

        #expect("\(error)".contains("\(path.path) is \(kind.rawValue)"), "\(error)")
        #expect("\(error)".contains("writes only a regular file or a new path"))
        #expect(Self.mode(path) == kind.mode, "\(kind.rawValue) was replaced")
        if kind == .symlink {
            let target = root.appendingPathComponent("target.html")
            #expect(try String(contentsOf: target, encoding: .utf8) == "target", "the link's target was written")
        }
    }

    @Test func aDeviceIsRefused() {
        // Checked only: a broken guard must not get the chance to replace /dev/null.
        #expect(throws: ReportError.self) { try ReportFile.check(URL(fileURLWithPath: "/dev/null")) }
    }

    @Test func aNewPathIsWrittenAndARegularFileReplaced() throws {
        let root = RepositoryPaths.temporaryDirectory("report-file")
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("report.html")
        try ReportFile.write(Data("first".utf8), to: path)
        #expect(try String(contentsOf: path, encoding: .utf8) == "first")
        try ReportFile.write(Data("second".utf8), to: path)
        #expect(try String(contentsOf: path, encoding: .utf8) == "second")
        #expect(Self.mode(path) == S_IFREG)
    }
}
