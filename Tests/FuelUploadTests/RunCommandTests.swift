import Foundation
import FuelBuild
import FuelFormat
import Testing
import _FuelTestSupport

/// The whole run, `fuel-publish [--dry-run]`: fetch, build, upload, as the scheduled job and the operator use it.
@Suite(.tags(.executable), .serialized, .serverLogsOnFailure) struct RunCommandTests {
    static let samples = RepositoryPaths.samples().path
    static let adapters = RepositoryPaths.adapters().path

    @Test func aDryRunOfflineBuildsTheSamplesAndPrintsThePlan() throws {
        let out = RepositoryPaths.temporaryDirectory("run-out")
        let result = try Executable.run(
            "fuel-publish",
            [
                "--dry-run", "--offline", "--feeds", Self.samples, "--out", out.path, "--adapters", Self.adapters,
                "--built-at", "2026-12-01T05:00:00Z",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("fetch: skipped (--offline)"))
        for country in RegisteredCountries.codes { #expect(result.stderr.contains("\(country): ")) }
        #expect(result.stdout.contains("dry run: would upload"))
        let written = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
        #expect(written.isEmpty, "a dry run writes nothing under OUT: \(written)")
        // The plan counts the tiles a real build of the same feeds writes.
        let real = RepositoryPaths.temporaryDirectory("run-out-real")
        defer { try? FileManager.default.removeItem(at: real) }
        try Executable.publishBuild(
            feeds: URL(fileURLWithPath: Self.samples), out: real, builtAt: "2026-12-01T05:00:00Z")
        let index = OutputDirectory(root: real).publishedIndex()
        #expect(index?.countries.keys.sorted() == RegisteredCountries.codes)
        let planned = result.stdout.split(separator: "\n").first { $0.contains("tiles:") }
        #expect(planned?.contains("\(index?.tiles.count ?? -1) objects") == true, "\(result.stdout)")
    }

    /// With a previous build in OUT, the dry run builds against it in a copy it names, and leaves OUT byte for byte as
    /// it was; the copy is gone afterwards.
    @Test func aDryRunLeavesAPreviousBuildUntouchedAndRemovesItsCopy() throws {
        let out = RepositoryPaths.temporaryDirectory("run-dry-previous")
        defer { try? FileManager.default.removeItem(at: out) }
        try Executable.publishBuild(
            feeds: URL(fileURLWithPath: Self.samples), out: out, builtAt: "2026-12-01T05:00:00Z", [])
        let before = TreeSnapshot.take(out)
        let result = try Executable.run(
            "fuel-publish",
            [
                "--dry-run", "--offline", "--feeds", Self.samples, "--out", out.path, "--adapters", Self.adapters,
                "--built-at", "2026-12-01T06:00:00Z", "--layout", "both",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(TreeSnapshot.take(out) == before, "OUT is left as it was")
        let named = try #require(
            result.stderr.firstMatch(of: #/dry run: building into (\S+), a copy of/#), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: String(named.output.1)), "the copy is removed")
        #expect(result.stdout.contains("format 2 (v2/"), "\(result.stdout)")
    }

    @Test func aRealRunNeedsABucket() throws {
        let result = try Executable.run("fuel-publish", ["--offline", "--feeds", Self.samples])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--bucket"))
    }

    /// Credentials as absent: empty values count as unset.
    static let noCredentials = ["AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": ""]

    @Test func aMissingCredentialFailsBeforeAnythingIsFetched() throws {
        let root = RepositoryPaths.temporaryDirectory("run-no-credentials")
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        let result = try Executable.run(
            "fuel-publish",
            [
                "--countries", "ES", "--feeds", root.appendingPathComponent("feeds").path, "--out", out.path,
                "--adapters", Self.adapters, "--bucket", "fuel",
            ],
            // Were it fetched, ES would fail on this closed port and exit 1 instead.
            environment: Self.noCredentials.merging(["FUEL_ENDPOINT_ES": "http://127.0.0.1:9/"]) { $1 })
        #expect(result.status == 64)
        #expect(result.stderr.contains("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("feeds").path))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test(.tags(.server)) func aDryRunThatNamesABucketNeedsCredentials() async throws {
        let harness = try FetchHarness()
        let out = RepositoryPaths.temporaryDirectory("run-dry-out")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Executable.run(
            "fuel-publish",
            [
                "--dry-run", "--countries", "ES", "--feeds", harness.feeds.path, "--out", out.path, "--adapters",
                Self.adapters, "--bucket", "fuel", "--allow-stale-feeds",
            ],
            environment: Self.noCredentials.merging(harness.endpointEnvironment) { $1 })
        // As for a real run, and before anything is fetched (64): a dry run with a bucket plans against it.
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set"), "\(result.stderr)")
        #expect(try await harness.requests().isEmpty)
    }

    @Test func aDryRunTakesUploadOptionsAndKeepsStdoutJSON() throws {
        let out = RepositoryPaths.temporaryDirectory("run-json")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Executable.run(
            "fuel-publish",
            [
                "--dry-run", "--offline", "--feeds", Self.samples, "--out", out.path, "--adapters", Self.adapters,
                "--prefix", "tiles/", "--concurrency", "4", "--json",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((report?["countries"] as? [Any])?.count == RegisteredCountries.codes.count)
        #expect(result.stderr.contains("dry run: would upload"))
    }

    @Test(.tags(.server)) func theWholeRunUploadsWhatItBuilt() async throws {
        let server = try S3TestServer.shared()
        let proxy = try S3Proxy(server)
        let harness = UploadHarness(server: server)
        let result = try Executable.run(
            "fuel-publish",
            [
                "--offline", "--feeds", Self.samples, "--out", harness.out.path, "--adapters", Self.adapters,
                "--bucket", harness.bucket, "--prefix", harness.prefix, "--endpoint-s3", proxy.endpoint,
                "--concurrency", "4",
            ],
            environment: ["AWS_ACCESS_KEY_ID": server.accessKeyID, "AWS_SECRET_ACCESS_KEY": server.secret])
        #expect(result.status == 0, "\(result.stderr)")
        let local = TreeSnapshot.take(harness.out.appendingPathComponent("fuel"))
        let remote = try await harness.remote(through: proxy)
        #expect(Set(remote.keys) == Set(local.keys))
        #expect(!result.stdout.contains(server.secret) && !result.stderr.contains(server.secret))
    }

    @Test(.tags(.server)) func aFailedFetchStopsBeforeTheBuildAndTheBucket() async throws {
        let server = try S3TestServer.shared()
        let proxy = try S3Proxy(server)
        let harness = UploadHarness(server: server)
        let feeds = RepositoryPaths.temporaryDirectory("run-feeds")
        let result = try Executable.run(
            "fuel-publish",
            [
                "--countries", "ES", "--feeds", feeds.path, "--out", harness.out.path, "--adapters", Self.adapters,
                "--bucket", harness.bucket, "--prefix", harness.prefix, "--endpoint-s3", proxy.endpoint,
                "--attempts", "1", "--retry-delay", "0",
            ],
            environment: [
                // A closed port: the connection is refused at once.
                "FUEL_ENDPOINT_ES": "http://127.0.0.1:9/EstacionesTerrestres/",
                "AWS_ACCESS_KEY_ID": server.accessKeyID, "AWS_SECRET_ACCESS_KEY": server.secret,
            ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("ES"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.out.appendingPathComponent("fuel").path))
        #expect(try await harness.remote(through: proxy).isEmpty)
        #expect(try proxy.entries().filter(\.isPut).isEmpty)
    }
}
