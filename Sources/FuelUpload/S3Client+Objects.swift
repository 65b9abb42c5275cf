import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP

/// The published objects' requests, shared by both formats' uploads and by rollback: each answers nil on success or
/// says why it failed, so a batch can collect every failure.
extension S3Client {
    /// PUTs one gzipped JSON object and checks that the stored ETag is the MD5 of the bytes sent.
    func putObject(
        _ object: LocalObject, key: String, cacheControl: String, condition: SigV4Signer.Field? = nil
    ) async -> String? {
        let headers: [SigV4Signer.Field] =
            [
                .init("Content-Type", "application/json"), .init("Content-Encoding", "gzip"),
                .init("Cache-Control", cacheControl),
            ] + (condition.map { [$0] } ?? [])
        do {
            let response = try await put(key: key, bytes: object.bytes, headers: headers)
            guard response.isSuccess else { return failure("PUT \(key)", response).description }
            if let etag = response.header("etag"), UploadPlan.normalise(etag) != object.md5Hex {
                return "PUT \(key): the stored ETag \(etag) is not the MD5 of the bytes sent (\(object.md5Hex))"
            }
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// DELETEs one key; nil on success (or when it was already gone).
    func deleteObject(_ key: String) async -> String? {
        do {
            let response = try await delete(key: key)
            return response.isSuccess || response.status == 404
                ? nil : failure("DELETE \(key)", response).description
        } catch {
            return "\(error)"
        }
    }

    /// Throws ``UploadError/indexChanged`` unless the object at `key` has exactly the bytes whose MD5 is `md5`.
    func confirmObject(_ key: String, md5: String, purpose: String) async throws {
        let response: HTTPResponse
        do {
            response = try await head(key: key)
        } catch {
            throw UploadError.request("cannot check \(key) \(purpose): \(error)")
        }
        guard response.status == 200, let etag = response.header("etag"), UploadPlan.normalise(etag) == md5 else {
            throw UploadError.indexChanged
        }
    }

    /// PUTs an index guarded by its condition; a 412 or 409 is accepted when the index already has these bytes (a
    /// retried PUT whose first attempt landed).
    /// - Throws: ``UploadError/objectsFailed(phase:failures:notAttempted:indexWritten:)``, or
    ///   ``UploadError/indexChanged`` when another publisher replaced it.
    func putIndex(
        _ index: LocalObject, key: String, cacheControl: String, condition: UploadPlan.IndexCondition,
        log: @Sendable (UploadEvent) -> Void
    ) async throws {
        let header: SigV4Signer.Field =
            switch condition {
            case .ifMatch(let etag): .init("If-Match", etag)
            case .ifNoneMatch: .init("If-None-Match", "*")
            }
        let headers: [SigV4Signer.Field] = [
            .init("Content-Type", "application/json"), .init("Content-Encoding", "gzip"),
            .init("Cache-Control", cacheControl), header,
        ]
        let response: HTTPResponse
        do {
            response = try await put(key: key, bytes: index.bytes, headers: headers)
        } catch {
            throw UploadError.objectsFailed(
                phase: "the index", failures: ["\(error)"], notAttempted: 0, indexWritten: false)
        }
        if response.isSuccess { return }
        if response.status == 412 || response.status == 409 {
            try await confirmObject(key, md5: index.md5Hex, purpose: "after its conditional PUT")
            log(.indexAlreadyWritten(key: key))
            return
        }
        throw UploadError.objectsFailed(
            phase: "the index", failures: [failure("PUT \(key)", response).description], notAttempted: 0,
            indexWritten: false)
    }

    /// GETs a gzipped JSON document and decodes it; nil when the key does not exist.
    /// - Throws: ``UploadError/request(_:)`` naming the key when it cannot be read or decoded.
    func document<Document: Decodable>(_ type: Document.Type, key: String) async throws -> (
        document: Document, etag: String?, body: [UInt8]
    )? {
        let response: HTTPResponse
        do {
            response = try await get(key: key)
        } catch {
            throw UploadError.request("cannot read \(key): \(error)")
        }
        if response.status == 404 { return nil }
        do {
            guard response.status == 200 else { throw failure("GET \(key)", response) }
            let document = try JSONDecoder().decode(type, from: Data(try Gzip.decompress(response.body)))
            return (document, response.header("etag"), response.body)
        } catch {
            throw UploadError.request("cannot read \(key): \(ErrorText.describe(error))")
        }
    }
}
