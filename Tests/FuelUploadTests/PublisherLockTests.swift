import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP
import FuelUpload
import Testing
import _FuelTestSupport

/// Two publishers against one bucket: the lock in the bucket keeps the second out while the first runs, a dead
/// run's expired lock is taken over, and no uploader exits 0 while the live index lists an object that is gone.
@Suite(.tags(.server), .serialized, .serverLogsOnFailure) struct PublisherLockTests {
    let server: S3TestServer

    init() throws { server = try S3TestServer.shared() }

    /// Every tile the live index lists exists in the bucket.
    static func indexListsOnlyExistingTiles(_ harness: UploadHarness, through proxy: S3Proxy) async throws -> Bool {
        let remote = try await harness.remote(through: proxy)
        let stored = try await harness.stored("index.json", through: proxy)
        let index = try JSONDecoder().decode(TileIndexTiles.self, from: Data(try Gzip.decompress(stored.body)))
        return index.tiles.allSatisfy { remote["tiles/\($0).json"] != nil }
    }

    struct TileIndexTiles: Decodable { var tiles: [String] }

    @Test func aSecondUploaderStartedDuringTheFirstIsRefusedAndTheIndexStaysWhole() async throws {
        let harness = UploadHarness(server: server)
        try await harness.publish(TestBuild.sample(cells: 8))
        // A: a build that drops three cells and changes two, through a proxy that holds every tile PUT 0.4 s.
        var first = TestBuild.sample(cells: 5)
        first.tiles["380_-90"] = "changed by A"
        first.tiles["381_-91"] = "changed by A"
        try first.writeAsTheNextBuild(to: harness.out)
        let slow = try S3Proxy(server, faults: ["--delay-tiles", "0.4"])
        let runA = Task { try await harness.upload(through: slow.endpoint) }
        // Wait until A holds the lock and is writing tiles.
        let deadline = Date().addingTimeInterval(20)
        while try slow.allEntries().first(where: { $0.isLock && $0.method == "PUT" && $0.succeeded }) == nil,
            Date() < deadline
        {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        // B: another build under the same prefix, started while A runs.
        let otherOut = UploadHarness(server: server, bucket: harness.bucket, prefix: harness.prefix)
        var second = TestBuild.sample(cells: 8)
        second.builtAt = "2026-12-01T05:00:30Z"
        try second.write(to: otherOut.out)
        let (refused, fast) = try await otherOut.refusedUpload()
        #expect("\(refused)".contains("another upload (run "), "\(refused)")
        #expect("\(refused)".contains("this run wrote nothing"))
        #expect(try fast.entries().filter { $0.isPut || $0.isDelete }.isEmpty)

        let summary = try await runA.value
        #expect(summary.deletes == 3)
        let checker = try S3Proxy(server)
        #expect(try await Self.indexListsOnlyExistingTiles(harness, through: checker))
        // The lock is gone: B can publish now, and the index still lists only tiles that exist.
        try await otherOut.upload(through: fast.endpoint)
        #expect(try await Self.indexListsOnlyExistingTiles(harness, through: checker))
    }

    @Test func anExpiredLockOfADeadRunIsTakenOverAndLogged() async throws {
        let harness = UploadHarness(server: server)
        let direct = try S3Proxy(server)
        let client = try harness.client(endpoint: direct.endpoint)
        let stale = #"{"run":"dead-run","started":"2026-01-01T00:00:00Z","expires":"2026-01-01T01:00:00Z"}"#
        let put = try await client.put(
            key: harness.prefix + ".lock", bytes: Array(stale.utf8),
            headers: [.init("Content-Type", "application/json")])
        #expect(put.isSuccess)
        try TestBuild.sample().write(to: harness.out)
        let log = LineCapture()
        let proxy = try S3Proxy(server)
        let summary = try await harness.upload(through: proxy.endpoint, log: log)
        #expect(summary.puts == TestBuild.sample().files.count)
        #expect(log.all.contains { $0.contains("took over the stale \(harness.prefix).lock of run dead-run") })
        // Released at the end.
        let after = try await client.get(key: harness.prefix + ".lock")
        #expect(after.status == 404)
    }

    @Test func aLiveLockRefusesBeforeAnyWrite() async throws {
        let harness = UploadHarness(server: server)
        let direct = try S3Proxy(server)
        let client = try harness.client(endpoint: direct.endpoint)
        let expires = UTCTime.format(Date().addingTimeInterval(1800))
        let live = #"{"run":"busy-run","started":"2026-12-01T00:00:00Z","expires":"\#(expires)"}"#
        _ = try await client.put(
            key: harness.prefix + ".lock", bytes: Array(live.utf8), headers: [.init("Content-Type", "application/json")]
        )
        try TestBuild.sample().write(to: harness.out)
        let (error, proxy) = try await harness.refusedUpload()
        #expect("\(error)".contains("another upload (run busy-run, started 2026-12-01T00:00:00Z) holds"), "\(error)")
        #expect(try proxy.entries().filter { $0.isPut || $0.isDelete || $0.isList }.isEmpty)
        // Someone else's lock is never released by this run.
        #expect(try await client.get(key: harness.prefix + ".lock").status == 200)
    }

    /// A lock no honest run could have written blocks nothing: one expiring further ahead than its lease can reach
    /// (a bad clock), one whose expiry cannot be read, one that is no lock record at all.
    enum UnusableLock: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case expiringInTheYear9999 = "an expiry of 9999-12-31"
        case unreadableExpiry = "an expiry that cannot be read"
        case notARecord = "not a lock record"

        var testDescription: String { rawValue }

        var body: String {
            switch self {
            case .expiringInTheYear9999:
                #"{"run":"clock-run","started":"2026-12-01T00:00:00Z","expires":"9999-12-31T00:00:00Z"}"#
            case .unreadableExpiry: #"{"run":"odd-run","started":"2026-12-01T00:00:00Z","expires":"9999-12-31"}"#
            case .notARecord: "locked"
            }
        }

        var logged: String {
            switch self {
            case .expiringInTheYear9999: "of run clock-run, which expires at 9999-12-31T00:00:00Z, further ahead"
            case .unreadableExpiry: #"of run odd-run, whose expiry cannot be read ("9999-12-31")"#
            case .notARecord: "which holds no lock record"
            }
        }
    }

    @Test(arguments: UnusableLock.allCases)
    func aLockThatCouldNeverExpireIsTakenOverAndLogged(_ lock: UnusableLock) async throws {
        let harness = UploadHarness(server: server)
        let direct = try S3Proxy(server)
        let client = try harness.client(endpoint: direct.endpoint)
        let put = try await client.put(
            key: harness.prefix + ".lock", bytes: Array(lock.body.utf8),
            headers: [.init("Content-Type", "application/json")])
        #expect(put.isSuccess)
        try TestBuild.sample().write(to: harness.out)
        let log = LineCapture()
        let summary = try await harness.upload(through: try S3Proxy(server).endpoint, log: log)
        #expect(summary.puts == TestBuild.sample().files.count)
        #expect(
            log.all.contains { $0.contains("took over the stale \(harness.prefix).lock \(lock.logged)") },
            "\(log.all)")
        #expect(try await client.get(key: harness.prefix + ".lock").status == 404, "released at the end")
    }
}
