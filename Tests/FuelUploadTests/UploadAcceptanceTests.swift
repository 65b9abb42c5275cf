import Foundation
import FuelCodecs
import FuelHTTP
import FuelUpload
import Testing
import _FuelTestSupport

/// Uploads against a real S3-compatible server on 127.0.0.1 (moto, SigV4 checked) behind a strict,
/// fault-injecting proxy that logs every request.
@Suite(.tags(.server), .serialized, .serverLogsOnFailure) struct UploadAcceptanceTests {
    let server: S3TestServer

    init() throws { server = try S3TestServer.shared() }

    @Test func firstUploadWritesEveryObjectWithItsHeadersAndIdenticalBytes() async throws {
        let harness = UploadHarness(server: server)
        let build = TestBuild.sample()
        try build.write(to: harness.out)
        let proxy = try S3Proxy(server)

        let summary = try await harness.upload(through: proxy.endpoint)

        build.expectFirstUpload(summary)
        let files = build.files
        let log = try proxy.entries()
        #expect(log.allSatisfy { $0.violations.isEmpty }, "strict checks: \(log.flatMap(\.violations))")
        let puts = log.filter(\.isPut)
        #expect(Set(puts.map(\.key)) == Set(files.keys.map { harness.prefix + $0 }))
        for put in puts {
            let path = String(put.key.dropFirst(harness.prefix.count))
            let bytes = try #require(files[path])
            #expect(put.status == 200, "\(path)")
            #expect(put.headers["content-type"] == "application/json", "\(path)")
            #expect(put.headers["content-encoding"] == "gzip", "\(path)")
            #expect(put.headers["content-md5"] == Digest.base64(Digest.md5(bytes)), "\(path)")
            #expect(put.bodyBytes == bytes.count, "\(path)")
            let maxAge = path == "index.json" ? 300 : 3600
            #expect(put.headers["cache-control"] == "public, max-age=\(maxAge), no-transform", "\(path)")
            #expect(!put.headers.keys.contains { $0.hasPrefix("x-amz-checksum") || $0.hasPrefix("x-amz-sdk-checksum") })
        }
        let indexPut = try #require(puts.first { $0.key.hasSuffix("index.json") })
        #expect(indexPut.headers["if-none-match"] == "*")

        // Barriers: every tile done before brands/trends/sources start, and those done before the index starts.
        let tilePuts = puts.filter { $0.key.contains("/tiles/") }
        let metadataPuts = puts.filter { !$0.key.contains("/tiles/") && !$0.key.hasSuffix("index.json") }
        #expect(tilePuts.map(\.end).max()! <= metadataPuts.map(\.start).min()!)
        #expect(metadataPuts.map(\.end).max()! <= indexPut.start)

        // What a client GETs is byte for byte what out/ holds, with the headers stored.
        let checker = try S3Proxy(server)
        for (path, bytes) in files {
            let response = try await harness.stored(path, through: checker)
            #expect(response.status == 200, "\(path)")
            #expect(response.body == bytes, "\(path)")
            #expect(response.header("content-encoding") == "gzip", "\(path)")
            #expect(response.header("content-type") == "application/json", "\(path)")
            #expect(response.header("cache-control")?.hasSuffix("no-transform") == true, "\(path)")
        }
    }

    @Test func unchangedRebuildSendsNoPutAndOneList() async throws {
        let harness = UploadHarness(server: server)
        try await harness.publish(TestBuild.sample())
        try TestBuild.sample().write(to: harness.out)  // a rebuild with the same content: new folder, same bytes

        let proxy = try S3Proxy(server)
        let summary = try await harness.upload(through: proxy.endpoint)

        let log = try proxy.entries()
        #expect(log.count == 1)
        #expect(log.filter(\.isList).count == 1)
        #expect(log.filter(\.isPut).isEmpty)
        #expect(summary.puts == 0)
        #expect(summary.listCalls == 1)
        #expect(summary.plan.skipped == TestBuild.sample().files.count)
    }

    @Test func oneChangedCellSendsOneTilePutAndTheIndex() async throws {
        let harness = UploadHarness(server: server)
        var build = TestBuild.sample()
        try await harness.publish(build)

        build.tiles["382_-92"] = "stations of cell 2, v2"
        try build.writeAsTheNextBuild(to: harness.out)
        let proxy = try S3Proxy(server)
        try await harness.upload(through: proxy.endpoint)
        let puts = try proxy.entries().filter(\.isPut)
        #expect(puts.map(\.key).sorted() == [harness.prefix + "index.json", harness.prefix + "tiles/382_-92.json"])
        #expect(puts.allSatisfy { $0.status == 200 })

        // Brands and sources go only when they changed.
        build.brands["ES"] = "repsol, cepsa"
        build.builtAt = "2026-12-02T05:00:00Z"
        try build.write(to: harness.out)
        let second = try S3Proxy(server)
        try await harness.upload(through: second.endpoint)
        #expect(
            try second.entries().filter(\.isPut).map(\.key).sorted() == [
                harness.prefix + "brands/ES.json", harness.prefix + "index.json",
            ])
    }

    @Test func vanishedCellIsDeletedOnlyAfterTheNewIndexIsWritten() async throws {
        let harness = UploadHarness(server: server)
        var build = TestBuild.sample()
        let setup = try await harness.publish(build)

        build.tiles["381_-91"] = nil
        try build.writeAsTheNextBuild(to: harness.out)
        let proxy = try S3Proxy(server)
        let summary = try await harness.upload(through: proxy.endpoint)

        #expect(summary.deletes == 1)
        let log = try proxy.entries()
        let deletes = log.filter(\.isDelete)
        #expect(deletes.map(\.key) == [harness.prefix + "tiles/381_-91.json"])
        let indexPut = try #require(log.first { $0.isPut && $0.key.hasSuffix("index.json") && $0.succeeded })
        for delete in deletes { #expect(delete.start >= indexPut.end) }

        let remote = try await harness.remote(through: setup)
        #expect(Set(remote.keys) == Set(build.files.keys))
    }

    @Test func permanentTileFailureKeepsTheOldIndexAndARerunCompletes() async throws {
        let harness = UploadHarness(server: server)
        let old = TestBuild.sample()
        try await harness.publish(old)

        var new = old
        for key in new.tiles.keys { new.tiles[key] = "\(new.tiles[key]!), v2" }
        new.tiles["390_-99"] = "a new cell"
        new.tiles["380_-90"] = nil
        try new.writeAsTheNextBuild(to: harness.out)
        let failing = try S3Proxy(server, faults: ["--fail-key", harness.prefix + "tiles/390_-99.json"])

        await #expect(throws: UploadError.self) { try await harness.upload(through: failing.endpoint) }

        let log = try failing.entries()
        #expect(!log.contains { $0.isPut && $0.key.hasSuffix("index.json") })
        #expect(!log.contains { $0.isDelete })
        #expect(log.filter { $0.key.hasSuffix("390_-99.json") }.count >= 5)  // retried, at least 5 attempts

        // The bucket still serves the old index, and every tile it lists is there.
        let checker = try S3Proxy(server)
        let index = try await harness.stored("index.json", through: checker)
        #expect(index.body == old.files["index.json"])
        let remote = try await harness.remote(through: checker)
        for key in old.tiles.keys { #expect(remote["tiles/\(key).json"] != nil, "\(key)") }

        // A rerun without the fault finishes, skipping the tiles that landed.
        let landed = Set(log.filter { $0.isPut && $0.succeeded }.map(\.key))
        let clean = try S3Proxy(server)
        let summary = try await harness.upload(through: clean.endpoint)
        let rerunPuts = Set(try clean.entries().filter(\.isPut).map(\.key))
        #expect(rerunPuts.isDisjoint(with: landed))
        #expect(rerunPuts.contains(harness.prefix + "tiles/390_-99.json"))
        #expect(summary.deletes == 1)
        let final = try await harness.remote(through: checker)
        #expect(Set(final.keys) == Set(new.files.keys))
        for (path, bytes) in new.files {
            #expect(final[path].map(UploadPlan.normalise) == Digest.hex(Digest.md5(bytes)))
        }
    }

    @Test func transientFailuresAndConnectionResetsAreRetried() async throws {
        let harness = UploadHarness(server: server)
        var build = TestBuild.sample()
        try build.write(to: harness.out)
        // Every distinct request fails four times: 503, reset after S3 applied it, 429, reset before forwarding.
        let flaky = try S3Proxy(server, faults: ["--flaky", "4"])
        let log = LineCapture()
        let summary = try await harness.upload(through: flaky.endpoint, log: log)
        #expect(summary.puts == build.files.count)
        #expect(summary.retries >= 4 * (build.files.count + 1))
        #expect(log.all.contains { $0.contains("retrying") })
        // The index PUT that landed but lost its answer meets its own precondition on retry (412) and is recognised.
        #expect(log.all.contains { $0.contains("index: already written by an earlier attempt of this run") })

        // A second build with a removed cell, through the same faults: deletes and the conditional index too.
        build.tiles["384_-94"] = nil
        build.tiles["383_-93"] = "changed"
        try build.writeAsTheNextBuild(to: harness.out)
        let second = try await harness.upload(through: flaky.endpoint)
        #expect(second.deletes == 1)
        let faults = Set(try flaky.entries().compactMap(\.fault))
        #expect(faults.isSuperset(of: ["503", "429", "reset-before", "reset-after"]))

        let checker = try S3Proxy(server)
        let remote = try await harness.remote(through: checker)
        #expect(Set(remote.keys) == Set(build.files.keys))
        #expect(try await harness.stored("index.json", through: checker).body == build.files["index.json"])
    }

    @Test func continuationTokensWithPlusSlashAndEqualsPaginate() async throws {
        let harness = UploadHarness(server: server)
        try await harness.publish(TestBuild.sample(cells: 9))  // 13 objects

        let proxy = try S3Proxy(server, faults: ["--rewrite-tokens"])
        let summary = try await harness.upload(through: proxy.endpoint, listPageSize: 2)
        #expect(summary.listCalls == 7)
        #expect(summary.puts == 0)
        let lists = try proxy.entries().filter(\.isList)
        #expect(lists.count == 7)
        #expect(lists.allSatisfy { $0.status == 200 && $0.violations.isEmpty })
        let continued = lists.filter { $0.query.contains("continuation-token=") }
        #expect(continued.count == 6)
        #expect(
            continued.allSatisfy { $0.query.contains("%2B") && $0.query.contains("%2F") && $0.query.contains("%3D") })
    }

    @Test func indexChangedBehindTheRunsBackAbortsWith412() async throws {
        let harness = UploadHarness(server: server)
        var build = TestBuild.sample()
        let setup = try await harness.publish(build)

        build.tiles["380_-90"] = nil
        try build.writeAsTheNextBuild(to: harness.out)
        let proxy = try S3Proxy(
            server, faults: ["--tamper-index", harness.prefix + "index.json", "--tamper-after-read"])
        do {
            // Changed after the live index was read (a change before is caught by that read,
            // `UploadShrinkGuardTests`): the conditional PUT of the index is what catches it.
            try await harness.upload(through: proxy.endpoint, allowShrink: true)
            Issue.record("the upload should have aborted")
        } catch let error as UploadError {
            #expect(error == .indexChanged)
            #expect("\(error)" == "another publisher changed the index since this run started")
        }
        let log = try proxy.entries()
        #expect(log.contains { $0.isPut && $0.key.hasSuffix("index.json") && $0.status == 412 })
        #expect(!log.contains { $0.isDelete })
        let stored = try await harness.stored("index.json", through: setup)
        #expect(stored.body == Array(#"{"tampered":true}"#.utf8))
    }

    @Test func dryRunListsAndPlansButWritesNothing() async throws {
        let harness = UploadHarness(server: server)
        var build = TestBuild.sample()
        try await harness.publish(build)
        build.tiles["380_-90"] = nil
        build.tiles["381_-91"] = "changed"
        try build.writeAsTheNextBuild(to: harness.out)

        let proxy = try S3Proxy(server)
        let summary = try await harness.upload(through: proxy.endpoint, dryRun: true)
        #expect(summary.dryRun)
        #expect(summary.puts == 0)
        #expect(summary.plan.puts.map(\.path) == ["tiles/381_-91.json", "index.json"])
        #expect(summary.plan.deletes == [harness.prefix + "tiles/380_-90.json"])
        #expect(summary.line.hasPrefix("plan: PUT 2 (1 tiles, 0 brands/trends/sources, index), skip 6, delete 1, "))
        // Only reads: the LIST, and the live index for the shrink guard.
        let log = try proxy.entries()
        #expect(log.allSatisfy { $0.method == "GET" })
        #expect(log.filter { !$0.isList }.map(\.key) == [harness.prefix + "index.json"])
    }

    @Test func strictProxyRejectsWhatRealS3Would() async throws {
        // Negative controls: the proxy's checks can fail, so the clean logs above mean something.
        let proxy = try S3Proxy(server)
        let endpoint = try S3Endpoint(parsing: proxy.endpoint, source: "test")
        let signer = SigV4Signer(credentials: .init(accessKeyID: server.accessKeyID, secretAccessKey: server.secret))
        let http = HTTPClient(maxConcurrentTransfers: 2)
        let signed = signer.sign(
            .init(
                method: "GET", host: endpoint.hostHeader, path: "/\(server.bucket)",
                query: [.init("list-type", "2"), .init("prefix", "a+b/")], body: []), date: Date())
        // Sent with the query as curl 7.88 would pass it through: unsorted and unencoded, but signed canonically.
        let raw = HTTPRequest(
            url: endpoint.baseURL + "/\(server.bucket)?prefix=a+b/&list-type=2",
            headers: signed.headers.map { HTTPHeader(name: $0.name, value: $0.value) })
        let response = try await http.send(raw)
        #expect(response.status == 400)
        #expect(String(decoding: response.body, as: UTF8.self).contains("query is not canonical"))

        let body = Array("{}".utf8)
        let put = signer.sign(
            .init(
                method: "PUT", host: endpoint.hostHeader, path: "/\(server.bucket)/x.json",
                headers: [.init("Content-MD5", Digest.base64(Digest.md5(Array("other".utf8))))], body: body),
            date: Date())
        let badMD5 = try await http.send(
            HTTPRequest(
                method: "PUT", url: endpoint.baseURL + put.target,
                headers: put.headers.map { HTTPHeader(name: $0.name, value: $0.value) }, body: body))
        #expect(badMD5.status == 400)
        #expect(try proxy.entries().allSatisfy { !$0.violations.isEmpty })
    }
}
