import Foundation
import FuelHTTP
import FuelUpload
import Testing
import _FuelTestSupport

/// The upload's own shrink guard, against the bucket's live `index.json`: it holds when the local previous build
/// (the Actions cache) is lost, since it never reads one.
@Suite(.tags(.server), .serialized, .serverLogsOnFailure) struct UploadShrinkGuardTests {
    let server: S3TestServer

    init() throws { server = try S3TestServer.shared() }

    @Test func aVanishedCountryIsRefusedAgainstTheLiveIndexAndTheBucketIsUntouched() async throws {
        let harness = UploadHarness(server: server)
        var full = TestBuild.sample()
        full.countries = ["AT": 2730, "ES": 1000]
        try await harness.publish(full)
        let checker = try S3Proxy(server)
        let liveBefore = try await harness.remote(through: checker)

        // A fresh OUT (the cache was lost) holding a build without AT.
        try FileManager.default.removeItem(at: harness.out)
        var subset = TestBuild.sample()
        subset.countries = ["ES": 1000]
        subset.sources = "sources v2"
        try subset.write(to: harness.out)
        let (error, proxy) = try await harness.refusedUpload()
        #expect("\(error)".contains("AT: missing, against 2730 stations published"), "\(error)")
        #expect("\(error)".contains("the live \(harness.prefix)index.json in the bucket"))
        #expect("\(error)".contains("--allow-shrink"))
        #expect(try proxy.entries().filter(\.isPut).isEmpty)
        #expect(try await harness.remote(through: checker) == liveBefore)

        // With --allow-shrink the smaller index is published.
        let summary = try await harness.upload(through: proxy.endpoint, allowShrink: true)
        #expect(summary.puts == 2)  // sources and the index
    }

    @Test func aHalvedCountryIsRefusedAndEveryShrinkIsNamed() async throws {
        let harness = UploadHarness(server: server)
        var full = TestBuild.sample()
        full.countries = ["ES": 1000, "FR": 9000, "PT": 3000]
        try await harness.publish(full)
        var smaller = full
        smaller.countries = ["ES": 499, "FR": 9000]
        try smaller.writeAsTheNextBuild(to: harness.out)
        let (error, proxy) = try await harness.refusedUpload()
        #expect("\(error)".contains("2 countries would shrink"), "\(error)")
        #expect("\(error)".contains("ES: 499 stations now against 1000 published"))
        #expect("\(error)".contains("PT: missing, against 3000 stations published"))
        // A dry run says the same before anything is written.
        let dryRun = try await #require(throws: UploadError.self) {
            try await harness.upload(through: proxy.endpoint, dryRun: true)
        }
        #expect("\(dryRun)" == "\(error)")
    }

    @Test func aGrowingOrSteadyBuildPassesWithOneExtraGet() async throws {
        let harness = UploadHarness(server: server)
        try await harness.publish(TestBuild.sample())
        var next = TestBuild.sample()
        next.countries = ["ES": 1000, "IT": 20_000]
        try next.writeAsTheNextBuild(to: harness.out)
        let proxy = try S3Proxy(server)
        let summary = try await harness.upload(through: proxy.endpoint)
        #expect(summary.puts == 1)
        let gets = try proxy.entries().filter { $0.method == "GET" && $0.key.hasSuffix("index.json") }
        #expect(gets.count == 1)
    }

    @Test func anIndexChangedSinceTheListAbortsBeforeAnyWrite() async throws {
        let harness = UploadHarness(server: server)
        var build = TestBuild.sample()
        try await harness.publish(build)
        build.tiles["381_-91"] = "changed"
        try build.writeAsTheNextBuild(to: harness.out)
        let (error, proxy) = try await harness.refusedUpload(faults: ["--tamper-index", harness.prefix + "index.json"])
        #expect(error == .indexChanged)
        #expect(try proxy.entries().filter { $0.isPut || $0.isDelete }.isEmpty)
    }
}
