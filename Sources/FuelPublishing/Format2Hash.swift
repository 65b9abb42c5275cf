import FuelCodecs
import FuelFormat

/// The hash a format-2 object's name holds (`tiles/77_-19.<hash>.json`): the first 16 hex digits of the SHA-256 of
/// the document's JSON. The build names its objects with it, the upload and `verify` check the bucket's objects
/// against it.
///
/// A name holds the hash of the document's JSON, not of the gzip bytes stored: every HTTP reader receives the JSON
/// (objects are served with `Content-Encoding: gzip`, which the HTTP layer decodes), so that is what a reader can
/// check against the name.
public enum Format2Hash {
    /// The name's hash of a document's JSON.
    public static func of(json: [UInt8]) -> String { name(digest: Digest.hex(Digest.sha256(json))) }

    /// The name's hash of a stored object, as a reader computes it: of the JSON it inflates to when it is gzip, of its
    /// bytes as they are otherwise. Gzip that does not inflate is hashed as it is, which matches no name a build gave.
    public static func of(stored: [UInt8]) -> String {
        guard stored.starts(with: [0x1F, 0x8B]), let json = try? Gzip.decompress(stored) else {
            return of(json: stored)
        }
        return of(json: json)
    }

    /// The first 16 digits of a hex SHA-256, as a name holds them.
    public static func name(digest: String) -> String { String(digest.prefix(Format2.hashLength)) }
}
