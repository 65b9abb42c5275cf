import Foundation
import FuelFormat
import FuelHTTP
import FuelUpload
import Testing
import _FuelTestSupport

/// The publisher lock over an in-process transport: a live lock refuses, a stale or unusable one is taken over on
/// its ETag, and a rival that takes it over first wins. `PublisherLockTests` runs two real uploaders against moto.
@Suite struct PublisherLockInProcessTests {
    static let lockKey = "fuel/.lock"

    static func storeLock(_ body: String, in upload: InProcessUpload) {
        upload.s3.store(
            Array(body.utf8), bucket: InProcessUpload.bucket, key: lockKey,
            headers: ["Content-Type": "application/json"])
    }

    @Test func aLiveLockRefusesBeforeAnyWrite() async throws {
        let upload = InProcessUpload()
        defer { upload.remove() }
        let expires = UTCTime.format(Date().addingTimeInterval(1800))
        let live = #"{"run":"busy-run","started":"2026-12-01T00:00:00Z","expires":"\#(expires)"}"#
        Self.storeLock(live, in: upload)
        try TestBuild.sample().write(to: upload.out)

        let error = try await #require(throws: UploadError.self) { try await upload.upload() }

        #expect("\(error)".contains("another upload (run busy-run, started 2026-12-01T00:00:00Z) holds"), "\(error)")
        #expect(upload.sent.isEmpty, "the run listed or wrote: \(upload.sent.map(\.path))")
        let lockRequests = upload.transport.sent.map { "\($0.method) \($0.status ?? 0)" }
        #expect(lockRequests == ["PUT 412", "GET 200"])
        #expect(
            upload.s3.objects(in: InProcessUpload.bucket)[Self.lockKey]?.bytes == Array(live.utf8),
            "someone else's lock was released")
    }

    @Test func anExpiredLockOfADeadRunIsTakenOverOnItsETagAndLogged() async throws {
        let upload = InProcessUpload()
        defer { upload.remove() }
        Self.storeLock(
            #"{"run":"dead-run","started":"2026-01-01T00:00:00Z","expires":"2026-01-01T01:00:00Z"}"#, in: upload)
        let staleETag = try #require(upload.s3.objects(in: InProcessUpload.bucket)[Self.lockKey]?.etag)
        try TestBuild.sample().write(to: upload.out)
        let log = LineCapture()

        let summary = try await upload.upload(log: log)

        #expect(summary.puts == TestBuild.sample().files.count)
        #expect(log.all.contains { $0.contains("took over the stale fuel/.lock of run dead-run") }, "\(log.all)")
        let takeover = upload.transport.sent.filter { $0.path.hasSuffix("/.lock") && $0.method == "PUT" }.last
        #expect(takeover?.header("If-Match") == staleETag)
        #expect(upload.s3.objects(in: InProcessUpload.bucket)[Self.lockKey] == nil, "not released at the end")
    }

    @Test(arguments: PublisherLockTests.UnusableLock.allCases)
    func aLockThatCouldNeverExpireIsTakenOverAndLogged(_ lock: PublisherLockTests.UnusableLock) async throws {
        let upload = InProcessUpload()
        defer { upload.remove() }
        Self.storeLock(lock.body, in: upload)
        try TestBuild.sample().write(to: upload.out)
        let log = LineCapture()

        let summary = try await upload.upload(log: log)

        #expect(summary.puts == TestBuild.sample().files.count)
        #expect(log.all.contains { $0.contains("took over the stale fuel/.lock \(lock.logged)") }, "\(log.all)")
        #expect(upload.s3.objects(in: InProcessUpload.bucket)[Self.lockKey] == nil, "not released at the end")
    }

    @Test func aRivalThatTakesOverTheStaleLockFirstWins() async throws {
        let rival = #"{"run":"rival-run","started":"2026-12-01T00:00:00Z","expires":"2999-01-01T00:00:00Z"}"#
        let upload = InProcessUpload { request, s3 in
            // The rival's takeover lands between this run's read of the stale lock and its own takeover.
            if request.method == "PUT", request.url.hasSuffix("/fuel/.lock"), request.header("If-Match") != nil {
                s3.store(Array(rival.utf8), bucket: InProcessUpload.bucket, key: Self.lockKey)
            }
            return nil
        }
        defer { upload.remove() }
        Self.storeLock(
            #"{"run":"dead-run","started":"2026-01-01T00:00:00Z","expires":"2026-01-01T01:00:00Z"}"#, in: upload)
        try TestBuild.sample().write(to: upload.out)

        let error = try await #require(throws: UploadError.self) { try await upload.upload() }

        #expect("\(error)".contains("another upload took over the stale fuel/.lock first"), "\(error)")
        #expect(upload.sent.isEmpty, "the run listed or wrote: \(upload.sent.map(\.path))")
        #expect(upload.s3.objects(in: InProcessUpload.bucket)[Self.lockKey]?.bytes == Array(rival.utf8))
    }
}
