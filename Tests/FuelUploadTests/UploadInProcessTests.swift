import Foundation
import FuelCodecs
import FuelHTTP
import FuelUpload
import Synchronization
import Testing
import _FuelTestSupport

/// Format 1's upload logic over an in-process transport into an in-memory bucket: what the plan sends, in which
/// phases, under which conditions, and how failures and retries end. `UploadAcceptanceTests` runs the same uploads
/// against moto behind a strict, fault-injecting proxy.
@Suite struct UploadInProcessTests {
    @Test func firstUploadWritesEveryObjectWithItsHeadersInPhaseOrder() async throws {
        let upload = InProcessUpload()
        defer { upload.remove() }
        let build = TestBuild.sample()
        try build.write(to: upload.out)

        let summary = try await upload.upload()

        build.expectFirstUpload(summary)
        let files = build.files
        let remote = upload.remote
        #expect(Set(remote.keys) == Set(files.keys))
        for (path, bytes) in files {
            let object = try #require(remote[path], "\(path)")
            #expect(object.bytes == bytes, "\(path)")
            #expect(object.headers["content-type"] == "application/json", "\(path)")
            #expect(object.headers["content-encoding"] == "gzip", "\(path)")
            let maxAge = path == "index.json" ? 300 : 3600
            #expect(object.headers["cache-control"] == "public, max-age=\(maxAge), no-transform", "\(path)")
        }
        let puts = upload.sent.filter { $0.method == "PUT" }
        #expect(puts.allSatisfy { $0.status == 200 })
        let indexPut = try #require(puts.first { $0.path == upload.path("index.json") })
        #expect(indexPut.header("If-None-Match") == "*")
        // Barriers: every tile done before brands and sources start, and those done before the index starts.
        let tilePuts = puts.filter { $0.path.contains("/tiles/") }
        let metadataPuts = puts.filter { !$0.path.contains("/tiles/") && !$0.path.hasSuffix("index.json") }
        #expect(tilePuts.compactMap(\.end).max()! < metadataPuts.map(\.start).min()!)
        #expect(metadataPuts.compactMap(\.end).max()! < indexPut.start)
        #expect(upload.s3.objects(in: InProcessUpload.bucket)["fuel/.lock"] == nil, "the lock was not released")
    }

    @Test func unchangedRebuildSendsNoPutAndOneList() async throws {
        let upload = InProcessUpload()
        defer { upload.remove() }
        try await upload.publish(TestBuild.sample())
        try TestBuild.sample().write(to: upload.out)  // a rebuild with the same content: new folder, same bytes

        let summary = try await upload.upload()

        #expect(upload.sent.count == 1)
        #expect(upload.sent.first?.isList == true)
        #expect(summary.puts == 0)
        #expect(summary.plan.skipped == TestBuild.sample().files.count)
    }

    @Test func oneChangedCellSendsOneTilePutAndTheIndexOnItsListedETag() async throws {
        let upload = InProcessUpload()
        defer { upload.remove() }
        var build = TestBuild.sample()
        try await upload.publish(build)
        let listedIndex = try #require(upload.remote["index.json"]?.etag)

        build.tiles["382_-92"] = "stations of cell 2, v2"
        try build.writeAsTheNextBuild(to: upload.out)
        try await upload.upload()

        let puts = upload.sent.filter { $0.method == "PUT" }
        #expect(puts.map(\.path).sorted() == [upload.path("index.json"), upload.path("tiles/382_-92.json")])
        #expect(puts.first { $0.path.hasSuffix("index.json") }?.header("If-Match") == listedIndex)
        #expect(upload.remote["tiles/382_-92.json"]?.bytes == build.files["tiles/382_-92.json"])
    }

