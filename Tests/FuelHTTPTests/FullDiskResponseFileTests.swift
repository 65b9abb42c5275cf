import Foundation
import FuelHTTP
import Testing
import _FuelTestSupport

/// A response streamed to a file on a full disk fails naming the file and `ENOSPC`, and leaves no partial file:
/// a large body fails as curl hands it over, a small one only when its buffered bytes reach the disk at `fclose`,
/// after curl has said the transfer is complete. The file lives on a small tmpfs (``SmallDisk``).
@Suite(.tags(.server), .serverLogsOnFailure, .serialized) struct FullDiskResponseFileTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var bytes: Int
        var testDescription: String { label }
    }

    static let cases = [
        Case(label: "a small body, held in the stdio buffer until fclose", bytes: 80),
        Case(label: "a 200 kB body, written as it arrives", bytes: 200_000),
    ]

    @Test(arguments: cases)
    func aBodyThatCannotReachTheDiskIsAFileError(_ testCase: Case) async throws {
        let body = [UInt8](repeating: 0x41, count: testCase.bytes)
        let harness = try FeedServerHarness(files: ["body.bin": body])
        let disk = try SmallDisk(bytes: 1 << 20, inodes: 100)
        defer { disk.unmount() }
        try disk.fill(leavingBytes: 0)
        let target = disk.root.appendingPathComponent("download.tmp")
        do {
            let response = try await harness.client.send(
                HTTPRequest(url: harness.url("/files/body.bin"), responseFile: target))
            Issue.record("the download succeeded with status \(response.status) on a full disk")
        } catch let error as HTTPError {
            guard case .file(let path, _) = error else {
                Issue.record("expected a file error, got \(error)")
                return
            }
            #expect(path == target.path)
            #expect("\(error)".contains("No space left on device (ENOSPC)"), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: target.path), "no partial body is left")
    }
}
