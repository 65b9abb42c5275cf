import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP

/// A format's live index, read once by a publish before its LIST: the forward check, the shrink guard and the
/// check that nobody replaced the index since the LIST all rest on this one read.
struct LiveIndex: Sendable {
    /// The index's full key.
    let key: String
    /// The successful GET; nil when the bucket holds no index.
    let response: HTTPResponse?

    /// The largest index inflated: far above any real one, far below what a hostile body could cost.
    static let maxInflatedBytes = 16 << 20

    /// The ETag the GET returned.
    var etag: String? { response?.header("etag") }

    /// Reads the index at `key`.
    /// - Throws: ``UploadError/request(_:)`` when it cannot be fetched (after retries) or answers neither 200 nor
    ///   404: nothing has been written yet.
    static func read(key: String, session: PublishSession) async throws -> LiveIndex {
        try session.stop.check()
        let response: HTTPResponse
        do {
            response = try await session.client.get(key: key)
        } catch {
            throw UploadError.request("cannot read the live \(key): \(error); nothing was written")
        }
        if response.status == 404 { return LiveIndex(key: key, response: nil) }
        guard response.status == 200 else {
            throw UploadError.request(
                "cannot read the live \(key): \(session.client.failure("GET \(key)", response)); nothing was written")
        }
        return LiveIndex(key: key, response: response)
    }

    /// The index decoded; nil when there is none.
    /// - Throws: ``UploadError/request(_:)`` naming the key when it is not gzip of a readable index.
    func decode<Index: Decodable>(_ type: Index.Type) throws -> Index? {
        guard let response else { return nil }
        do {
            let json = try Gzip.decompress(response.body, limit: Self.maxInflatedBytes)
            return try JSONDecoder().decode(type, from: Data(json))
        } catch {
            throw UploadError.request("cannot read \(key): \(ErrorText.describe(error))")
        }
    }
}
