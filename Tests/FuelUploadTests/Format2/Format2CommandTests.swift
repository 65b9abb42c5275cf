import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

/// `fuel-publish` with format 2, as the scheduled job and an operator run it: the whole run with `--layout both`,
/// then `builds` and `rollback`, against SeaweedFS with the default prefixes.
@Suite(.tags(.executable), .serialized, .serverLogsOnFailure) struct Format2CommandTests {
    static let samples = RepositoryPaths.samples().path
    static let adapters = RepositoryPaths.adapters().path

    @Test(.tags(.server)) func aRunWithLayoutBothThenBuildsAndRollback() async throws {
        let bucket = try await Format2Bucket.make(.seaweedfs)
        let environment = [
            "AWS_ACCESS_KEY_ID": bucket.accessKeyID, "AWS_SECRET_ACCESS_KEY": bucket.secret,
            "AWS_ENDPOINT_URL_S3": bucket.endpoint, "FUEL_BUCKET": bucket.bucket,
        ]
        func publish(_ builtAt: String) throws -> Executable.Result {
            try Executable.run(
                "fuel-publish",
                [
                    "--offline", "--feeds", Self.samples, "--out", bucket.out.path, "--adapters", Self.adapters,
                    "--layout", "both", "--built-at", builtAt, "--now", builtAt, "--allow-stale-feeds",
                ],
                environment: environment)
        }
        let first = try publish("2026-12-01T05:00:00Z")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("uploaded: "), "format 1: \(first.stdout)")
        #expect(first.stdout.contains("uploaded format 2: "), "\(first.stdout)")
        let second = try publish("2026-12-02T05:00:00Z")
        #expect(second.status == 0, "\(second.stderr)")
        // The same stations a day later: only the five trends (a new day's row), the archive, the index, the root
        // (R15) and the first day's history files (R14) are new in format 2.
        let history = TreeSnapshot.take(bucket.out.appendingPathComponent("fuel")).keys.filter {
            $0.hasPrefix("v2/history/")
        }.count
        #expect(history > 0)
        #expect(second.stdout.contains("uploaded format 2: \(8 + history) PUTs"), "\(second.stdout)")
        // The root follows the index: it is the live index's projection.
        let live = try await bucket.liveIndex()
        #expect(try await bucket.liveRoot() == Format2Root(projecting: live))
        let remote = try await bucket.remote(under: "fuel/")
        #expect(remote["index.json"] != nil)
        #expect(remote["v2/index.json"] != nil)

        let builds = try Executable.run(
            "fuel-publish", ["builds", "--now", "2026-12-02T06:00:00Z"], environment: environment)
        #expect(builds.status == 0, "\(builds.stderr)")
        let lines = builds.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(builds.stdout)")
        #expect(lines.last?.hasPrefix("2026-12-02T05:00:00Z  1.0 h") == true, "\(builds.stdout)")
        #expect(lines.last?.contains("live") == true)
        #expect(lines.dropFirst().first?.contains("restorable") == true, "\(builds.stdout)")

        let dry = try Executable.run(
            "fuel-publish", ["rollback", "--to", "20261201T050000Z", "--dry-run"], environment: environment)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("nothing was written"))
        #expect(try await bucket.liveIndex().builtAt == Format2.parseBuildName("2026-12-02T05:00:00Z"))

        let rollback = try Executable.run(
            "fuel-publish", ["rollback", "--to", "2026-12-01T05:00:00Z"], environment: environment)
        #expect(rollback.status == 0, "\(rollback.stderr)")
        #expect(rollback.stdout.contains("rolled back"), "\(rollback.stdout)")
        #expect(rollback.stdout.contains("it replaced build 20261202T050000Z"), "\(rollback.stdout)")
        let restored = try await bucket.liveIndex()
        #expect(restored.builtAt == Format2.parseBuildName("2026-12-01T05:00:00Z"))
        // The root follows the index back (R15).
        #expect(try await bucket.liveRoot() == Format2Root(projecting: restored))
        #expect(try await bucket.liveRoot()?.builtAt == restored.builtAt)

        let missing = try Executable.run(
            "fuel-publish", ["rollback", "--to", "2026-11-01T05:00:00Z"], environment: environment)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no archived build 20261101T050000Z"), "\(missing.stderr)")
        #expect(!missing.stderr.contains(bucket.secret))
    }

    @Test(arguments: [
        (["rollback"], "--to is required"),
        (["rollback", "--to", "yesterday"], "--to"),
        (["builds", "--bucket", "b", "--keep", "3"], "--keep"),
        (["upload", "--bucket", "b", "--layout", "v3"], "v1, v2 or both"),
        (["build", "--layout", "2"], "v1, v2 or both"),
    ])
    func usageErrorsExit64(_ arguments: [String], _ message: String) throws {
        let result = try Executable.run(
            "fuel-publish", arguments, environment: ["AWS_ACCESS_KEY_ID": "k", "AWS_SECRET_ACCESS_KEY": "s"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// `builds` lists format 2's kept builds only; `rollback` restores one in both formats by default.
    @Test(arguments: [("builds", "Format 2 only"), ("rollback", "--layout L         both (default) or v2")])
    func helpDescribesTheCommand(_ command: String, _ says: String) throws {
        let result = try Executable.run("fuel-publish", [command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("usage: fuel-publish \(command)"), "\(result.stdout)")
        #expect(result.stdout.contains(says), "\(result.stdout)")
    }
}
