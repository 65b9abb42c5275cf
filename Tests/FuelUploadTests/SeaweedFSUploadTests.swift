import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP
import FuelUpload
import Testing
import _FuelTestSupport

/// Uploads with the default prefix (`fuel/`) against a second, independent S3 server: SeaweedFS, SigV4 checked.
///
/// moto cannot take these: it decodes `%2F` in the query before it recomputes the signature, so the LIST with
/// `prefix=fuel%2F` that every real upload starts with fails its check, and the moto tests use other prefixes or go
/// through the proxy that re-signs. Here every request reaches the server exactly as the uploader signed it. Each test
/// has a bucket of its own, so all of them can use `fuel/`. The phase order (deletes after the index) is shown
/// request by request by the proxy tests in ``UploadAcceptanceTests``; here it shows in the outcome.
@Suite(.serverLogsOnFailure) struct SeaweedFSUploadTests {
    @Test func theDefaultPrefixIsFuel() throws {
        let settings = try UploadSettings(
            options: UploadOptions(from: URL(fileURLWithPath: "/tmp"), bucket: "b", endpoint: "http://127.0.0.1:1"),
            environment: ["AWS_ACCESS_KEY_ID": "k", "AWS_SECRET_ACCESS_KEY": "s"])
        #expect(settings.prefix == "fuel/")
    }

    @Test(.tags(.server)) func firstUploadUnderFuelWritesEveryObjectWithIdenticalBytes() async throws {
        let harness = try await SeaweedHarness.make()
        let build = TestBuild.sample()
        try build.write(to: harness.out)

        let summary = try await harness.upload()

        build.expectFirstUpload(summary)
        let files = build.files
        #expect(summary.plan.indexCondition == .ifNoneMatch)
        let remote = try await harness.remote()
        #expect(remote.keys.sorted() == files.keys.sorted(), "the listing under fuel/ is the build, lock released")
        for (path, bytes) in files {
            let response = try await harness.client().get(key: "fuel/" + path)
            #expect(response.status == 200, "\(path)")
            #expect(response.body == bytes, "\(path)")
            #expect(remote[path] == "\"\(Digest.hex(Digest.md5(bytes)))\"", "ETag of \(path) is its MD5")
            #expect(response.header("content-encoding") == "gzip", "\(path)")
            #expect(response.header("content-type") == "application/json", "\(path)")
        }
    }

    @Test(.tags(.server)) func unchangedRepublishListsFuelAndSendsNoPut() async throws {
        let harness = try await SeaweedHarness.make()
        try TestBuild.sample().write(to: harness.out)
        try await harness.upload()
        let before = try await harness.remote()
        try TestBuild.sample().write(to: harness.out)  // a rebuild with the same content: new folder, same bytes

        let summary = try await harness.upload()

        #expect(summary.puts == 0)
        #expect(summary.deletes == 0)
        #expect(summary.listCalls == 1)
        #expect(summary.plan.skipped == TestBuild.sample().files.count)
        #expect(try await harness.remote() == before)
    }

    @Test(.tags(.server)) func changedTileAndIndexAreWrittenAndAVanishedTileIsDeleted() async throws {
        let harness = try await SeaweedHarness.make()
        var build = TestBuild.sample()
        try build.write(to: harness.out)
        try await harness.upload()
        let before = try await harness.remote()

        build.tiles["382_-92"] = "stations of cell 2, v2"
        build.tiles["381_-91"] = nil
        try build.writeAsTheNextBuild(to: harness.out)
        let summary = try await harness.upload()

        // The index went with If-Match on the ETag SeaweedFS listed, quotes and all, and SeaweedFS took it.
        #expect(summary.plan.indexCondition == .ifMatch(try #require(before["index.json"])))
        #expect(summary.plan.tiles.map(\.path) == ["tiles/382_-92.json"])
        #expect(summary.plan.index != nil)
        #expect(summary.plan.metadata.isEmpty)
        #expect(summary.puts == 2)
        #expect(summary.plan.deletes == ["fuel/tiles/381_-91.json"])
        #expect(summary.deletes == 1)
        let after = try await harness.remote()
        #expect(after.keys.sorted() == build.files.keys.sorted())
        #expect(after["tiles/382_-92.json"] != before["tiles/382_-92.json"])
        #expect(after["index.json"] != before["index.json"])
        for path in before.keys where path != "index.json" && path != "tiles/382_-92.json" && after[path] != nil {
            #expect(after[path] == before[path], "\(path) untouched")
        }
        let gone = try await harness.client().get(key: "fuel/tiles/381_-91.json")
        #expect(gone.status == 404)
        let index = try await harness.client().get(key: "fuel/index.json")
        #expect(index.body == build.files["index.json"])
    }

