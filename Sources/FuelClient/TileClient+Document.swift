import Foundation
import FuelFormat

/// The small documents below `fuel/` a client reads afresh beside the tiles (a trend, an id shard).
extension TileClient {
    /// Fetches the document at `path` below `fuel/`, holds a format-2 document to the hash in its name like a tile,
    /// decodes it and checks it is the one asked for.
    /// - Parameters:
    ///   - path: where it is below `fuel/`.
    ///   - nameHash: the hash its name holds (format 2); nil in format 1.
    ///   - absentWhenNotFound: whether an HTTP 404 means there is no such document (nil) rather than a failure.
    ///   - unavailable: the error of the document's kind, from its URL and why it cannot be read.
    ///   - mismatch: why a decoded document is not the one asked for (another country's, another shard); nil when it is.
    /// - Returns: the document; nil for a 404 when `absentWhenNotFound`.
    /// - Throws: ``NearbyError/Code/hashMismatch`` for a format-2 document that is not the one its name hashes;
    ///   `unavailable`'s error when it cannot be fetched, decoded or is not the one asked for.
    func document<Document: Decodable>(
        at path: String, nameHash: String?, absentWhenNotFound: Bool = false,
        unavailable: (_ url: String, _ reason: String) -> NearbyError, mismatch: (Document) -> String?
    ) async throws(NearbyError) -> Document? {
        let url = base.appendingPathComponent("fuel", isDirectory: true).appendingPathComponent(path)
        let response: TileResponse
        do {
            response = try await transport.send(TileRequest(url: url, headers: [:]))
        } catch {
            throw unavailable(url.absoluteString, "no answer: \(error.localizedDescription)")
        }
        if response.status == 404, absentWhenNotFound { return nil }
        guard response.status == 200 else { throw unavailable(url.absoluteString, "HTTP \(response.status)") }
        let document: Document
        do {
            let json = try NameHashCheck.document(response.body, nameHash: nameHash, limit: Self.maxFileBytes)
            try NameHashCheck.check(json, nameHash: nameHash)
            document = try JSONDecoder().decode(Document.self, from: json)
        } catch let error as NearbyError {
            throw error
        } catch {
            throw unavailable(url.absoluteString, ErrorText.describe(error))
        }
        if let reason = mismatch(document) { throw unavailable(url.absoluteString, reason) }
        return document
    }
}
