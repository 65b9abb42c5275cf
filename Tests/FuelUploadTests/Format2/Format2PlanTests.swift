import Foundation
import FuelBuild
import FuelCodecs
import FuelFormat
import FuelPublishing
import FuelUpload
import Testing
import _FuelTestSupport

/// ``Format2Plan`` and ``Format2Prune``: what a format-2 publish writes, keeps and deletes, decided without a bucket.
@Suite struct Format2PlanTests {
    static let now = Date(timeIntervalSince1970: 1_796_191_200)  // 2026-12-02T06:00:00Z

    static func name(hoursAgo: Double) -> String { Format2.buildName(now.addingTimeInterval(-hoursAgo * 3600)) }

    /// Archived builds, one a day for ten days; the newest is the one being published.
    static let daily = (0..<10).map { name(hoursAgo: Double($0) * 24) }

    struct RetentionCase: Sendable, CustomTestStringConvertible {
        var label: String
        var keepHours: Double
        var replaced: String?
        var referencing: Set<String>
        var archives: Set<String>
        var testDescription: String { label }
    }

    static let retentionCases = [
        RetentionCase(
            label: "48 hours keeps three days of objects and seven archives", keepHours: 48, replaced: daily[1],
            referencing: Set(daily[0...2]), archives: Set(daily[0...6])),
        RetentionCase(
            label: "0 hours keeps the new build and the one it replaced", keepHours: 0, replaced: daily[1],
            referencing: Set(daily[0...1]), archives: Set(daily[0...6])),
        RetentionCase(
            label: "a rollback's old build, when replaced, keeps its objects", keepHours: 48, replaced: daily[8],
            referencing: Set(daily[0...2] + [daily[8]]), archives: Set(daily[0...6] + [daily[8]])),
        RetentionCase(
            label: "a long --keep keeps everything", keepHours: 24 * 30, replaced: daily[1],
            referencing: Set(daily), archives: Set(daily)),
    ]

    @Test(arguments: retentionCases)
    func retention(_ example: RetentionCase) {
        let retention = Format2Prune.retention(
            archived: Self.daily.shuffled(), live: Self.daily[0], replaced: example.replaced, now: Self.now,
            keepHours: example.keepHours, keepLast: 7)
        #expect(retention.referencing == example.referencing)
        #expect(retention.archives == example.archives)
    }

    @Test func deletesOnlyWhatNoKeptBuildNamesAndNeverForeignKeys() {
        let prefix = "fuel/v2/"
        let remote = [
            "fuel/v2/index.json", "fuel/v2/.lock", "fuel/v2/notes.txt", "fuel/v2/tiles/readme.json",
            "fuel/v2/tiles/77_-19.0123456789abcdef.json", "fuel/v2/tiles/77_-19.1111111111111111.json",
            "fuel/v2/brands/PT.2222222222222222.json", "fuel/v2/sources.3333333333333333.json",
            "fuel/v2/builds/20261201T060000Z.json", "fuel/v2/builds/20261125T060000Z.json", "fuel/v2/builds/x.json",
            "fuel/tiles/77_-19.json",
        ]
        let deletes = Format2Prune.deletes(
            remote: remote, prefix: prefix, keptBuilds: ["20261201T060000Z"],
            referenced: ["tiles/77_-19.0123456789abcdef.json", "brands/PT.2222222222222222.json"])
        #expect(
            deletes == [
                "fuel/v2/builds/20261125T060000Z.json", "fuel/v2/sources.3333333333333333.json",
                "fuel/v2/tiles/77_-19.1111111111111111.json",
            ])
    }

    /// Another build archived under the same name is refused while it is the live index (the same --built-at twice);
    /// one that is not live, a build a fast clock dated to this second and that later builds superseded, has its
    /// archive rewritten, and the plan says so.
    @Test func aDifferentBuildArchivedUnderTheSameNameIsRefusedWhileLive() throws {
        let out = RepositoryPaths.temporaryDirectory("plan-out")
        defer { try? FileManager.default.removeItem(at: out) }
        try Format2Fixture.day(0).build(into: out, layout: .v2)
        let snapshot = try LocalFormat2.load(from: out)
        let archive = "fuel/v2/" + snapshot.archive.path

        let same = try Format2Plan(
            snapshot: snapshot, remote: [archive: "\"\(snapshot.archive.md5Hex)\""], prefix: "fuel/v2/")
        #expect(same.archive == nil)
        #expect(same.uploads.count == snapshot.objects.count)
        #expect(same.index != nil)
        #expect(same.indexCondition == .ifNoneMatch)
        #expect(throws: UploadError.self) {
            try Format2Plan(
                snapshot: snapshot, remote: [archive: "\"0123\"", "fuel/v2/index.json": "\"0123\""],
                prefix: "fuel/v2/")
        }
        let superseded = try Format2Plan(
            snapshot: snapshot, remote: [archive: "\"0123\"", "fuel/v2/index.json": "\"4567\""], prefix: "fuel/v2/")
        #expect(superseded.archive == snapshot.archive)
        #expect(superseded.rewrites == [snapshot.archive.path])
    }

    @Test func anAlteredBuildFolderIsRefused() throws {
        let out = RepositoryPaths.temporaryDirectory("plan-out")
        defer { try? FileManager.default.removeItem(at: out) }
        try Format2Fixture.day(0).build(into: out, layout: .v2)
        let folder = try LocalFormat2.load(from: out).folder
        let tile = try #require(try LocalFormat2.load(from: out).objects.first { $0.kind == .tile })
        // Other gzipped bytes under the tile's name: the name no longer matches the content.
        try Data(Gzip.compress(Array("{}".utf8))).write(to: folder.appendingPathComponent(tile.path))
        let error = #expect(throws: UploadError.self) { try LocalFormat2.load(from: out) }
        #expect(String(describing: error).contains("not the hash in its name"))
    }
}
