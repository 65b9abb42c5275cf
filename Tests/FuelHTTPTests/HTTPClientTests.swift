import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP
import Synchronization
import Testing
import _FuelTestSupport

@Suite(.tags(.server), .serverLogsOnFailure) struct HTTPClientTests {
    static let document = Array(
        #"{"Fecha":"27\/09\/2025 18:05:47","ListaEESSPrecio":[],"ResultadoConsulta":"OK"}"#.utf8)
    static let large = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }

    @Test func getReturnsBodyHeadersAndSendsUserAgent() async throws {
        let harness = try FeedServerHarness(files: ["ES/doc.json": Self.document])
        let response = try await harness.client.send(HTTPRequest(url: harness.url("/files/ES/doc.json")))
        #expect(response.status == 200)
        #expect(response.body == Self.document)
        #expect(response.bytesReceived == Self.document.count)
        #expect(response.header("ETag")?.hasPrefix("\"") == true)
        #expect(response.header("content-type") == "application/json")
        let seen = try await harness.requests(path: "/files/ES/doc.json")
        #expect(seen.count == 1)
        #expect(
            seen.first?.headers["user-agent"]
                == "FuelTiles/\(FuelTilesRelease.version) (+https://github.com/fueltiles/fueltiles)")
    }

    @Test func gzipIsRequestedAndDecoded() async throws {
        let harness = try FeedServerHarness(files: ["big.bin": Self.large])
        let response = try await harness.client.send(HTTPRequest(url: harness.url("/files/big.bin"), acceptGzip: true))
        #expect(response.header("content-encoding") == "gzip")
        #expect(response.body == Self.large)
        let seen = try await harness.requests(path: "/files/big.bin")
        #expect(seen.first?.headers["accept-encoding"]?.contains("gzip") == true)
    }

    @Test func putSendsTheBodyWithAContentTypeAndNoExpect() async throws {
        let harness = try FeedServerHarness()
        let body = Self.large
        let response = try await harness.client.send(
            HTTPRequest(method: "PUT", url: harness.url("/echo"), headers: [HTTPHeader("X-Test", "1")], body: body))
        let echo = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        let headers = echo?["headers"] as? [String: String] ?? [:]
        #expect(echo?["method"] as? String == "PUT")
        #expect(echo?["bodyBytes"] as? Int == body.count)
        #expect(echo?["bodySHA256"] as? String == Digest.hex(Digest.sha256(body)))
        #expect(headers["content-type"] == "application/octet-stream")
        #expect(headers["expect"] == nil)
        #expect(headers["x-test"] == "1")
    }

    @Test func methodsWithoutBodies() async throws {
        let harness = try FeedServerHarness(files: ["a.json": Self.document])
        let head = try await harness.client.send(HTTPRequest(method: "HEAD", url: harness.url("/files/a.json")))
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.header("content-length") == "\(Self.document.count)")
        let delete = try await harness.client.send(HTTPRequest(method: "DELETE", url: harness.url("/echo")))
        let echo = try JSONSerialization.jsonObject(with: Data(delete.body)) as? [String: Any]
        #expect(echo?["method"] as? String == "DELETE")
    }

    @Test func responseStreamsToAFile() async throws {
        let harness = try FeedServerHarness(files: ["big.bin": Self.large])
        let target = harness.root.appendingPathComponent("download.tmp")
        let progress = ProgressRecorder()
        let response = try await harness.client.send(
            HTTPRequest(url: harness.url("/files/big.bin"), responseFile: target), progress: progress.record)
        #expect(response.body.isEmpty)
        #expect(response.bytesReceived == Self.large.count)
        #expect(try Data(contentsOf: target) == Data(Self.large))
        #expect(progress.last == Int64(Self.large.count))
    }

    @Test func redirectsAreFollowed() async throws {
        let harness = try FeedServerHarness(files: ["a.json": Self.document])
        let response = try await harness.client.send(HTTPRequest(url: harness.url("/redirect?to=/files/a.json")))
        #expect(response.status == 200)
        #expect(response.body == Self.document)
        #expect(response.url.hasSuffix("/files/a.json"))
    }

    @Test func statusesAreReturnedNotThrown() async throws {
        let harness = try FeedServerHarness()
        let response = try await harness.client.send(HTTPRequest(url: harness.url("/nothing-here")))
        #expect(response.status == 404)
        #expect(throws: HTTPError.self) { try response.requireSuccess() }
    }

    @Test func transfersRunOnDedicatedThreadsNotTheCooperativePool() async throws {
        let harness = try FeedServerHarness()
        let count = 8
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<count {
                group.addTask {
                    try await harness.client.send(HTTPRequest(url: harness.url("/sleep?seconds=1.5"))).status
                }
            }
            for try await status in group { #expect(status == 200) }
        }
        // With the blocking call on the 2-thread cooperative pool, at most 2 would overlap.
        #expect(try await harness.peakInFlight() == count)
    }

    @Test func concurrencyIsCappedAtTheLimit() async throws {
        let harness = try FeedServerHarness()
        let client = HTTPClient(maxConcurrentTransfers: 3)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<7 {
                group.addTask { _ = try await client.send(HTTPRequest(url: harness.url("/sleep?seconds=0.3"))) }
            }
            try await group.waitForAll()
        }
        #expect(try await harness.peakInFlight() <= 3)
        #expect(try await harness.requests(path: "/sleep").count == 7)
    }

    @Test func cancellationAbortsARunningTransfer() async throws {
        let harness = try FeedServerHarness()
        let task = Task { try await harness.client.send(HTTPRequest(url: harness.url("/sleep?seconds=20"))) }
        try await Task.sleep(nanoseconds: 300_000_000)
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
    }

    @Test func invalidHeadersAreRefusedBeforeSending() async throws {
        let harness = try FeedServerHarness()
        let request = HTTPRequest(url: harness.url("/echo"), headers: [HTTPHeader("X-Bad", "a\r\nInjected: 1")])
        await #expect(throws: HTTPError.self) { _ = try await harness.client.send(request) }
        #expect(try await harness.requests(path: "/echo").isEmpty)
    }
}

/// Collects progress callbacks (they arrive on the transfer thread).
final class ProgressRecorder: Sendable {
    private let values = Mutex<[Int64]>([])
    var last: Int64? { values.withLock { $0.last } }
    var record: @Sendable (Int64) -> Void { { value in self.values.withLock { $0.append(value) } } }
}
