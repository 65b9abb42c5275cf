import Foundation
import FuelFeeds
import Testing
import _FuelTestSupport

/// `fetch` into a feeds folder on a full disk, or one out of inodes: it exits 1 naming the file and `ENOSPC`, the
/// previous feed files are byte for byte what they were, the manifest still lists them as they were, and no staging
/// file is left; with room again the next fetch succeeds. The feeds folder lives on a small tmpfs (``SmallDisk``).
@Suite(.tags(.executable, .server), .serverLogsOnFailure, .serialized) struct FullDiskFetchTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var bytes: Int?
        var inodes: Int?
        /// Whether the manifest itself cannot be rewritten (it is then byte for byte the old one).
        var manifestUnwritable: Bool
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "no byte free", bytes: 0, manifestUnwritable: true),
        Case(label: "room for the manifest, not the feed", bytes: 64 << 10, manifestUnwritable: false),
        Case(label: "no inode free", inodes: 0, manifestUnwritable: true),
    ]

    /// The new ES document: the sample with 400 kB of spaces after its opening brace (still the same JSON), larger than
    /// any room a case leaves.
    static let largerDocument =
        [UInt8](FetchHarness.spanishDocument.prefix(1)) + [UInt8](repeating: 0x20, count: 400 << 10)
        + FetchHarness.spanishDocument.dropFirst()
    static let file = "ES/EstacionesTerrestres.json"

    @Test(arguments: cases)
    func aFetchThatCannotFitExitsOneAndKeepsThePreviousFeeds(_ testCase: Case) throws {
        let harness = try FetchHarness()
        let disk = try SmallDisk(bytes: 8 << 20, inodes: 2_000)
        defer { disk.unmount() }
        let feeds = disk.root.appendingPathComponent("feeds")
        let first = try Self.fetch(harness, into: feeds)
        try #require(first.status == 0, "\(first.stderr)")
        let before = TreeSnapshot.take(feeds)
        let names = Self.listing(feeds)
        let manifest = try #require(try FeedManifest.load(feedsDirectory: feeds))

        try FetchHarness.write(Self.largerDocument, to: harness.serverRoot.appendingPathComponent("ES/doc.json"))
        if let bytes = testCase.bytes { try disk.fill(leavingBytes: bytes) }
        if let inodes = testCase.inodes { try disk.fill(leavingInodes: inodes) }
        let result = try Self.fetch(harness, into: feeds)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("No space left on device (ENOSPC)"), "\(result.stderr)")
        #expect(result.stderr.contains(feeds.path + "/"), "the error names the file: \(result.stderr)")
        #expect(Self.listing(feeds) == names, "no staging file or temporary manifest is left")
        let after = TreeSnapshot.take(feeds)
        #expect(after[Self.file] == before[Self.file], "the previous feed is byte for byte the same")
        #expect(before[Self.file] == Data(FetchHarness.spanishDocument))
        let kept = try #require(try FeedManifest.load(feedsDirectory: feeds))
        #expect(kept.files == manifest.files, "the manifest lists the previous files as they were")
        if testCase.manifestUnwritable {
            #expect(after == before, "nothing in the feeds folder changed, the manifest included")
        } else {
            #expect(kept.countries["ES"]?.failed == true, "the manifest says the fetch failed")
        }

        disk.emptyFillers()
        let healed = try Self.fetch(harness, into: feeds)
        #expect(healed.status == 0, "with room again, the next fetch needs no one: \(healed.stderr)")
        #expect(TreeSnapshot.take(feeds)[Self.file] == Data(Self.largerDocument))
    }

    static func fetch(_ harness: FetchHarness, into feeds: URL) throws -> Executable.Result {
        try Executable.run(
            "fuel-publish",
            ["fetch", "--countries", "ES", "--feeds", feeds.path, "--adapters", harness.adapters.path])
    }

    /// Every name below the feeds folder, hidden ones included.
    static func listing(_ feeds: URL) -> [String] {
        var names: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: feeds.path)
        while let name = enumerator?.nextObject() as? String { names.append(name) }
        return names.sorted()
    }
}
