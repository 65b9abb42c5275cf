import Foundation
import FuelHTTP
import Synchronization
import Testing
import _FuelTestSupport

@testable import FuelUpload

@Suite(.serverLogsOnFailure) struct UploadSettingsTests {
    static let out = URL(fileURLWithPath: "/tmp/out")
    static let credentials = ["AWS_ACCESS_KEY_ID": "AKIDTEST", "AWS_SECRET_ACCESS_KEY": "s3cr3t/value+="]

    static func resolve(_ options: UploadOptions, _ environment: [String: String]) throws -> UploadSettings {
        try UploadSettings(options: options, environment: environment)
    }

    @Test func defaultsAndEnvironment() throws {
        let environment = Self.credentials.merging(["AWS_ENDPOINT_URL_S3": "https://acc.r2.cloudflarestorage.com/"]) {
            $1
        }
        let settings = try Self.resolve(UploadOptions(from: Self.out, bucket: "fuel"), environment)
        #expect(settings.prefix == "fuel/")
        #expect(settings.region == "auto")
        #expect(settings.concurrency == 16)
        #expect(settings.endpoint.baseURL == "https://acc.r2.cloudflarestorage.com")
        #expect(settings.cacheControl == "public, max-age=3600, no-transform")
        #expect(settings.indexCacheControl == "public, max-age=300, no-transform")
        #expect(settings.retry.maxAttempts >= 5)
        #expect(settings.credentials.accessKeyID == "AKIDTEST")
        #expect(!settings.credentials.hasSessionToken)
    }

    @Test func optionsWinOverTheEnvironment() throws {
        let environment = Self.credentials.merging([
            "AWS_ENDPOINT_URL_S3": "https://s3.example", "AWS_ENDPOINT_URL": "https://generic.example",
            "AWS_REGION": "eu-west-1", "AWS_SESSION_TOKEN": "tok",
        ]) { $1 }
        var options = UploadOptions(from: Self.out, bucket: "b", endpoint: "http://127.0.0.1:9000")
        options.prefix = "/data"
        options.region = "auto"
        options.concurrency = 32
        options.maxAge = 60
        options.indexMaxAge = 10
        let settings = try Self.resolve(options, environment)
        #expect(settings.endpoint.baseURL == "http://127.0.0.1:9000")
        #expect(settings.endpoint.hostHeader == "127.0.0.1:9000")
        #expect(settings.region == "auto")
        #expect(settings.prefix == "data/")
        #expect(settings.concurrency == 32)
        #expect(settings.cacheControl == "public, max-age=60, no-transform")
        #expect(settings.indexCacheControl == "public, max-age=10, no-transform")
        #expect(settings.credentials.hasSessionToken)

        var rootOptions = UploadOptions(from: Self.out, bucket: "b")
        rootOptions.prefix = ""
        let generic = try Self.resolve(
            rootOptions, Self.credentials.merging(["AWS_ENDPOINT_URL": "https://generic.example:443"]) { $1 })
        #expect(generic.endpoint.baseURL == "https://generic.example")
        #expect(generic.prefix == "")

        let aws = try Self.resolve(
            UploadOptions(from: Self.out, bucket: "b"), Self.credentials.merging(["AWS_REGION": "eu-west-1"]) { $1 })
        #expect(aws.endpoint.baseURL == "https://s3.eu-west-1.amazonaws.com")
    }

    struct InvalidCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let options: UploadOptions
        let environment: [String: String]
        let mentions: String
    }

    /// Options for bucket `b` at `http://h` with `concurrency` transfers at once.
    static func options(concurrency: Int) -> UploadOptions {
        var options = UploadOptions(from: out, bucket: "b", endpoint: "http://h")
        options.concurrency = concurrency
        return options
    }

    static let invalidCases: [InvalidCase] = [
        InvalidCase(
            testDescription: "no credentials", options: UploadOptions(from: out, bucket: "b", endpoint: "http://h"),
            environment: [:], mentions: "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set"),
        InvalidCase(
            testDescription: "no secret",
            options: UploadOptions(from: out, bucket: "b", endpoint: "http://h"),
            environment: ["AWS_ACCESS_KEY_ID": "AKIDTEST", "AWS_SECRET_ACCESS_KEY": "  "],
            mentions: "AWS_SECRET_ACCESS_KEY must be set"),
        InvalidCase(
            testDescription: "no endpoint for region auto", options: UploadOptions(from: out, bucket: "b"),
            environment: credentials, mentions: "AWS_ENDPOINT_URL_S3"),
        InvalidCase(
            testDescription: "endpoint with user info",
            options: UploadOptions(from: out, bucket: "b", endpoint: "https://AKIDTEST:s3cr3t@host"),
            environment: credentials, mentions: "must not contain user info"),
        InvalidCase(
            testDescription: "endpoint with a path",
            options: UploadOptions(from: out, bucket: "b", endpoint: "https://host/bucket"),
            environment: credentials, mentions: "without a path"),
        InvalidCase(
            testDescription: "not a URL", options: UploadOptions(from: out, bucket: "b", endpoint: "ftp://host"),
            environment: credentials, mentions: "--endpoint must be an http or https URL"),
        InvalidCase(
            testDescription: "bucket with a slash",
            options: UploadOptions(from: out, bucket: "a/b", endpoint: "http://h"),
            environment: credentials, mentions: "--bucket"),
        InvalidCase(
            testDescription: "concurrency zero",
            options: options(concurrency: 0),
            environment: credentials, mentions: "--concurrency"),
    ]

    @Test(arguments: invalidCases)
    func invalidSettingsAreNamedWithoutSecrets(_ testCase: InvalidCase) {
        do {
            _ = try Self.resolve(testCase.options, testCase.environment)
            Issue.record("accepted")
        } catch {
            let text = "\(error)"
            #expect(text.contains(testCase.mentions), "\(text)")
            #expect(!text.contains("s3cr3t"), "\(text)")
        }
    }
}

