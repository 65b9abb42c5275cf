import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP
import FuelProcess
import FuelUpload
import Testing
import _FuelTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A publisher killed with SIGKILL (lost runner, out of memory, a hard cancel) cannot release its lock, but its lease
/// runs out: whatever moment it died at, the next run after the lease takes the lock over and finishes the job, with
/// no one deleting anything. The proxy holds the named request, and the test kills `fuel-publish` while it waits.
@Suite(.tags(.server, .executable), .serverLogsOnFailure) struct LeaseKillTests {
    enum Moment: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case afterTheLock = "after the lock, during the LIST"
        case midTiles = "mid-tiles"
        case beforeTheIndex = "before the index lands"
        case afterTheIndex = "after the index landed"
        case duringDeletes = "during the deletes"

        var testDescription: String { rawValue }

        /// The proxy's `--pause`: the request held while the test kills the publisher.
        var pause: String {
            switch self {
            case .afterTheLock: "LIST::1:before"
            case .midTiles: "PUT:/tiles/:2:before"
            case .beforeTheIndex: "PUT:index.json:1:before"
            case .afterTheIndex: "PUT:index.json:1:after"
            case .duringDeletes: "DELETE:/tiles/:2:before"
            }
        }
    }

    static let lease = 5.0

    @Test(arguments: Moment.allCases)
    func aPublisherKilledAtAnyMomentIsFollowedByARunThatTakesOverAndFinishes(_ moment: Moment) async throws {
        let server = try S3TestServer.shared()
        let harness = UploadHarness(server: server)
        let direct = try harness.client(endpoint: try S3Proxy(server).endpoint)
        // The live build has eight cells; the next drops three and changes two, so it writes tiles, its index and
        // deletes.
        try await harness.publish(TestBuild.sample(cells: 8))
        var next = TestBuild.sample(cells: 5)
        next.tiles["380_-90"] = "changed"
        next.tiles["381_-91"] = "changed"
        try next.writeAsTheNextBuild(to: harness.out)

        let folder = RepositoryPaths.temporaryDirectory("lease-kill")
        let paused = folder.appendingPathComponent("paused")
        let held = try S3Proxy(server, faults: ["--pause", moment.pause, "--pause-file", paused.path])
        let environment = ["AWS_ACCESS_KEY_ID": server.accessKeyID, "AWS_SECRET_ACCESS_KEY": server.secret]
        let upload = [
            "upload", "--from", harness.out.path, "--bucket", harness.bucket, "--prefix", harness.prefix,
        ]
        let stderr = folder.appendingPathComponent("stderr.txt")
        let child = try ChildProcess(
            Executable.url("fuel-publish").path,
            upload + ["--endpoint", held.endpoint, "--concurrency", "1", "--lock-lease", "\(Int(Self.lease))s"],
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, stdout: .null,
            stderr: .file(stderr.path))
        defer { child.killAndReap() }
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: paused.path), child.isRunning, Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        let text = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
        try #require(FileManager.default.fileExists(atPath: paused.path), "never reached the moment: \(text)")
        child.send(SIGKILL)
        #expect(try await child.waitAsync(timeout: 10) == 128 + SIGKILL)

        // The dead run's lock is left behind, with its lease.
        let left = try await direct.get(key: harness.prefix + ".lock")
        #expect(left.status == 200, "no lock left behind: \(text)")
        let record = try JSONDecoder().decode(LockLeaseTests.LockRecord.self, from: Data(left.body))
        #expect(record.lease == Self.lease)
        let expires = Date(timeIntervalSince1970: TimeInterval(try #require(UTCTime.parse(record.expires))))
        try #require(expires.timeIntervalSinceNow <= Self.lease + 1, "a lease of \(Self.lease) s expires at \(expires)")

        // After the lease, the next run (default lease) takes the lock over and finishes; no one stepped in.
        let wait = expires.timeIntervalSinceNow + 1.2
        if wait > 0 { try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000)) }
        let rerun = try await Executable.runAsync(
            "fuel-publish", upload + ["--endpoint", try S3Proxy(server).endpoint], environment: environment)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let takeover = "lock: took over the stale \(harness.prefix).lock of run \(record.run), whose lease expired"
        #expect(rerun.stderr.contains(takeover), "\(rerun.stderr)")

        // The bucket is exactly the new build, and the lock is gone.
        let checker = try S3Proxy(server)
        let remote = try await harness.remote(through: checker)
        let tiles = Set(remote.keys.filter { $0.hasPrefix("tiles/") })
        #expect(tiles == Set(next.tiles.keys.map { "tiles/\($0).json" }))
        #expect(try await PublisherLockTests.indexListsOnlyExistingTiles(harness, through: checker))
        let index = try await harness.stored("index.json", through: checker)
        #expect(String(decoding: try Gzip.decompress(index.body), as: UTF8.self).contains(next.builtAt))
        #expect(try await direct.get(key: harness.prefix + ".lock").status == 404, "the lock was not released")
    }
}
