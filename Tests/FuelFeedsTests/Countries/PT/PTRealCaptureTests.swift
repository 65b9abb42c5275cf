import Foundation
import FuelFeeds
import FuelFormat
import Testing
import _FuelTestSupport

/// The PT adapter on a real recorded answer (`Fixtures/PT/SOURCES.md`): a DGEG `PesquisarPostos` slice of
/// 2026-06-10, as a whole; its named stations, with expected values read off the JSON by hand, are among
/// `PTStationTests`' cases.
@Suite struct PTRealCaptureTests {
    static func portugal() throws -> FeedParseResult {
        let folder = RepositoryPaths.feedFixtures().appendingPathComponent("PT/dgeg-2026-06-10")
        return try PTAdapter().parse(try FeedFixture.input(folder: folder, country: "PT"))
    }

    /// 9 rows (of the 9,654 the query matched, as every row's `Quantidade` says) make 2 stations.
    @Test func portugalWholeSlice() throws {
        let result = try Self.portugal()
        #expect(result.records == 9)
        #expect(result.stations.map(\.id) == ["PT-93086", "PT-94406"])
        #expect(result.rejects.isEmpty)
        #expect(result.counters.isEmpty)
        #expect(result.referenceTime == FeedRun.utc("2026-06-08T12:15:00Z"))
    }
}
