import Foundation
import FuelCodecs
import FuelHTTP
import FuelUpload
import Testing
import _FuelTestSupport

@Suite struct UploadPlanTests {
    static func build(_ files: [String: [UInt8]]) -> LocalBuild {
        LocalBuild(
            objects: files.map { path, bytes in
                let kind: ObjectKind = path.hasPrefix("tiles/") ? .tile : path == "index.json" ? .index : .metadata
                return LocalObject(path: path, kind: kind, bytes: bytes)
            }, folder: URL(fileURLWithPath: "/tmp"))
    }

    static let files = TestBuild.sample(cells: 3).files

    static func etag(_ bytes: [UInt8]?) -> String { "\"\(Digest.hex(Digest.md5(bytes ?? [])))\"" }

    @Test func emptyBucketPutsEverythingInPhaseOrder() {
        let plan = UploadPlan(build: Self.build(Self.files), remote: [:], prefix: "fuel/")
        #expect(plan.puts.count == Self.files.count)
        #expect(plan.tiles.map(\.path) == ["tiles/380_-90.json", "tiles/381_-91.json", "tiles/382_-92.json"])
        #expect(plan.metadata.map(\.path) == ["brands/ES.json", "brands/PT.json", "sources.json"])
        #expect(plan.index?.path == "index.json")
        #expect(plan.puts.last?.path == "index.json")
        #expect(plan.indexCondition == .ifNoneMatch)
        #expect(plan.skipped == 0)
        #expect(plan.deletes.isEmpty)
        #expect(plan.bytes == Self.files.values.reduce(0) { $0 + $1.count })
    }

    @Test func identicalBucketSkipsEverythingWhateverTheETagSpelling() {
        var remote: [String: String] = [:]
        for (index, (path, bytes)) in Self.files.sorted(by: { $0.key < $1.key }).enumerated() {
            let hex = Digest.hex(Digest.md5(bytes))
            // Quoted, bare, upper-case and weak ETags all name the same bytes.
            remote["fuel/" + path] = [#""\#(hex)""#, hex, hex.uppercased(), #"W/"\#(hex)""#][index % 4]
        }
        let plan = UploadPlan(build: Self.build(Self.files), remote: remote, prefix: "fuel/")
        #expect(plan.puts.isEmpty)
        #expect(plan.skipped == Self.files.count)
        #expect(plan.summaryLine == "PUT 0 (0 tiles, 0 brands/trends/sources, index unchanged), skip 7, delete 0, 0 B")
    }

    @Test func changedAndStaleObjectsAreFoundAndTheIndexIsGuarded() {
        var remote: [String: String] = [:]
        for (path, bytes) in Self.files { remote["fuel/" + path] = Self.etag(bytes) }
        remote["fuel/tiles/381_-91.json"] = "\"0123456789abcdef0123456789abcdef\""  // changed
        remote["fuel/index.json"] = "\"ffffffffffffffffffffffffffffffff\""  // the run starts from this index
        remote["fuel/tiles/999_-99.json"] = "\"aa\""  // a cell that is gone
        remote["fuel/notes/readme.json"] = "\"bb\""  // not ours to delete
        remote["other/tiles/1_1.json"] = "\"cc\""  // another prefix
        let plan = UploadPlan(build: Self.build(Self.files), remote: remote, prefix: "fuel/")
        #expect(plan.tiles.map(\.path) == ["tiles/381_-91.json"])
        #expect(plan.metadata.isEmpty)
        #expect(plan.index?.path == "index.json")
        #expect(plan.indexCondition == .ifMatch("\"ffffffffffffffffffffffffffffffff\""))
        #expect(plan.deletes == ["fuel/tiles/999_-99.json"])
        #expect(plan.skipped == Self.files.count - 2)
    }

    @Test func emptyPrefixMeansTheBucketRoot() {
        let remote = ["tiles/0_0.json": "\"aa\"", "index.json": "\"bb\""]
        let plan = UploadPlan(build: Self.build(Self.files), remote: remote, prefix: "")
        #expect(plan.deletes == ["tiles/0_0.json"])
        #expect(plan.indexCondition == .ifMatch("\"bb\""))
    }

    @Test func etagNormalisation() {
        #expect(UploadPlan.normalise("\"ABCdef\"") == "abcdef")
        #expect(UploadPlan.normalise("W/\"abc\"") == "abc")
        #expect(UploadPlan.normalise(" abc ") == "abc")
        #expect(UploadPlan.normalise("\"abc-2\"") == "abc-2")  // a multipart ETag never matches an MD5
    }
}

@Suite struct LocalBuildTests {
    @Test func readsTheBuildThroughTheLink() throws {
        let out = RepositoryPaths.temporaryDirectory("upload-local")
        let build = TestBuild.sample()
        try build.write(to: out)
        let local = try LocalBuild.load(from: out)
        #expect(local.objects.map(\.path) == build.files.keys.sorted())
        #expect(local.folder.lastPathComponent.hasPrefix(".build-"))
        for object in local.objects {
            #expect(object.bytes == build.files[object.path])
            #expect(object.md5Hex == Digest.hex(Digest.md5(build.files[object.path]!)))
        }
        #expect(local.objects.filter { $0.kind == .tile }.count == 5)
        #expect(local.objects.filter { $0.kind == .metadata }.count == 3)
        #expect(local.index?.path == "index.json")
    }

    struct BrokenCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let file: String
        let reason: String
        let damage: @Sendable (URL) throws -> Void
    }

    static let brokenCases: [BrokenCase] = [
        BrokenCase(testDescription: "no build", file: "fuel", reason: "no build here") { out in
            try FileManager.default.removeItem(at: out.appendingPathComponent("fuel"))
        },
        BrokenCase(testDescription: "a listed tile is missing", file: "tiles/381_-91.json", reason: "missing") { out in
            try FileManager.default.removeItem(at: out.appendingPathComponent("fuel/tiles/381_-91.json"))
        },
        BrokenCase(testDescription: "an unlisted tile", file: "tiles/7_7.json", reason: "not listed") { out in
            try Data(Gzip.compress(Array("{}".utf8))).write(to: out.appendingPathComponent("fuel/tiles/7_7.json"))
        },
        BrokenCase(testDescription: "a file that is not gzip", file: "sources.json", reason: "not gzip") { out in
            try Data("{}".utf8).write(to: out.appendingPathComponent("fuel/sources.json"))
        },
        BrokenCase(testDescription: "no index", file: "index.json", reason: "missing") { out in
            try FileManager.default.removeItem(at: out.appendingPathComponent("fuel/index.json"))
        },
        BrokenCase(testDescription: "a stray file type", file: "notes.txt", reason: "unexpected entry") { out in
            try Data(Gzip.compress([1])).write(to: out.appendingPathComponent("fuel/notes.txt"))
        },
    ]

    @Test(arguments: brokenCases)
    func brokenBuildIsRefusedNamingTheFile(_ testCase: BrokenCase) throws {
        let out = RepositoryPaths.temporaryDirectory("upload-broken")
        try TestBuild.sample().write(to: out)
        try testCase.damage(out)
        do {
            _ = try LocalBuild.load(from: out)
            Issue.record("accepted a broken build")
        } catch let error as UploadError {
            guard case .localBuild(let path, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path.hasSuffix(testCase.file), "\(path)")
            #expect(reason.contains(testCase.reason), "\(reason)")
        }
    }
}
