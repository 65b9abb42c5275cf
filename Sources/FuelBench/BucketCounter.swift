import Foundation
import FuelClient
import FuelHTTP
import FuelUpload
import Synchronization

/// The uploader's requests to the bucket, classed as R2 bills them: PUT, POST, COPY and LIST are Class A, GET and

/// HEAD Class B, DELETE free.
final class BucketCounter: HTTPTransport {
    struct Counts: Sendable, Equatable {
        var puts = 0
        var lists = 0
        var otherClassA = 0
        var classB = 0
        var deletes = 0
        var bytesSent = 0

        var classA: Int { puts + lists + otherClassA }
    }

    private let inner: any HTTPTransport
    private let counts = Mutex(Counts())

    init(_ inner: any HTTPTransport = HTTPClient()) { self.inner = inner }

    /// Everything counted so far.
    var totals: Counts { counts.withLock { $0 } }

    func send(_ request: HTTPRequest, progress: (@Sendable (Int64) -> Void)?) async throws -> HTTPResponse {
        let query = URLComponents(string: request.url)?.queryItems?.map(\.name) ?? []
        counts.withLock {
            switch request.method {
            case "PUT":
                $0.puts += 1
                $0.bytesSent += request.body?.count ?? 0
            case "POST": $0.otherClassA += 1
            case "DELETE": $0.deletes += 1
            case "GET" where query.contains("list-type") || query.contains("prefix"): $0.lists += 1
            default: $0.classB += 1
            }
        }
        return try await inner.send(request, progress: progress)
    }
}

/// The phone's view of the bucket over HTTP: `http://bucket/fuel/…` read as the object `fuel/…` with a signed GET

/// (the local S3 server allows no anonymous reads), and a matching `If-None-Match` answered 304 without a body as a