    @Test(.tags(.server)) func conditionalWritesAreHonoured() async throws {
        let harness = try await SeaweedHarness.make()
        try TestBuild.sample().write(to: harness.out)
        try await harness.upload()
        let client = try harness.client()
        let live = try #require(try await harness.remote()["index.json"])
        let json: [SigV4Signer.Field] = [.init("Content-Type", "application/json")]

        // The index's conditions: a stale ETag and "must not exist" are refused, the live ETag is taken.
        let stale = try await client.put(
            key: "fuel/index.json", bytes: Array("stale".utf8), headers: json + [.init("If-Match", "\"0\"")])
        #expect(stale.status == 412)
        let exists = try await client.put(
            key: "fuel/index.json", bytes: Array("exists".utf8), headers: json + [.init("If-None-Match", "*")])
        #expect(exists.status == 412)
        #expect(try await harness.remote()["index.json"] == live, "a refused conditional PUT changed nothing")
        let current = try await client.put(
            key: "fuel/index.json", bytes: TestBuild.sample().files["index.json"]!,
            headers: json + [.init("If-Match", live)])
        #expect(current.status == 200)

        // The publisher lock (If-None-Match: *): a live lock of another run refuses the upload before any write.
        let expires = ISO8601DateFormatter().string(from: Date().addingTimeInterval(600))
        let started = ISO8601DateFormatter().string(from: Date())
        let lock = #"{"run":"another-run","started":"\#(started)","expires":"\#(expires)"}"#
        let held = try await client.put(key: "fuel/.lock", bytes: Array(lock.utf8), headers: json)
        #expect(held.status == 200)
        var changed = TestBuild.sample()
        changed.tiles["380_-90"] = "stations of cell 0, v2"
        try changed.writeAsTheNextBuild(to: harness.out)
        let before = try await harness.remote()
        await #expect(throws: UploadError.self) { try await harness.upload() }
        var after = try await harness.remote()
        #expect(after.removeValue(forKey: ".lock") != nil, "the other run's lock stays")
        #expect(after == before.filter { $0.key != ".lock" })
    }

    @Test(.tags(.server)) func wrongSecretIsRefusedAndNothingIsWritten() async throws {
        let harness = try await SeaweedHarness.make()
        try TestBuild.sample().write(to: harness.out)

        let error = await #expect(throws: UploadError.self) {
            try await harness.upload(secret: "not-the-secret-0123456789abcdefghijklmn")
        }
        let text = String(describing: error)
        #expect(text.contains("403"), "\(text)")
        #expect(text.contains("SignatureDoesNotMatch"), "\(text)")
        #expect(!text.contains("not-the-secret"), "the secret is not shown")
        #expect(try await harness.remote().isEmpty)
    }
}

/// A bucket of one test's own on the shared SeaweedFS, and uploads into it with the default prefix.
struct SeaweedHarness {
    let server: SeaweedFSServer
    let bucket: String
    let out: URL

    static func make() async throws -> SeaweedHarness {
        let server = try await SeaweedFSServer.shared()
        let bucket = "fuel-\(UUID().uuidString.prefix(8).lowercased())"
        try await server.createBucket(bucket)
        return SeaweedHarness(server: server, bucket: bucket, out: RepositoryPaths.temporaryDirectory("seaweed-out"))
    }

    /// Settings as `fuel-publish upload` makes them, with no prefix given (so `fuel/`).
    func settings(secret: String? = nil) throws -> UploadSettings {
        var settings = try UploadSettings(
            options: .testing(from: out, bucket: bucket, prefix: nil, endpoint: server.endpoint),
            environment: ["AWS_ACCESS_KEY_ID": server.accessKeyID, "AWS_SECRET_ACCESS_KEY": secret ?? server.secret])
        settings.retry = RetryPolicy(maxAttempts: settings.retry.maxAttempts, baseDelay: 0.02, maxDelay: 0.2)
        return settings
    }

    @discardableResult
    func upload(secret: String? = nil) async throws -> UploadSummary {
        try await FormatOneUpload(settings: settings(secret: secret), log: LineCapture().sink).run()
    }

    /// A client straight to the server, with the right secret.
    func client() throws -> S3Client {
        let settings = try settings()
        return S3Client(
            endpoint: settings.endpoint, bucket: bucket,
            signer: SigV4Signer(credentials: settings.credentials, region: settings.region),
            http: HTTPClient(maxConcurrentTransfers: 4), retry: .none)
    }

    /// ETags by path below `fuel/`, listed with `prefix=fuel%2F`.
    func remote() async throws -> [String: String] {
        let (etags, _) = try await client().listAll(prefix: "fuel/")
        return Dictionary(uniqueKeysWithValues: etags.map { (String($0.key.dropFirst("fuel/".count)), $0.value) })
    }
}
