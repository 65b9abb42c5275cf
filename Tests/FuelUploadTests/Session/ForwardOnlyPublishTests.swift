import Foundation
import FuelBuild
import FuelCodecs
import FuelFormat
import FuelHTTP
import FuelPublishing
import FuelUpload
import Testing
import _FuelTestSupport

/// One publish, both formats, forward only, on one checked clock.
@Suite(.tags(.server), .serverLogsOnFailure) struct ForwardOnlyPublishTests {
    /// With `--layout both` over a newer live build, neither format is written: format 1 used to go back two days
    /// while format 2 refused, leaving the two formats on different builds.
    @Test(arguments: S3Implementation.allCases)
    func bothFormatsOverANewerLiveBuildWriteNothing(_ implementation: S3Implementation) async throws {
        let bucket = try await Format2Bucket.make(implementation)
        try Format2Fixture.day(2).build(into: bucket.out, layout: .both)
        _ = try await Publisher(settings: bucket.settings(layout: .both), log: LineCapture().sink).run()
        let before = try await bucket.remote(under: bucket.prefix)

        let older = RepositoryPaths.temporaryDirectory("older-out")
        try Format2Fixture.day(0).build(into: older, layout: .both)
        let error = await #expect(throws: UploadError.self) {
            try await Publisher(settings: bucket.settings(from: older, layout: .both), log: LineCapture().sink).run()
        }
        let text = String(describing: error)
        #expect(text.contains("nothing was written in either format"), "\(text)")
        #expect(text.contains("2026-12-01T05:00:00Z") && text.contains("2026-12-03T05:00:00Z"), "\(text)")
        #expect(try await bucket.remote(under: bucket.prefix) == before, "not one object changed, in either format")
    }

    /// A build dated a year ahead of the machine's clock is refused before any request.
    @Test func aBuildDatedAYearAheadIsRefused() async throws {
        let bucket = try await Format2Bucket.make(.moto)
        let ahead = Format2Fixture(
            builtAt: Date().addingTimeInterval(365 * 86_400), prices: Format2Fixture.day(0).prices)
        try ahead.build(into: bucket.out, layout: .both)
        let error = await #expect(throws: UploadError.self) {
            try await Publisher(settings: bucket.settings(layout: .both), log: LineCapture().sink).run()
        }
        #expect(String(describing: error).contains("ahead of this machine's clock"), "\(String(describing: error))")
        #expect(try await bucket.remote(under: bucket.prefix).isEmpty)
    }

    /// A live index from the future (published by a machine with a bad clock) would refuse every honest publish
    /// until a rollback: it is replaced, with a warning.
    @Test func aLiveIndexFromTheFutureIsReplacedWithAWarning() async throws {
        let bucket = try await Format2Bucket.make(.moto)
        let future = Date().addingTimeInterval(365 * 86_400)
        try Format2Fixture(builtAt: future, prices: Format2Fixture.day(0).prices).build(
            into: bucket.out, layout: .both)
        var badClock = Publisher(settings: try bucket.settings(layout: .both), log: LineCapture().sink)
        badClock.clock = { future }
        _ = try await badClock.run()

        let today = RepositoryPaths.temporaryDirectory("today-out")
        try Format2Fixture.day(1, changed: ["PT-0-0": 1.44]).build(into: today, layout: .both)
        let log = LineCapture()
        let summary = try await Publisher(settings: bucket.settings(from: today, layout: .both), log: log.sink).run()
        #expect(summary.formatOne?.plan.index != nil && summary.formatTwo?.plan.index != nil)
        let fromTheFuture = log.events.filter {
            if case .warning(.liveIndexFromTheFuture) = $0 { return true } else { return false }
        }
        #expect(fromTheFuture.count == 2, "\(log.all)")
        #expect(try await bucket.liveIndex().builtAt == Format2Fixture.day(1).builtAt)
    }

    /// An object altered in the bucket under its immutable name is rewritten by the next upload, and logged:
    /// names alone would skip it for ever, served `immutable` for a year.
    @Test(arguments: S3Implementation.allCases)
    func anAlteredFormatTwoObjectIsRewrittenByTheNextUpload(_ implementation: S3Implementation) async throws {
        let bucket = try await Format2Bucket.make(implementation)
        try await bucket.publish(.day(0))
        let index = try await bucket.liveIndex()
        let tile = try #require(index.tilePath(Format2Fixture.cell(of: "PT-2-0")))
        let good = try #require(try await bucket.objects(of: index)[tile])
        let altered = Gzip.compress(Array(#"{"version":1,"stations":[]}"#.utf8))
        let put = try await bucket.client().put(
            key: bucket.format2Prefix + tile, bytes: altered, headers: [.init("Content-Encoding", "gzip")])
        #expect(put.isSuccess)

        let log = LineCapture()
        let summary = try await FormatTwoUpload(settings: bucket.settings(), log: log.sink).run()
        #expect(summary.plan.rewrites == [tile])
        #expect(log.all.contains { $0.hasPrefix("rewriting \(bucket.format2Prefix)\(tile)") }, "\(log.all)")
        #expect(try await bucket.objects(of: index)[tile] == good)
    }
}
