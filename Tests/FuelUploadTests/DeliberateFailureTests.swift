import Foundation
import FuelHTTP
import FuelUpload
import Testing
import _FuelTestSupport

/// Tests that fail on purpose against the shared S3 server, for ``QuietOutputTests`` to run in a child test run and
/// check that each failure, a failed expectation or a thrown error, shows the server's log tail. They run only when
/// `FUEL_DELIBERATE_FAILURE` names an object key; otherwise they are reported as skipped, with this reason.
@Suite(.tags(.server), .serverLogsOnFailure) struct DeliberateFailureTests {
    static let variable = "FUEL_DELIBERATE_FAILURE"
    static let key = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }

    /// Thrown when the object is missing, as it always is.
    struct MissingObject: Error, CustomStringConvertible {
        var status: Int
        var description: String { "deliberate: HEAD answered \(status)" }
    }

    @Test(.enabled(if: key != nil, "fails on purpose; QuietOutputTests runs it with FUEL_DELIBERATE_FAILURE set"))
    func headsAMissingObjectAndFails() async throws {
        let response = try await Self.head(suffix: "")
        #expect(response.status == 200, "deliberate: this object was never uploaded")
    }

    @Test(.enabled(if: key != nil, "fails on purpose; QuietOutputTests runs it with FUEL_DELIBERATE_FAILURE set"))
    func headsAMissingObjectAndThrows() async throws {
        let response = try await Self.head(suffix: "-thrown")
        guard response.status == 200 else { throw MissingObject(status: response.status) }
    }

    /// HEAD of `<key><suffix>` in the direct bucket, which moto logs as a request line.
    static func head(suffix: String) async throws -> HTTPResponse {
        let server = try S3TestServer.shared()
        let harness = UploadHarness(server: server, bucket: server.directBucket, prefix: "")
        return try await harness.client().head(key: try #require(key) + suffix)
    }
}
