import Foundation
import FuelCodecs
import FuelFormat
import FuelUpload
import Testing
import _FuelTestSupport

/// Issue 39, item 4 (R14): history files are sent once, after the tiles and before the index, and the days a build
/// no longer holds (format 1) or no kept index lists (format 2) are deleted.
@Suite struct HistoryUploadPlanTests {
    static let kept = "history/2026-12-04/77_-19.json"
    static let new = "history/2026-12-05/77_-19.json"

    static func build() -> LocalBuild {
        var objects = UploadPlanTests.files.map { path, bytes in
            LocalObject(
                path: path, kind: path.hasPrefix("tiles/") ? .tile : path == "index.json" ? .index : .metadata,
                bytes: bytes)
        }
        objects += [kept, new].map { LocalObject(path: $0, kind: .history, bytes: Array($0.utf8)) }
        return LocalBuild(objects: objects, folder: URL(fileURLWithPath: "/tmp"))
    }

    @Test func format1SendsTheMissingDayOnceAndDeletesTheDayThatLeftTheWindow() {
        let remote = [
            "fuel/" + Self.kept: UploadPlanTests.etag(Array(Self.kept.utf8)),
            "fuel/history/2026-11-26/77_-19.json": "\"0\"",
        ]
        let plan = UploadPlan(build: Self.build(), remote: remote, prefix: "fuel/")
        #expect(plan.history.map(\.path) == [Self.new], "the day the bucket holds is not sent again")
        let order = plan.puts.map(\.path)
        let position = order.firstIndex(of: Self.new) ?? -1
        #expect(order.prefix(position).allSatisfy { $0.hasPrefix("tiles/") }, "after the tiles")
        #expect(order.last == "index.json", "before the index")
        #expect(plan.deletes == ["fuel/history/2026-11-26/77_-19.json"])
        #expect(plan.summaryLine.hasPrefix("PUT \(plan.puts.count) (3 tiles, 1 history, 3 brands/trends/sources"))
    }

    @Test func format2KeepsTheDaysAKeptIndexListsOrTheBuildHoldsAndDeletesTheOthers() {
        let remote = [
            "fuel/v2/history/2026-11-26/77_-19.json", "fuel/v2/history/2026-12-04/77_-19.json",
            "fuel/v2/history/2026-12-04/78_-19.json", "fuel/v2/history/notes/x.json",
        ]
        let deletes = Format2Prune.deletes(
            remote: remote, prefix: "fuel/v2/", keptBuilds: [],
            referenced: [Format2Prune.historyDay("2026-12-04")])
        #expect(deletes == ["fuel/v2/history/2026-11-26/77_-19.json"], "a key that is no history file is not touched")
    }
}
