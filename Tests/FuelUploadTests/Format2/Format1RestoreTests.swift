import Foundation
import FuelFormat
import FuelPublishing
import Testing
import _FuelTestSupport

@testable import FuelUpload

/// The format-1 index a rollback writes from a format-2 build: the listings format 1 shares with it.
@Suite struct Format1RestoreTests {
    @Test func theRestoredIndexListsTheBuildsHistoryDaysAndIdTable() throws {
        let out = RepositoryPaths.temporaryDirectory("restore-index")
        defer { try? FileManager.default.removeItem(at: out) }
        try Format2Fixture.day(0).build(into: out, layout: .v2)
        var build = try LocalFormat2.load(from: out).index
        build.history = HistoryListing(days: ["2026-11-29", "2026-11-30"])
        let restored = Format1Restore.index(of: build)
        #expect(restored.history == build.history)
        #expect(restored.idShards == (build.ids == nil ? nil : IdShard.count))
        #expect(restored.tiles == build.tiles.keys.compactMap(TileKey.init).sorted().map(\.description))
        build.history = nil
        #expect(Format1Restore.index(of: build).history == nil)
    }
}
