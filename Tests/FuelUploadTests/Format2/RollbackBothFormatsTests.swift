import Foundation
import FuelBuild
import FuelCodecs
import FuelFormat
import FuelHTTP
import FuelPublishing
import Testing
import _FuelTestSupport

@testable import FuelUpload

/// `rollback --layout both`, the publish job's layout: the kept build becomes live in format 1 too, its documents
/// copied from format 2's objects, and a format that cannot be restored refuses the whole rollback.
@Suite(.tags(.server), .serverLogsOnFailure) struct RollbackBothFormatsTests {
    /// Builds `fixture` in both formats into `OUT` and publishes format 1, then format 2, as the job does.
    static func publishBoth(_ bucket: Format2Bucket, _ fixture: Format2Fixture) async throws {
        try fixture.build(into: bucket.out, layout: .both)
        let settings = try bucket.settings(layout: .both, now: fixture.builtAt)
        _ = try await FormatOneUpload(settings: settings, log: LineCapture().sink).run()
        _ = try await FormatTwoUpload(settings: settings, log: LineCapture().sink).run()
    }

    /// The live format-1 index, parsed.
    static func formatOneIndex(_ bucket: Format2Bucket) async throws -> TileIndex {
        let response = try await bucket.client().get(key: bucket.prefix + TileFormat.indexPath)
        try #require(response.status == 200)
        return try JSONDecoder().decode(TileIndex.self, from: Data(Gzip.decompress(response.body)))
    }

    @Test(arguments: S3Implementation.allCases)
    func bothLiveIndexesCarryTheRestoredBuild(_ implementation: S3Implementation) async throws {
        let bucket = try await Format2Bucket.make(implementation)
        try await Self.publishBoth(bucket, .day(0))
        let firstFormatOne = try await bucket.remote(under: bucket.prefix).filter { !$0.key.hasPrefix("v2/") }
        let firstIndex = try await Self.formatOneIndex(bucket)
        try await Self.publishBoth(bucket, .day(1, changed: ["PT-2-0": 1.61]))
        #expect(try await Self.formatOneIndex(bucket).builtAt == Format2Fixture.day(1).builtAt)

        let history = Format2History(settings: try bucket.settings(layout: .both), log: LineCapture().sink)
        let rollback = try await history.rollback(to: Format2Fixture.day(0).builtAt)

        let formatOne = try await Self.formatOneIndex(bucket)
        let formatTwo = try await bucket.liveIndex()
        #expect(formatOne.builtAt == Format2Fixture.day(0).builtAt)
        #expect(formatTwo.builtAt == formatOne.builtAt, "both live indexes carry the same builtAt")
        #expect(formatOne == firstIndex, "format 1's index is the one the build first published")
        #expect(rollback.formatOne?.replaced == "20261202T050000Z")
        #expect(rollback.formatOne?.copied ?? 0 > 0)
        // Every format-1 document the first build published has its first bytes again.
        let now = try await bucket.remote(under: bucket.prefix).filter { !$0.key.hasPrefix("v2/") }
        for (path, etag) in firstFormatOne where path != TileFormat.indexPath {
            #expect(now[path] == etag, "\(path)")
        }
        let tile = try await bucket.client().get(key: bucket.prefix + "tiles/\(Format2Fixture.cell(of: "PT-2-0")).json")
        let stations = try JSONDecoder().decode(Tile.self, from: Data(Gzip.decompress(tile.body))).stations
        #expect(stations.first { $0.id == "PT-2-0" }?.prices.first?.price == 1.50)
    }

    @Test func aFormatThatCannotBeRestoredRefusesBeforeAnythingIsWritten() async throws {
        let bucket = try await Format2Bucket.make(.moto)
        try await bucket.publish(.day(0))  // format 2 alone: no format-1 index under the prefix
        try await bucket.publish(.day(1, changed: ["PT-2-0": 1.61]))
        let before = try await bucket.remote(under: bucket.prefix)

        let history = Format2History(settings: try bucket.settings(layout: .both), log: LineCapture().sink)
        let error = await #expect(throws: UploadError.self) {
            try await history.rollback(to: Format2Fixture.day(0).builtAt)
        }
        let text = String(describing: error)
        #expect(text.contains("format 1 cannot be restored") && text.contains("--layout v2"), "\(text)")
        let after = try await bucket.remote(under: bucket.prefix)
        #expect(after.filter { !$0.key.hasSuffix(".lock") } == before.filter { !$0.key.hasSuffix(".lock") })
        #expect(try await bucket.liveIndex().builtAt == Format2Fixture.day(1).builtAt)
    }
}