@Suite(.serverLogsOnFailure) struct UploadPartsTests {
    @Test func listingPageParses() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>b</Name><Prefix>fuel/</Prefix>
            <KeyCount>2</KeyCount><MaxKeys>2</MaxKeys><IsTruncated>true</IsTruncated>
            <Contents><Key>fuel/a&amp;b.json</Key><ETag>&quot;0cc175b9c0f1b6a831c399e269772661&quot;</ETag>
            <Size>1</Size></Contents>
            <Contents><Key>fuel/index.json</Key><ETag>"92eb5ffee6ae2fec3ad71c777531578f"</ETag></Contents>
            <NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=</NextContinuationToken>
            </ListBucketResult>
            """
        let page = try S3XML.listPage(Array(xml.utf8))
        #expect(
            page.objects == [
                "fuel/a&b.json": "\"0cc175b9c0f1b6a831c399e269772661\"",
                "fuel/index.json": "\"92eb5ffee6ae2fec3ad71c777531578f\"",
            ])
        #expect(page.isTruncated)
        #expect(page.nextContinuationToken == "1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=")
    }

    @Test func badListingsAreErrors() {
        #expect(throws: UploadError.self) { try S3XML.listPage(Array("<html>oops</html>".utf8)) }
        #expect(throws: UploadError.self) {
            try S3XML.listPage(Array("<ListBucketResult><IsTruncated>true</IsTruncated></ListBucketResult>".utf8))
        }
        #expect(throws: UploadError.self) { try S3XML.listPage([]) }
    }

    @Test func errorBodyParses() {
        let xml = "<?xml version=\"1.0\"?><Error><Code>PreconditionFailed</Code><Message>At least one</Message></Error>"
        #expect(
            S3ErrorBody(parsing: Array(xml.utf8)) == S3ErrorBody(code: "PreconditionFailed", message: "At least one"))
        #expect(S3ErrorBody(parsing: Array("Bad Gateway".utf8)) == nil)
        #expect(S3ErrorBody(parsing: []) == nil)
    }

    @Test func boundedRunnerNeverExceedsTheLimit() async {
        let state = Mutex((running: 0, peak: 0, done: 0))
        let outcome = await PublishSession.forEach(Array(0..<40), limit: 6) { _ in
            state.withLock {
                $0.running += 1
                $0.peak = max($0.peak, $0.running)
            }
            try? await Task.sleep(nanoseconds: 2_000_000)
            state.withLock {
                $0.running -= 1
                $0.done += 1
            }
            return nil
        }
        #expect(outcome.failures.isEmpty)
        #expect(outcome.notAttempted == 0)
        let final = state.withLock { $0 }
        #expect(final.done == 40)
        #expect(final.peak <= 6)
        #expect(final.peak > 1)
    }

    @Test func boundedRunnerStopsStartingAfterAFailure() async {
        let started = Mutex(0)
        let outcome = await PublishSession.forEach(Array(0..<100), limit: 4) { item in
            started.withLock { $0 += 1 }
            return item == 3 ? "item 3 failed" : nil
        }
        #expect(outcome.failures == ["item 3 failed"])
        #expect(outcome.notAttempted > 0)
        #expect(started.withLock { $0 } + outcome.notAttempted == 100)
    }

    @Test func failureMessagesSayWhatHappenedToTheIndex() {
        let before = UploadError.objectsFailed(
            phase: "tiles", failures: ["PUT a: HTTP 500"], notAttempted: 3, indexWritten: false)
        #expect("\(before)".contains("the index in the bucket was not changed and nothing was deleted"))
        #expect("\(before)".contains("3 not attempted"))
        let after = UploadError.objectsFailed(
            phase: "deletes", failures: ["DELETE a"], notAttempted: 0, indexWritten: true)
        #expect("\(after)".contains("the new index is live"))
    }
}

/// AWS answers a request signed for the wrong region with `301 PermanentRedirect` and the bucket's region in
/// `x-amz-bucket-region`; the error says which region to set.
@Suite(.tags(.server), .serverLogsOnFailure) struct WrongRegionTests {
    @Test func a301NamesTheRegionToSet() async throws {
        let harness = try FetchHarness()
        try await harness.program(
            path: "/tiles",
            faults: [
                [
                    "kind": "status", "code": 301, "times": -1, "headers": ["x-amz-bucket-region": "us-east-1"],
                    "body": "<Error><Code>PermanentRedirect</Code><Message>wrong endpoint</Message></Error>",
                ]
            ])
        var options = UploadOptions(from: harness.feeds, bucket: "tiles", endpoint: harness.server.baseURL)
        options.region = "auto"
        let settings = try UploadSettings(
            options: options, environment: ["AWS_ACCESS_KEY_ID": "AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY": "secret"])
        let client = S3Client(
            endpoint: settings.endpoint, bucket: "tiles",
            signer: SigV4Signer(credentials: settings.credentials, region: settings.region),
            http: HTTPClient(maxConcurrentTransfers: 1), retry: .none)
        let error = try await #require(throws: S3RequestError.self) {
            try await client.listPage(prefix: "fuel/", continuationToken: nil, maxKeys: nil)
        }
        #expect("\(error)".contains("PermanentRedirect"), "\(error)")
        #expect("\(error)".contains("the bucket is in region us-east-1: pass --region us-east-1"), "\(error)")
    }
}

/// A server that always answers "more pages", or repeats its continuation token, cannot keep a LIST going.
@Suite(.tags(.server), .serverLogsOnFailure) struct EndlessListingTests {
    static func client(_ harness: FetchHarness, bucket: String) throws -> S3Client {
        let settings = try UploadSettings(
            options: UploadOptions(from: harness.feeds, bucket: bucket, endpoint: harness.server.baseURL),
            environment: ["AWS_ACCESS_KEY_ID": "AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY": "secret"])
        return S3Client(
            endpoint: settings.endpoint, bucket: bucket,
            signer: SigV4Signer(credentials: settings.credentials, region: settings.region),
            http: HTTPClient(maxConcurrentTransfers: 1), retry: .none)
    }

    @Test func anEndlessListingStopsAtThePageLimit() async throws {
        let harness = try FetchHarness()
        let client = try Self.client(harness, bucket: "endless-bucket")
        let error = try await #require(throws: S3RequestError.self) {
            try await client.listAll(prefix: "fuel/", maxPages: 25)
        }
        #expect("\(error)".contains("the listing goes on past 25 pages"), "\(error)")
        #expect(try await harness.requests(endingWith: "/endless-bucket").count == 25)
    }

    @Test func aRepeatedContinuationTokenIsAnError() async throws {
        let harness = try FetchHarness()
        let client = try Self.client(harness, bucket: "endless-bucket-same")
        let error = try await #require(throws: S3RequestError.self) { try await client.listAll(prefix: "fuel/") }
        #expect("\(error)".contains("sent the continuation token same-token twice"), "\(error)")
        #expect(try await harness.requests(endingWith: "/endless-bucket-same").count == 2)
    }

    @Test func aHugeListingPageIsCut() async throws {
        let harness = try FetchHarness()
        try await harness.program(
            path: "/big-bucket", faults: [["kind": "oversize", "bytes": S3Client.maxListPageBytes + 1_000_000]])
        let client = try Self.client(harness, bucket: "big-bucket")
        let error = try await #require(throws: S3RequestError.self) { try await client.listAll(prefix: "fuel/") }
        #expect("\(error)".contains("larger than the \(S3Client.maxListPageBytes)-byte cap"), "\(error)")
    }
}

/// A silent S3 endpoint: `fuel-publish upload` gives up after one stall timeout, says so, and writes nothing.
@Suite(.tags(.server, .executable), .serverLogsOnFailure) struct SilentUploadEndpointTests {
    @Test func theUploadGivesUpAfterOneStallTimeout() async throws {
        let harness = try FetchHarness()
        try await harness.program(
            path: "/tiles/fuel/.lock", faults: [["kind": "delay", "seconds": 8, "times": -1]])
        let out = RepositoryPaths.temporaryDirectory("silent-out")
        let build = try Executable.run(
            "fuel-publish",
            ["build", "--feeds", RepositoryPaths.samples().path, "--out", out.path, "--countries", "ES"])
        try #require(build.status == 0, "\(build.stderr)")
        let result = try Executable.run(
            "fuel-publish",
            [
                "upload", "--from", out.path, "--bucket", "tiles", "--endpoint", harness.server.baseURL,
                "--stall-timeout", "1", "--connect-timeout", "1",
            ],
            environment: ["AWS_ACCESS_KEY_ID": "AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY": "secret"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("stalled: no data for 1 s"), "\(result.stderr)")
        // One request: the lock's PUT, which stalled, and nothing after it.
        let requests = try await harness.requests().filter { $0.path.hasPrefix("/tiles") }
        #expect(requests.count == 1, "\(requests.map(\.path))")
    }
}
