import Foundation
import Testing
import _FuelTestSupport

/// Staging files a fetch killed with SIGKILL left behind do not pile up in an hourly job's feeds folder: each fetch
/// removes those over a day old (docs/limits.md, "What OUT keeps"), and never a younger one, which could be a running
/// fetch's.
@Suite(.tags(.executable, .server), .serverLogsOnFailure) struct FetchLeftoversTests {
    @Test func aFetchRemovesStagingFilesOverADayOld() throws {
        let harness = try FetchHarness()
        let es = harness.feeds.appendingPathComponent("ES")
        try FileManager.default.createDirectory(at: es, withIntermediateDirectories: true)
        let old = [
            es.appendingPathComponent(".EstacionesTerrestres.json.part-0ld0ld00"),
            harness.feeds.appendingPathComponent(".manifest.json.part-0ld0ld00"),
        ]
        let young = es.appendingPathComponent(".EstacionesTerrestres.json.part-y0ung000")
        for file in old + [young] { try Data("{".utf8).write(to: file) }
        for file in old {
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-25 * 3600)], ofItemAtPath: file.path)
        }
        let result = try Executable.run(
            "fuel-publish",
            ["fetch", "--countries", "ES", "--feeds", harness.feeds.path, "--adapters", harness.adapters.path])
        #expect(result.status == 0, "\(result.stderr)")
        for file in old { #expect(!FileManager.default.fileExists(atPath: file.path), "\(file.lastPathComponent)") }
        #expect(FileManager.default.fileExists(atPath: young.path), "a staging file under a day old stays")
    }
}
