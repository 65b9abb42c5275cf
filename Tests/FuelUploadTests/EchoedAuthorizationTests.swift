import Foundation
import FuelHTTP
import Testing
import _FuelTestSupport

@testable import FuelUpload

/// A server's error body that echoes the request's `Authorization` line (some proxies and S3 implementations do)
/// prints neither the access key id nor the signature: `Credential=…` and `Signature=…` are left.
@Suite struct EchoedAuthorizationTests {
    enum Body: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case s3Error = "an S3 <Error> whose message quotes the header"
        case plainText = "a plain-text body with the request's headers"
        case retriedThenRefused = "a 503 echoing it (retried, logged), then a 403"

        var testDescription: String { rawValue }

        func reply(_ authorization: String, attempt: Int) -> ScriptedTransport.Reply {
            switch self {
            case .s3Error:
                let xml =
                    "<?xml version=\"1.0\"?><Error><Code>AccessDenied</Code><Message>denied for Authorization: "
                    + "\(authorization)</Message><AWSAccessKeyId>\(InProcessUpload.accessKey)</AWSAccessKeyId>"
                    + "</Error>"
                return ScriptedTransport.Reply(status: 403, body: Array(xml.utf8))
            case .plainText:
                return ScriptedTransport.Reply(
                    status: 400, body: Array("bad request\nHost: s3.test\nAuthorization: \(authorization)\n".utf8))
            case .retriedThenRefused:
                let text = "<Error><Code>SlowDown</Code><Message>\(authorization)</Message></Error>"
                return ScriptedTransport.Reply(status: attempt == 1 ? 503 : 403, body: Array(text.utf8))
            }
        }
    }

    @Test(arguments: Body.allCases)
    func anEchoedAuthorizationLinePrintsNoKeyIdOrSignature(_ body: Body) async throws {
        let seen = Seen()
        let upload = InProcessUpload { request, _ in
            guard request.method == "GET", request.url.contains("list-type=2") else { return nil }
            let authorization = request.header("Authorization") ?? ""
            return body.reply(authorization, attempt: seen.record(authorization))
        }
        defer { upload.remove() }
        try TestBuild.sample().write(to: upload.out)
        let log = LineCapture()

        let error = try await #require(throws: UploadError.self) { try await upload.upload(log: log) }

        let output = (["\(error)", String(reflecting: error)] + log.all).joined(separator: "\n")
        let signatures = seen.all.compactMap { value in
            value.range(of: "Signature=").map { String(value[$0.upperBound...]) }
        }
        #expect(!signatures.isEmpty)
        #expect(!output.contains(InProcessUpload.accessKey), "\(output)")
        for signature in signatures { #expect(!output.contains(signature), "\(output)") }
        #expect(output.contains("Credential=…") && output.contains("Signature=…"), "\(output)")
        if body == .retriedThenRefused { #expect(log.all.contains { $0.hasPrefix("retrying LIST") }, "\(log.all)") }
    }

    @Test func theScrubKeepsTheRestOfTheText() {
        let line =
            "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261204/auto/s3/aws4_request, "
            + "SignedHeaders=host;x-amz-date, Signature=0123abcd; X-Amz-Credential=AKIDEXAMPLE%2F20261204&x=1"
        #expect(
            Redaction.scrubSigning(line)
                == "AWS4-HMAC-SHA256 Credential=…, SignedHeaders=host;x-amz-date, Signature=…; X-Amz-Credential=…&x=1")
    }

    /// The Authorization headers the server saw, in order.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String] = []

        /// Records one and returns how many were seen so far.
        func record(_ value: String) -> Int {
            lock.lock()
            defer { lock.unlock() }
            values.append(value)
            return values.count
        }

        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return values
        }
    }
}
