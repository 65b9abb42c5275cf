import Foundation
import FuelClient
import FuelFormat
import FuelHTTP
import FuelPublishing
import FuelUpload
import Synchronization
import Testing
import _FuelTestSupport

/// The phone's client reading the bucket itself while format-2 publishes run: a reader keeps its build within
/// `--keep`, fails (never answers with fewer stations) after it, and never sees two builds in one answer.
@Suite(.tags(.server), .serverLogsOnFailure) struct Format2ReaderTests {
    /// A point and radius whose answer needs all five cells of the fixture.
    static let point = (latitude: 39.2, longitude: -8.6, radiusKm: 130.0)

    /// Each station's id and diesel price, in answer order: what tells one build's answer from another's.
    static func prices(_ result: NearbyResult) -> [String] {
        result.stations.map { "\($0.station.id) \($0.station.prices.first?.price ?? 0)" }
    }

    static func lookup(_ client: TileClient) async throws -> NearbyResult {
        try await client.stationsAround(
            latitude: point.latitude, longitude: point.longitude, radiusKm: point.radiusKm)
    }

    /// What a fresh reader answers from the live index now.
    static func freshAnswer(_ bucket: Format2Bucket) async throws -> NearbyResult {
        try await lookup(try BucketTransport.reader(bucket, clock: TileTestClock()))
    }

    @Test(arguments: S3Implementation.allCases)
    func aReaderKeepsItsBuildWithinKeepAndItsLookupFailsAfterIt(_ implementation: S3Implementation) async throws {
        let bucket = try await Format2Bucket.make(implementation)
        let day0 = Format2Fixture.day(0)
        try await bucket.publish(day0)
        let answerA = try await Self.freshAnswer(bucket)
        #expect(answerA.stations.count == 10)

        // Two readers take the first index (no tile yet) and hold it: their clocks stand still.
        let withinKeep = try BucketTransport.reader(bucket, clock: TileTestClock())
        let afterKeep = try BucketTransport.reader(bucket, clock: TileTestClock())
        #expect(try await withinKeep.loadIndex().index.builtAt == day0.builtAt)
        #expect(try await afterKeep.loadIndex().index.builtAt == day0.builtAt)

        try await bucket.publish(.day(1, changed: ["PT-2-0": 1.61]))
        let within = try await Self.lookup(withinKeep)
        #expect(Self.prices(within) == Self.prices(answerA), "the first build, whole, after the second publish")
        #expect(within.indexBuiltAt == day0.builtAt)

        // 49 hours after the first build, a third publish prunes what only the first build named.
        let third = Format2Fixture(
            builtAt: day0.builtAt.addingTimeInterval(49 * 3600),
            prices: Format2Fixture.day(1, changed: ["PT-2-0": 1.61, "PT-4-1": 1.44]).prices)
        try await bucket.publish(third, keepHours: 48)
        let error = await #expect(throws: NearbyError.self) { try await Self.lookup(afterKeep) }
        #expect(error?.code == .tilesUnavailable)
        // Its leaf (R15) was pruned with the tiles it named: every cell it answered fails, the changed one among them.
        let failed = error?.failedTiles ?? []
        #expect(failed.map(\.key.description).contains(Format2Fixture.cell(of: "PT-2-0")), "\(failed)")
        #expect(!failed.isEmpty && failed.allSatisfy { $0.url.contains("/\(Format2.leavesFolder)/") }, "\(failed)")
        // Its next lookup reads the live build, whole.
        let next = try await Self.lookup(afterKeep)
        #expect(next.indexBuiltAt == third.builtAt)
        #expect(Self.prices(next) == Self.prices(try await Self.freshAnswer(bucket)))
        #expect(next.stations.count == 10)
    }

    @Test(arguments: S3Implementation.allCases)
    func aLookupDuringAPublishNeverCombinesTwoBuilds(_ implementation: S3Implementation) async throws {
        let bucket = try await Format2Bucket.make(implementation)
        try await bucket.publish(.day(0))
        let answerA = Self.prices(try await Self.freshAnswer(bucket))
        let holder = try BucketTransport.reader(bucket, clock: TileTestClock())
        _ = try await holder.loadIndex()

        // Build B changes two cells; after each phase of its publish, two readers look up.
        let dayB = Format2Fixture.day(1, changed: ["PT-2-0": 1.61, "PT-4-1": 1.44])
        try dayB.build(into: bucket.out, layout: .v2)
        var uploader = FormatTwoUpload(settings: try bucket.settings(now: dayB.builtAt), log: LineCapture().sink)
        let seen = Mutex<[(phase: String, fresh: [String], held: [String])]>([])
        uploader.afterPhase = { phase in
            do {
                let fresh = Self.prices(try await Self.freshAnswer(bucket))
                let held = Self.prices(try await Self.lookup(holder))
                seen.withLock { $0.append((phase, fresh, held)) }
            } catch {
                seen.withLock { $0.append((phase, ["failed: \(error)"], [])) }
            }
        }
        _ = try await uploader.run()
        let answerB = Self.prices(try await Self.freshAnswer(bucket))
        #expect(answerA != answerB)

        let steps = seen.withLock { $0 }
        #expect(steps.map(\.phase) == ["tiles and files", "build archive", "index", "root"])
        for step in steps {
            // A reader arriving now reads the root (R15): it sees A until the root follows the index, B after; the
            // holder sees A throughout.
            #expect(step.fresh == (step.phase == "root" ? answerB : answerA), "\(step.phase): \(step.fresh)")
            #expect(step.held == answerA, "\(step.phase): \(step.held)")
        }
    }
}

/// The client's transport, served by the bucket: a GET of `http://bucket.invalid/<key>` is a signed S3 GET of
/// `<key>`, so a reader sees exactly what the publisher has written at that moment.
struct BucketTransport: TileTransport {
    let client: S3Client

    func send(_ request: TileRequest) async throws -> TileResponse {
        let key = String(request.url.path.dropFirst())
        let response = try await client.get(key: key)
        var headers: [String: String] = [:]
        for name in ["etag", "cache-control", "last-modified"] { headers[name] = response.header(name) }
        return TileResponse(status: response.status, headers: headers, body: Data(response.body))
    }

    /// A format-2 reader of the bucket's `<prefix>v2/`, its clock given.
    static func reader(_ bucket: Format2Bucket, clock: TileTestClock) throws -> TileClient {
        // The client reads `<base>/fuel/v2/…`: the base is whatever comes before `fuel/` in the prefix.
        let root = String(bucket.prefix.dropLast("fuel/".count))
        let base = try #require(URL(string: "http://bucket.invalid/" + root))
        return TileClient(
            base: base, transport: BucketTransport(client: try bucket.client()),
            policy: TileCachePolicy(lookupDeadline: 600), format: .v2,
            clock: clock.closure)
    }
}
