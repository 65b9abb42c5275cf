import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP
import FuelUpload
import Synchronization
import Testing
import _FuelTestSupport

/// The publisher lock is a lease: renewed with `If-Match` while the upload runs, so that a run that dies stops
/// renewing and the next one takes the lock over within minutes; a run that cannot renew stops before its index.
/// Time is simulated here (each tile PUT is a second, and a beat of the renewal loop), so that a test starved by
/// the parallel suite sees the same lease; `LeaseKillTests` kills real uploads with SIGKILL on the real clock.
@Suite struct LockLeaseTests {
    static let lockKey = "fuel/.lock"

    /// Twelve tiles written one at a time, each a simulated second, with a three-second lease: an upload four times
    /// longer than its lease.
    static func upload(
        _ upload: InProcessUpload, time: SimulatedLeaseTime, log: LineCapture = LineCapture()
    ) async throws -> UploadSummary {
        try TestBuild.sample(cells: 12).write(to: upload.out)
        var settings = try upload.settings()
        settings.concurrency = 1
        settings.lockLease = 3
        return try await FormatOneUpload(settings: settings, log: log.sink, leaseTiming: time.timing).run()
    }

    static func lockPuts(_ upload: InProcessUpload) -> [ScriptedTransport.Sent] {
        upload.transport.sent(pathEndingWith: "/.lock").filter { $0.method == "PUT" }
    }

    static func isTilePut(_ request: HTTPRequest) -> Bool { request.method == "PUT" && request.url.contains("/tiles/") }

