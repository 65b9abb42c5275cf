import Foundation
import FuelHTTP
import FuelUpload
import _FuelTestSupport

/// Uploads over an in-process transport into an ``InMemoryS3`` bucket: the upload's plan, phases, conditions, retries
/// and lock, with no server. Faults are scripted on the transport, which records every request; `intercept` sees
/// each request first and may answer it instead of the bucket (a reset after the write landed, a rival publisher).
struct InProcessUpload {
    static let endpoint = "http://s3.test"
    static let bucket = "fuel-test"
    static let accessKey = "AKIDINPROCESS"
    static let environment = ["AWS_ACCESS_KEY_ID": accessKey, "AWS_SECRET_ACCESS_KEY": "in-process-secret"]

    let s3 = InMemoryS3(buckets: [Self.bucket])
    let transport: ScriptedTransport
    let out = RepositoryPaths.temporaryDirectory("upload-out")
    let prefix = "fuel/"

    /// - Parameters:
    ///   - latency: seconds each answer takes, so concurrent requests overlap as they would on a network.
    ///   - intercept: answers a request in the bucket's place when it returns a reply.
    init(
        latency: Double = 0.001,
        intercept: (@Sendable (HTTPRequest, InMemoryS3) -> ScriptedTransport.Reply?)? = nil
    ) {
        self.init(latencyOf: { _ in latency }, intercept: intercept)
    }

    /// - Parameter latencyOf: seconds the answer to each request takes.
    init(
        latencyOf: @escaping @Sendable (HTTPRequest) -> Double,
        intercept: (@Sendable (HTTPRequest, InMemoryS3) -> ScriptedTransport.Reply?)? = nil
    ) {
        let s3 = self.s3
        transport = ScriptedTransport(latency: latencyOf) { request in
            intercept?(request, s3) ?? s3.reply(to: request)
        }
    }

    func settings(dryRun: Bool = false, listPageSize: Int? = nil, allowShrink: Bool = false) throws -> UploadSettings {
        var settings = try UploadSettings(
            options: .testing(
                from: out, bucket: Self.bucket, prefix: prefix, endpoint: Self.endpoint, dryRun: dryRun,
                allowShrink: allowShrink),
            environment: Self.environment)
        settings.retry = RetryPolicy(maxAttempts: settings.retry.maxAttempts, baseDelay: 0, maxDelay: 0)
        settings.listPageSize = listPageSize
        settings.transport = transport
        return settings
    }

    /// Uploads the current `OUT/fuel`.
    @discardableResult
    func upload(
        dryRun: Bool = false, listPageSize: Int? = nil, allowShrink: Bool = false, log: LineCapture = LineCapture()
    ) async throws -> UploadSummary {
        let settings = try settings(dryRun: dryRun, listPageSize: listPageSize, allowShrink: allowShrink)
        return try await FormatOneUpload(settings: settings, log: log.sink).run()
    }

    /// Writes `build` into `OUT` and uploads it: the state a test starts from. The transport's log is cleared after.
    func publish(_ build: TestBuild) async throws {
        try build.write(to: out)
        try await upload()
        transport.clearLog()
    }

    /// The bucket's objects below the prefix, by path.
    var remote: [String: InMemoryS3.Object] {
        Dictionary(
            uniqueKeysWithValues: s3.objects(in: Self.bucket).filter { $0.key.hasPrefix(prefix) }
                .map { (String($0.key.dropFirst(prefix.count)), $0.value) })
    }

    /// The requests sent, the lock's left out.
    var sent: [ScriptedTransport.Sent] { transport.sent.filter { !$0.path.hasSuffix("/.lock") } }

    /// The bucket path of a key below the prefix: `/fuel-test/fuel/index.json`.
    func path(_ relative: String) -> String { "/\(Self.bucket)/\(prefix)\(relative)" }

    func remove() { try? FileManager.default.removeItem(at: out) }
}

extension ScriptedTransport.Sent {
    /// A ListObjectsV2 request.
    var isList: Bool { method == "GET" && query["list-type"] == "2" }
}
