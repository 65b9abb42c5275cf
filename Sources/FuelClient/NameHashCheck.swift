import Foundation
import FuelFormat

extension RemoteFile {
    /// The hash a format-2 file's name holds: the first 16 hex digits of the SHA-256 of its stored (gzipped) bytes.
    /// Nil for the indexes, which are named for what they are, not for their bytes.
    var nameHash: String? {
        guard case .snapshotTile(_, let hash) = self else { return nil }
        return hash
    }
}

/// Holds a file named by hash (a format-2 tile) to the hash in its name, before its bytes are parsed or cached.
///
/// The name hashes the stored bytes, which are gzip. A body that is gzip must hash to the name. A body that is not
/// gzip is accepted only when the HTTP layer inflated it (the response said `Content-Encoding: gzip`, and URLSession
/// always inflates such a body): the stored bytes never reached the client, so it cannot be checked. Any other body
/// (plain JSON in a build folder, say) is not the file its name hashes and is refused.
enum NameHashCheck {
    /// Refuses bytes that are not the ones the file's name hashes; passes files not named by hash, and bodies the
    /// HTTP layer inflated (see above).
    /// - Parameters:
    ///   - body: the bytes as the transport delivered them, or as the disk cache kept them.
    ///   - file: the file they are for.
    ///   - contentEncodingGzip: the response carried `Content-Encoding: gzip`.
    /// - Throws: ``NearbyError`` with ``NearbyError/Code/hashMismatch`` when the bytes are not the ones the name
    ///   hashes.
    static func check(_ body: Data, of file: RemoteFile, contentEncodingGzip: Bool) throws(NearbyError) {
        guard let expected = file.nameHash else { return }
        guard GzipReader.isGzip(body) else {
            if contentEncodingGzip { return }
            throw .hashMismatch(
                "the file is not gzip, so it is not the stored file its name hashes (\(expected)); it was changed "
                    + "after it was published")
        }
        let found = String(SHA256.hexDigest(of: [UInt8](body)).prefix(SnapshotFormat.hashLength))
        guard found == expected else {
            throw .hashMismatch(
                "its bytes hash to \(found), not to \(expected) as its name says; it was changed or damaged after it "
                    + "was published")
        }
    }
}
