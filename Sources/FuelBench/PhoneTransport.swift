import Foundation
import FuelClient
import FuelHTTP
import FuelUpload
import Synchronization

/// public bucket or CDN would. Counts the phone's requests and the body bytes it received.
final class PhoneTransport: TileTransport {
    private let client: S3Client
    private let counts = Mutex((requests: 0, bytes: 0, notModified: 0))

    init(client: S3Client) { self.client = client }

    /// Requests, body bytes received and 304 answers so far.
    var totals: (requests: Int, bytes: Int, notModified: Int) { counts.withLock { $0 } }

    func send(_ request: TileRequest) async throws -> TileResponse {
        let key = String(request.url.path.drop { $0 == "/" })
        let response = try await client.get(key: key)
        var headers: [String: String] = [:]
        for (name, value) in response.headers { headers[name.lowercased()] = value }
        if response.body.prefix(2) != [0x1f, 0x8b] { headers["content-encoding"] = nil }  // decoded on the way
        let etag = response.header("ETag")
        let asked = request.headers.first { $0.key.lowercased() == "if-none-match" }?.value
        if response.isSuccess, let etag, let asked,
            asked.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == etag
            })
        {
            counts.withLock {
                $0.requests += 1
                $0.notModified += 1
            }
            return TileResponse(status: 304, headers: headers)
        }
        counts.withLock {
            $0.requests += 1
            $0.bytes += response.body.count
        }
        return TileResponse(status: response.status, headers: headers, body: Data(response.body))
    }
}
