import Foundation
import FuelHTTP
import FuelUpload
import Testing
import _FuelTestSupport

/// The server really checks signatures, and no secret ever reaches the output.
@Suite(.tags(.server), .serialized, .serverLogsOnFailure) struct UploadSecurityTests {
    let server: S3TestServer

    init() throws { server = try S3TestServer.shared() }

    static let wrongSecret = "WRONGsecret/abc+def=0123456789WRONGsecret"
    static let sessionToken = "SESSIONtoken/xyz+uvw=9876543210SESSIONtoken"

    @Test func serverAcceptsOurSignaturesAndRejectsAWrongSecret() async throws {
        // Straight to moto, no proxy: the bucket root as prefix keeps `/` out of the LIST query, which moto
        // mis-verifies (see s3_proxy.py), so every request here is checked by moto itself.
        let harness = UploadHarness(server: server, bucket: server.directBucket, prefix: "")
        try TestBuild.sample().write(to: harness.out)

        do {
            try await harness.upload(through: server.endpoint, secret: Self.wrongSecret)
            Issue.record("a wrong secret was accepted")
        } catch {
            #expect("\(error)".contains("HTTP 403 SignatureDoesNotMatch"))
        }

        let first = try await harness.upload(through: server.endpoint)
        #expect(first.puts == TestBuild.sample().files.count)
        let again = try await harness.upload(through: server.endpoint)
        #expect(again.puts == 0)

        // A single PUT signed with the wrong secret is refused and stores nothing.
        let endpoint = try S3Endpoint(parsing: server.endpoint, source: "test")
        let wrong = S3Client(
            endpoint: endpoint, bucket: server.directBucket,
            signer: SigV4Signer(
                credentials: .init(accessKeyID: server.accessKeyID, secretAccessKey: Self.wrongSecret)),
            http: HTTPClient(maxConcurrentTransfers: 1), retry: .none)
        let refused = try await wrong.put(
            key: "forged.json", bytes: Array("{}".utf8), headers: [.init("Content-Type", "application/json")])
        #expect(refused.status == 403)
        #expect(S3ErrorBody(parsing: refused.body)?.code == "SignatureDoesNotMatch")
        let lookup = try await harness.client().head(key: "forged.json")
        #expect(lookup.status == 404)
    }

    @Test func noSecretAppearsInTheOutputOfFailingRuns() async throws {
        let harness = UploadHarness(server: server)
        try TestBuild.sample().write(to: harness.out)
        var texts: [String] = []

        // A wrong secret with a session token: rejected by the server.
        let log = LineCapture()
        var settings = try harness.settings(
            endpoint: server.endpoint, secret: Self.wrongSecret, sessionToken: Self.sessionToken)
        settings.retry = .none
        do {
            let summary = try await FormatOneUpload(settings: settings, log: log.sink).run()
            texts.append(summary.line)
            Issue.record("the run should have failed")
        } catch {
            texts.append("\(error)")
            texts.append(String(reflecting: error))
        }
        texts += log.all
        texts.append(String(reflecting: settings))

        // The right secret, one tile failing for good: the failure path that lists objects.
        let failing = try S3Proxy(server, faults: ["--fail-key", harness.prefix + "tiles/380_-90.json"])
        let failingLog = LineCapture()
        do {
            try await harness.upload(through: failing.endpoint, log: failingLog)
            Issue.record("the run should have failed")
        } catch {
            texts.append("\(error)")
        }
        texts += failingLog.all

        let output = texts.joined(separator: "\n")
        #expect(output.contains("SignatureDoesNotMatch") || output.contains("InvalidToken"))
        #expect(output.contains("380_-90"))
        for secret in [Self.wrongSecret, Self.sessionToken, server.secret] {
            #expect(!output.contains(secret))
        }
    }

    /// `fuel-publish upload` as built.
    @Test(.tags(.executable))
    func noSecretInTheBinarysStdoutAndStderr() throws {
        let harness = UploadHarness(server: server)
        try TestBuild.sample().write(to: harness.out)
        let result = try BuiltTool.run(
            [
                "upload", "--from", harness.out.path, "--bucket", server.bucket, "--prefix", harness.prefix,
                "--endpoint", server.endpoint,
            ],
            environment: [
                "AWS_ACCESS_KEY_ID": server.accessKeyID, "AWS_SECRET_ACCESS_KEY": Self.wrongSecret,
                "AWS_SESSION_TOKEN": Self.sessionToken,
            ])
        #expect(result.status == 1)
        // It reached the server and was refused there (moto rejects the unknown session token first).
        #expect(
            result.output.contains("HTTP 400 InvalidToken") || result.output.contains("HTTP 403 SignatureDoesNotMatch"))
        for secret in [Self.wrongSecret, Self.sessionToken] { #expect(!result.output.contains(secret)) }
    }
}

/// The `fuel-publish` executable next to the test bundle.
enum BuiltTool {
    /// Runs the tool; stdout and stderr together.
    /// - Throws: ``ChildProcessError`` when it is not built (it cannot start) or overruns its deadline.
    static func run(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
        let url = Executable.url("fuel-publish")
        var env = ProcessInfo.processInfo.environment
        for name in env.keys where name.hasPrefix("AWS_") { env[name] = nil }
        env.merge(environment) { $1 }
        let result = try CapturedRun.run(url.path, arguments, environment: env, stderrIntoStdout: true)
        return (result.status, result.stdout)
    }
}
