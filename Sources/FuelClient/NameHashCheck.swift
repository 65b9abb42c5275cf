import Foundation
import FuelFormat

extension RemoteFile {
    /// The hash a format-2 file's name holds (for a part, the hash its leaf gives): the first 16 hex digits of the
    /// SHA-256 of its JSON document (the bytes after gzip decoding). Nil for the indexes and the root, which are named
    /// for what they are, not for their content.
    var nameHash: String? {
        switch self {
        case .format2Tile(_, let hash), .leaf(_, let hash), .idList(let hash): hash
        // A part's name holds its tile's hash; its own JSON's is the one its leaf gives (R15).
        case .part(_, _, _, let hash): hash
        case .index, .tile, .format2Index, .format2Root: nil
        }
    }
}

/// Holds a file named by hash (a format-2 tile or trend) to the hash in its name, before it is parsed or cached.
///
/// The name hashes the JSON document: what every HTTP reader receives once its HTTP layer has decoded
/// `Content-Encoding: gzip` (URLSession always does), and what the stored gzip inflates to. So every body is checked,
/// however it arrived: as JSON, or as gzip (a build folder, a transport that does not inflate, a disk copy of either),
/// inflated first. A gzip body that does not inflate is damaged, and fails the check too.
enum NameHashCheck {
    /// The document a body holds, inflated when it is gzip.
    /// - Parameters:
    ///   - body: the bytes as the transport delivered them, or as the disk cache kept them.
    ///   - nameHash: the hash the file's name holds; nil for a file not named by hash.
    ///   - limit: the largest document accepted, in bytes.
    /// - Throws: ``NearbyError`` with ``NearbyError/Code/hashMismatch`` for a file named by hash whose gzip does not
    ///   inflate; ``GzipReaderError`` for any other file's, and for a document larger than `limit`.
    static func document(_ body: Data, nameHash: String?, limit: Int) throws -> Data {
        guard GzipReader.isGzip(body) else { return body }
        do {
            return Data(try GzipReader.decompress([UInt8](body), limit: limit))
        } catch {
            guard let expected = nameHash, !error.isOverLimit else { throw error }
            throw NearbyError.hashMismatch(
                "its gzip does not inflate (\(error)), so it is not the document its name hashes (\(expected)); it "
                    + "was changed or damaged after it was published")
        }
    }

    /// Refuses a document that is not the one the file's name hashes; passes files not named by hash.
    /// - Parameters:
    ///   - json: the document, as ``document(_:nameHash:limit:)`` returned it.
    ///   - nameHash: the hash the file's name holds; nil for a file not named by hash.
    /// - Throws: ``NearbyError`` with ``NearbyError/Code/hashMismatch`` when the document is not the one the name
    ///   hashes.
    static func check(_ json: Data, nameHash: String?) throws(NearbyError) {
        guard let expected = nameHash else { return }
        let found = String(SHA256.hexDigest(of: [UInt8](json)).prefix(Format2.hashLength))
        guard found == expected else {
            throw .hashMismatch(
                "its JSON hashes to \(found), not to \(expected) as its name says; it was changed or damaged after "
                    + "it was published")
        }
    }
}