    @Test func anUploadLongerThanItsLeaseRenewsItOnItsOwnETagAndFinishes() async throws {
        let time = SimulatedLeaseTime()
        let upload = InProcessUpload { request, _ in
            if Self.isTilePut(request) { time.advance(1) }
            return nil
        }
        defer { upload.remove() }

        let summary = try await Self.upload(upload, time: time)

        #expect(summary.puts == TestBuild.sample(cells: 12).files.count)
        let puts = Self.lockPuts(upload)
        #expect(puts.first?.header("If-None-Match") == "*")
        let renewals = Array(puts.dropFirst())
        #expect(renewals.count >= 3, "\(puts.count) lock PUTs in an upload four times as long as the lease")
        #expect(renewals.allSatisfy { $0.status == 200 && $0.header("If-Match") != nil })
        // Each renewal is conditional on the ETag the previous PUT left.
        for (previous, renewal) in zip(puts, renewals) {
            let etag = "\"\(Digest.hex(Digest.md5(previous.request.body ?? [])))\""
            #expect(renewal.header("If-Match") == etag)
        }
        let record = try JSONDecoder().decode(LockRecord.self, from: Data(try #require(renewals.last?.request.body)))
        #expect(record.lease == 3)
        #expect(upload.s3.objects(in: InProcessUpload.bucket)[Self.lockKey] == nil, "released at the end")
    }

    /// Why a run cannot renew its lease.
    enum LostLease: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case takenOver = "another run took the lock over"
        case renewalsFail = "every renewal fails"

        var testDescription: String { rawValue }

        static let rival = #"{"run":"rival-run","started":"2026-12-01T00:00:00Z","expires":"2999-01-01T00:00:00Z"}"#

        var expected: String {
            switch self {
            case .takenOver: "lost the lease of fuel/.lock: fuel/.lock is held by run rival-run"
            case .renewalsFail: "the lease of fuel/.lock was not renewed in time"
            }
        }
    }

    @Test(arguments: LostLease.allCases)
    func aLeaseThatCannotBeRenewedStopsTheUploadBeforeItsIndex(_ lost: LostLease) async throws {
        let time = SimulatedLeaseTime()
        let upload = InProcessUpload { request, s3 in
            if Self.isTilePut(request) { time.advance(1) }
            switch lost {
            case .takenOver:
                if Self.isTilePut(request) {
                    s3.store(Array(LostLease.rival.utf8), bucket: InProcessUpload.bucket, key: Self.lockKey)
                }
                return nil
            case .renewalsFail:
                let renewal = request.method == "PUT" && request.url.hasSuffix("/fuel/.lock")
                return renewal && request.header("If-Match") != nil ? .status(503) : nil
            }
        }
        defer { upload.remove() }
        let log = LineCapture()

        let error = try await #require(throws: UploadError.self) {
            try await Self.upload(upload, time: time, log: log)
        }

        guard case .leaseLost = error else { throw error }
        #expect("\(error)".contains(lost.expected), "\(error)")
        #expect("\(error)".contains("no index is written without the lock"))
        #expect(upload.transport.sent(pathEndingWith: "/index.json").filter { $0.method == "PUT" }.isEmpty)
        #expect(log.all.contains { $0.contains("warning: lock fuel/.lock not renewed") }, "\(log.all)")
        if lost == .takenOver {
            #expect(
                upload.s3.objects(in: InProcessUpload.bucket)[Self.lockKey]?.bytes == Array(LostLease.rival.utf8),
                "the rival's lock was released")
        }
    }

    /// Stores the lock of run `run`, started 2026-12-01, whose 60 s lease expires `seconds` from now.
    static func storeLease(run: String, expiringIn seconds: TimeInterval, in upload: InProcessUpload) {
        let expires = UTCTime.format(Date().addingTimeInterval(seconds))
        PublisherLockInProcessTests.storeLock(
            #"{"run":"\#(run)","started":"2026-12-01T00:00:00Z","expires":"\#(expires)","lease":60}"#, in: upload)
    }

    @Test func aLeaseThatExpiredIsTakenOverAndOneStillRunningIsNot() async throws {
        let upload = InProcessUpload()
        defer { upload.remove() }
        try TestBuild.sample().write(to: upload.out)
        // A dead run whose 60 s lease ran out 5 s ago, although an hour-long lock of old would still hold.
        Self.storeLease(run: "dead-run", expiringIn: -5, in: upload)
        let log = LineCapture()
        try await upload.upload(log: log)
        #expect(
            log.all.contains { $0.contains("took over the stale fuel/.lock of run dead-run, whose lease expired") },
            "\(log.all)")

        // A run whose 60 s lease has 50 s left holds the lock.
        Self.storeLease(run: "busy-run", expiringIn: 50, in: upload)
        let error = try await #require(throws: UploadError.self) { try await upload.upload() }
        #expect("\(error)".contains("another upload (run busy-run"), "\(error)")

        // A lease of 60 s cannot expire 20 minutes from now: a bad clock's lock, taken over at once.
        Self.storeLease(run: "clock-run", expiringIn: 1200, in: upload)
        let clockLog = LineCapture()
        try await upload.upload(log: clockLog)
        #expect(
            clockLog.all.contains { $0.contains("further ahead than its lease (1 min) and the clock tolerance allow") },
            "\(clockLog.all)")
    }

    @Test(arguments: [0.5, 3601])
    func aLeaseOutsideOneSecondToOneHourIsRefused(_ seconds: Double) throws {
        var options = UploadOptions(from: URL(fileURLWithPath: "out"), bucket: "b", endpoint: "http://127.0.0.1:9")
        options.lockLease = seconds
        #expect(throws: UploadError.self) {
            try UploadSettings(options: options, environment: InProcessUpload.environment)
        }
        let standard = try UploadSettings(
            options: UploadOptions(from: URL(fileURLWithPath: "out"), bucket: "b", endpoint: "http://127.0.0.1:9"),
            environment: InProcessUpload.environment)
        #expect(standard.lockLease == 600)
    }

    /// The lock record as the bucket holds it.
    struct LockRecord: Decodable {
        var run: String
        var expires: String
        var lease: Double?
    }
}

/// Simulated time for a lease: `advance` moves the clock and lets the renewal loop take one beat.
final class SimulatedLeaseTime: Sendable {
    private struct State {
        var now = Date(timeIntervalSince1970: 1_796_000_000)
        var pending = false
        var cancelled = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    var timing: LeaseTiming {
        LeaseTiming(now: { self.state.withLock { $0.now } }, beat: { _ in await self.nextBeat() })
    }

    /// Moves the clock on by `seconds` and releases one beat.
    func advance(_ seconds: TimeInterval) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.now += seconds
            defer { state.waiter = nil }
            if state.waiter == nil { state.pending = true }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Waits for the next beat, or for the renewal loop's cancellation.
    private func nextBeat() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Bool in
                    if state.pending || state.cancelled {
                        state.pending = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.cancelled = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
