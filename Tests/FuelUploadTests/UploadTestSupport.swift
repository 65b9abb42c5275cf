import Foundation
import FuelBuild
import FuelCodecs
import FuelFormat
import FuelHTTP
import FuelPublishing
import FuelUpload
import Synchronization
import Testing
import _FuelTestSupport

/// A small build in the `OUT/fuel` layout, gzipped deterministically, reached through a symbolic link as
/// `fuel-publish build` leaves it.
struct TestBuild {
    var tiles: [String: String]
    var brands: [String: String] = ["ES": "repsol", "PT": "galp"]
    var sources = "sources v1"
    var builtAt = "2026-11-30T05:00:00Z"
    /// The index's station counts, which the upload's shrink guard compares with the live index.
    var countries = ["ES": 1000]

    static func sample(cells: Int = 5) -> TestBuild {
        var tiles: [String: String] = [:]
        for index in 0..<cells { tiles["\(380 + index)_-9\(index)"] = "stations of cell \(index), v1" }
        return TestBuild(tiles: tiles)
    }

    /// The files as uploaded, by path below the prefix.
    var files: [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for (key, content) in tiles {
            files["tiles/\(key).json"] = Gzip.compress(
                Array(#"{"version":1,"key":"\#(key)","note":"\#(content)"}"#.utf8))
        }
        for (country, content) in brands {
            files["brands/\(country).json"] = Gzip.compress(Array(#"{"version":1,"note":"\#(content)"}"#.utf8))
        }
        files["sources.json"] = Gzip.compress(Array(#"{"version":1,"note":"\#(sources)"}"#.utf8))
        let list = tiles.keys.sorted().map { "\"\($0)\"" }.joined(separator: ",")
        let counts = countries.keys.sorted().map {
            #""\#($0)":{"stations":\#(countries[$0] ?? 0),"updated":"\#(builtAt)"}"#
        }
        .joined(separator: ",")
        let index =
            #"{"version":1,"gridDegrees":0.1,"builtAt":"\#(builtAt)","tiles":[\#(list)],"#
            + #""countries":{\#(counts)}}"#
        files["index.json"] = Gzip.compress(Array(index.utf8))
        return files
    }

    /// Checks the summary of this build's first upload: every file put, whole, after one LIST, nothing deleted.
    func expectFirstUpload(_ summary: UploadSummary, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(summary.puts == files.count, sourceLocation: sourceLocation)
        #expect(summary.listCalls == 1, sourceLocation: sourceLocation)
        #expect(summary.deletes == 0, sourceLocation: sourceLocation)
        #expect(summary.bytes == files.values.reduce(0) { $0 + $1.count }, sourceLocation: sourceLocation)
    }

    /// Dates this build 2026-12-01T05:00:00Z, the build after ``sample(cells:)``'s, and writes it into `out`.
    mutating func writeAsTheNextBuild(to out: URL) throws {
        builtAt = "2026-12-01T05:00:00Z"
        try write(to: out)
    }

    /// Writes `OUT/.build-<n>/…` and points `OUT/fuel` at it (replacing an earlier link).
    func write(to out: URL) throws {
        let name = ".build-\(UUID().uuidString.prefix(8))"
        let folder = out.appendingPathComponent(name)
        for (path, bytes) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        let link = out.appendingPathComponent("fuel")
        try? FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: name)
    }
}

/// Collects progress lines.
final class LineCapture: Sendable {
    private let captured = Mutex<[UploadEvent]>([])
    var sink: @Sendable (UploadEvent) -> Void { { event in self.captured.withLock { $0.append(event) } } }
    /// Every event, in order.
    var events: [UploadEvent] { captured.withLock { $0 } }
    /// Every event as the command prints it.
    var all: [String] { events.map(\.sentence) }
}

/// A test's own corner of the bucket and a way to run uploads into it.
struct UploadHarness {
    let server: S3TestServer
    let out: URL
    let prefix: String
    var bucket: String

    init(server: S3TestServer, bucket: String? = nil, prefix: String? = nil) {
        self.server = server
        self.bucket = bucket ?? server.bucket
        out = RepositoryPaths.temporaryDirectory("upload-out")
        self.prefix = prefix ?? "t-\(UUID().uuidString.prefix(8).lowercased())/fuel/"
    }

    func settings(
        endpoint: String, secret: String? = nil, sessionToken: String? = nil, dryRun: Bool = false,
        listPageSize: Int? = nil, allowShrink: Bool = false
    ) throws -> UploadSettings {
        var environment = [
            "AWS_ACCESS_KEY_ID": server.accessKeyID, "AWS_SECRET_ACCESS_KEY": secret ?? server.secret,
        ]
        environment["AWS_SESSION_TOKEN"] = sessionToken
        var settings = try UploadSettings(
            options: .testing(
                from: out, bucket: bucket, prefix: prefix, endpoint: endpoint, dryRun: dryRun, allowShrink: allowShrink),
            environment: environment)
        // Quick retries keep fault tests short; the attempt count stays the production one.
        settings.retry = RetryPolicy(maxAttempts: settings.retry.maxAttempts, baseDelay: 0.02, maxDelay: 0.2)
        settings.listPageSize = listPageSize
        return settings
    }

    /// Writes `build` into `OUT` and publishes it through a fresh proxy without faults: the state a test starts from.
    /// - Returns: that proxy, for reading the bucket back.
    @discardableResult
    func publish(_ build: TestBuild) async throws -> S3Proxy {
        let proxy = try S3Proxy(server)
        try build.write(to: out)
        try await upload(through: proxy.endpoint)
        return proxy
    }

    /// Uploads the current `OUT/fuel` through `endpoint`.
    @discardableResult
    func upload(
        through endpoint: String, secret: String? = nil, dryRun: Bool = false, listPageSize: Int? = nil,
        allowShrink: Bool = false, log: LineCapture = LineCapture()
    ) async throws -> UploadSummary {
        let settings = try settings(
            endpoint: endpoint, secret: secret, dryRun: dryRun, listPageSize: listPageSize, allowShrink: allowShrink)
        return try await FormatOneUpload(settings: settings, log: log.sink).run()
    }

    /// Uploads the current `OUT/fuel` through a fresh proxy with `faults`, which must refuse it.
    /// - Returns: the refusal, and the proxy for reading what reached the bucket.
    func refusedUpload(faults: [String] = []) async throws -> (error: UploadError, proxy: S3Proxy) {
        let proxy = try S3Proxy(server, faults: faults)
        let error = try await #require(throws: UploadError.self) { try await upload(through: proxy.endpoint) }
        return (error, proxy)
    }

    /// A client for checking the bucket, straight to the server (no faults).
    func client(endpoint: String? = nil) throws -> S3Client {
        let settings = try settings(endpoint: endpoint ?? server.endpoint)
        return S3Client(
            endpoint: settings.endpoint, bucket: bucket,
            signer: SigV4Signer(credentials: settings.credentials, region: settings.region),
            http: HTTPClient(maxConcurrentTransfers: 4), retry: .none)
    }

    /// ETags by path below the prefix, listed straight from the server (moto mis-verifies `/` in a query, so the
    /// listing goes through a clean proxy).
    func remote(through proxy: S3Proxy) async throws -> [String: String] {
        let (etags, _) = try await client(endpoint: proxy.endpoint).listAll(prefix: prefix)
        return Dictionary(uniqueKeysWithValues: etags.map { (String($0.key.dropFirst(prefix.count)), $0.value) })
    }

    /// The stored bytes of a path below the prefix.
    func stored(_ path: String, through proxy: S3Proxy) async throws -> HTTPResponse {
        try await client(endpoint: proxy.endpoint).get(key: prefix + path)
    }
}

/// Format 1's upload alone: a ``Publisher`` with layout `v1` (locked, forward only), its format-1 summary.
struct FormatOneUpload {
    var settings: UploadSettings
    var log: @Sendable (UploadEvent) -> Void
    /// The clock and beat of the lock's lease (simulated in `LockLeaseTests`).
    var leaseTiming = LeaseTiming()

    func run() async throws -> UploadSummary {
        var publisher = Publisher.alone(.v1, settings, log: log)
        publisher.leaseTiming = leaseTiming
        return try #require(try await publisher.run().formatOne)
    }
}

/// Format 2's upload alone: a ``Publisher`` with layout `v2` (locked, forward only), its format-2 summary.
struct FormatTwoUpload {
    var settings: UploadSettings
    var log: @Sendable (UploadEvent) -> Void
    /// Awaited after each phase that wrote something (the publisher's test hook).
    var afterPhase: @Sendable (String) async -> Void = { _ in }

    func run() async throws -> Format2Summary {
        var publisher = Publisher.alone(.v2, settings, log: log)
        publisher.afterPhase = afterPhase
        return try #require(try await publisher.run().formatTwo)
    }
}

extension Publisher {
    /// A publisher of `settings` with their layout set to the one format `layout`.
    fileprivate static func alone(
        _ layout: PublishLayout, _ settings: UploadSettings, log: @escaping @Sendable (UploadEvent) -> Void
    ) -> Publisher {
        var settings = settings
        settings.layout = layout
        return Publisher(settings: settings, log: log)
    }
}

extension UploadOptions {
    /// The options the upload tests give: `out` to `bucket` at `endpoint` under `prefix` (nil: the default `fuel/`),
    /// four transfers at once.
    static func testing(
        from out: URL, bucket: String, prefix: String?, endpoint: String, dryRun: Bool = false,
        allowShrink: Bool = false
    ) -> UploadOptions {
        var options = UploadOptions(from: out, bucket: bucket, endpoint: endpoint)
        options.prefix = prefix
        options.concurrency = 4
        options.dryRun = dryRun
        options.allowShrink = allowShrink
        return options
    }
}