    @Test func vanishedCellIsDeletedOnlyAfterTheNewIndexIsWritten() async throws {
        let upload = InProcessUpload()
        defer { upload.remove() }
        var build = TestBuild.sample()
        try await upload.publish(build)

        build.tiles["381_-91"] = nil
        try build.writeAsTheNextBuild(to: upload.out)
        let summary = try await upload.upload()

        #expect(summary.deletes == 1)
        let deletes = upload.sent.filter { $0.method == "DELETE" }
        #expect(deletes.map(\.path) == [upload.path("tiles/381_-91.json")])
        let indexPut = try #require(upload.sent.first { $0.method == "PUT" && $0.path.hasSuffix("index.json") })
        for delete in deletes { #expect(delete.start > indexPut.end!) }
        #expect(Set(upload.remote.keys) == Set(build.files.keys))
    }

    @Test func permanentTileFailureKeepsTheOldIndexAndARerunCompletes() async throws {
        let upload = InProcessUpload()
        defer { upload.remove() }
        let old = TestBuild.sample()
        try await upload.publish(old)
        var new = old
        for key in new.tiles.keys { new.tiles[key] = "\(new.tiles[key]!), v2" }
        new.tiles["390_-99"] = "a new cell"
        new.tiles["380_-90"] = nil
        try new.writeAsTheNextBuild(to: upload.out)
        let failing = upload.path("tiles/390_-99.json")
        upload.transport.script("PUT", path: failing, [ScriptedTransport.Reply](repeating: .status(500), count: 6))

        await #expect(throws: UploadError.self) { try await upload.upload() }

        #expect(!upload.sent.contains { $0.method == "PUT" && $0.path.hasSuffix("index.json") })
        #expect(!upload.sent.contains { $0.method == "DELETE" })
        #expect(upload.sent.filter { $0.path == failing }.count == 6, "every attempt was made")
        #expect(upload.remote["index.json"]?.bytes == old.files["index.json"])
        for key in old.tiles.keys { #expect(upload.remote["tiles/\(key).json"] != nil, "\(key)") }

        // A rerun without the fault finishes, skipping the tiles that landed.
        let landed = Set(upload.sent.filter { $0.method == "PUT" && $0.status == 200 }.map(\.path))
        upload.transport.clearLog()
        let summary = try await upload.upload()
        let rerunPuts = Set(upload.sent.filter { $0.method == "PUT" }.map(\.path))
        #expect(rerunPuts.isDisjoint(with: landed))
        #expect(rerunPuts.contains(failing))
        #expect(summary.deletes == 1)
        #expect(upload.remote.mapValues(\.bytes) == new.files)
    }

    @Test func transientFailuresAreRetriedAndALandedIndexIsRecognised() async throws {
        // The first index PUT lands, but its answer is lost: the retry meets its own `If-None-Match: *`.
        let indexAnswers = Mutex(0)
        let upload = InProcessUpload { request, s3 in
            guard request.method == "PUT", request.url.hasSuffix("/fuel/index.json") else { return nil }
            let reply = s3.reply(to: request)
            let first = indexAnswers.withLock { count in
                count += 1
                return count == 1
            }
            return first ? .connectionReset : reply
        }
        defer { upload.remove() }
        let build = TestBuild.sample()
        try build.write(to: upload.out)
        for path in build.files.keys where path != "index.json" {
            upload.transport.script(path: upload.path(path), [.status(503), .connectionReset, .status(429)])
        }
        upload.transport.script(path: "/\(InProcessUpload.bucket)", [.status(503)])
        let log = LineCapture()

        let summary = try await upload.upload(log: log)

        #expect(summary.puts == build.files.count)
        #expect(summary.retries == 3 * (build.files.count - 1) + 1 + 1)
        #expect(log.all.contains { $0.contains("retrying PUT fuel/tiles/380_-90.json") })
        #expect(log.events.contains(.indexAlreadyWritten(key: "fuel/index.json")), "\(log.all)")
        #expect(upload.remote.mapValues(\.bytes) == build.files)
    }

    @Test func continuationTokensWithPlusSlashAndEqualsPaginate() async throws {
        let upload = InProcessUpload()
        defer { upload.remove() }
        try await upload.publish(TestBuild.sample(cells: 9))  // 13 objects

        let summary = try await upload.upload(listPageSize: 2)

        #expect(summary.listCalls == 7)
        #expect(summary.puts == 0)
        let lists = upload.sent.filter(\.isList)
        #expect(lists.count == 7)
        #expect(lists.allSatisfy { $0.status == 200 })
        let continued = lists.filter { $0.query["continuation-token"] != nil }
        #expect(continued.count == 6)
        #expect(
            continued.allSatisfy {
                $0.request.url.contains("%2B") && $0.request.url.contains("%2F") && $0.request.url.contains("%3D")
            })
    }

    @Test func indexChangedBehindTheRunsBackAbortsWith412() async throws {
        let tampered = Array(#"{"tampered":true}"#.utf8)
        let armed = Mutex(false)
        let upload = InProcessUpload { request, s3 in
            // Another publisher writes the index after the run read it, just before its conditional PUT arrives.
            if armed.withLock({ $0 }), request.method == "PUT", request.url.hasSuffix("/fuel/index.json") {
                s3.store(tampered, bucket: InProcessUpload.bucket, key: "fuel/index.json")
            }
            return nil
        }
        defer { upload.remove() }
        var build = TestBuild.sample()
        try await upload.publish(build)
        build.tiles["380_-90"] = nil
        try build.writeAsTheNextBuild(to: upload.out)
        armed.withLock { $0 = true }

        let error = try await #require(throws: UploadError.self) { try await upload.upload(allowShrink: true) }

        #expect(error == .indexChanged)
        #expect(upload.sent.contains { $0.method == "PUT" && $0.path.hasSuffix("index.json") && $0.status == 412 })
        #expect(!upload.sent.contains { $0.method == "DELETE" })
        #expect(upload.remote["index.json"]?.bytes == tampered)
    }

    @Test func dryRunListsAndPlansButWritesNothing() async throws {
        let upload = InProcessUpload()
        defer { upload.remove() }
        var build = TestBuild.sample()
        try await upload.publish(build)
        let before = upload.remote
        build.tiles["380_-90"] = nil
        build.tiles["381_-91"] = "changed"
        try build.writeAsTheNextBuild(to: upload.out)

        let summary = try await upload.upload(dryRun: true)

        #expect(summary.dryRun)
        #expect(summary.plan.puts.map(\.path) == ["tiles/381_-91.json", "index.json"])
        #expect(summary.plan.deletes == [upload.prefix + "tiles/380_-90.json"])
        #expect(upload.transport.sent.allSatisfy { $0.method == "GET" }, "a dry run wrote, or took the lock")
        #expect(upload.sent.filter { !$0.isList }.map(\.path) == [upload.path("index.json")])
        #expect(upload.remote == before)
    }
}
