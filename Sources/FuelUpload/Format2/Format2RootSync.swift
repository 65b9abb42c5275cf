import Foundation
import FuelCodecs
import FuelFormat
import FuelPublishing

/// `v2/root.json` follows the live index (rule R15): written after every index PUT, by an upload and by a rollback,
/// as the index's projection; deleted when the live index is of a build before roots, so that a reader of roots
/// falls back to `index.json` (its 404). A run that stopped between the index and the root is healed by the next,
/// which writes the root even when the index is unchanged.
struct Format2RootSync: Sendable {
    /// The phase's name in progress and errors.
    static let phase = "root"

    /// What to do with `root.json` once `index.json` is live.
    enum Step: Sendable, Equatable {
        /// The bucket's root is already the projection of the live index (or there is none to have).
        case none
        /// PUT this root.
        case put(LocalObject)
        /// DELETE the bucket's root: the live index is of a build before roots.
        case delete
    }

    /// The step that makes the bucket's root the projection of `index`.
    /// - Parameters:
    ///   - local: the root's gzipped bytes as the build wrote them; nil derives them from `index`.
    ///   - bucketETag: the listed ETag of `root.json`, nil when the bucket has none.
    static func step(for index: Format2Index, local: [UInt8]? = nil, bucketETag: String?) -> Step {
        guard let root = Format2Root(projecting: index) else { return bucketETag == nil ? .none : .delete }
        let object = LocalObject(
            path: Format2.rootPath, kind: .index, bytes: local ?? Gzip.compress(TileEncoder.encode(root)))
        return bucketETag.map(UploadPlan.normalise) == object.md5Hex ? .none : .put(object)
    }

    /// Carries out `step` under `prefix`, with the index's cache lifetime.
    /// - Throws: ``UploadError/objectsFailed(phase:failures:notAttempted:indexWritten:)`` when it fails: the index
    ///   is live, and the next publish writes the root again.
    static func apply(_ step: Step, prefix: String, cacheControl: String, client: S3Client) async throws {
        let failure: String?
        switch step {
        case .none: return
        case .put(let object):
            failure = await client.putObject(object, key: prefix + object.path, cacheControl: cacheControl)
        case .delete:
            failure = await client.deleteObject(prefix + Format2.rootPath)
        }
        if let failure {
            throw UploadError.objectsFailed(phase: phase, failures: [failure], notAttempted: 0, indexWritten: true)
        }
    }
}
