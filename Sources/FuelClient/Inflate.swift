/// A pure-Swift reader of gzip (RFC 1952) members holding raw deflate (RFC 1951) data.
///
/// The published files are gzipped on disk; an iOS app must read them without linking zlib, so the client carries its
/// own small decoder. It checks each member's CRC-32 and length, and caps the output size.
public enum GzipReader {
    /// True when the bytes start with the gzip magic `1f 8b`.
    public static func isGzip(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        return iterator.next() == 0x1F && iterator.next() == 0x8B
    }

    /// Decompresses every gzip member in `bytes` and returns the concatenated output.
    /// - Parameter limit: the largest output accepted, in bytes (a guard against decompression bombs).
    /// - Throws: ``GzipReaderError`` for a damaged or truncated stream.
    public static func decompress(_ bytes: [UInt8], limit: Int = 256 << 20) throws(GzipReaderError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(min(bytes.count * 6, limit))
        var offset = 0
        repeat {
            offset = try decompressMember(bytes, at: offset, into: &output, limit: limit)
            // Trailing zero padding after the last member is tolerated, as gzip(1) does.
            while offset < bytes.count, bytes[offset] == 0 { offset += 1 }
        } while offset < bytes.count
        return output
    }

    private static func decompressMember(
        _ bytes: [UInt8],
        at start: Int,
        into output: inout [UInt8],
        limit: Int
    ) throws(GzipReaderError) -> Int {
        guard bytes.count - start >= 18 else { throw GzipReaderError("truncated gzip header") }
        guard bytes[start] == 0x1F, bytes[start + 1] == 0x8B else {
            throw GzipReaderError("not gzip data (no 1f 8b magic)")
        }
        guard bytes[start + 2] == 8 else { throw GzipReaderError("unknown compression method \(bytes[start + 2])") }
        let flags = bytes[start + 3]
        guard flags & 0xE0 == 0 else { throw GzipReaderError("reserved gzip header flags set") }
        var offset = start + 10
        if flags & 0x04 != 0 {  // FEXTRA
            guard offset + 2 <= bytes.count else { throw GzipReaderError("truncated gzip extra field") }
            offset += 2 + Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
        }
        for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {  // FNAME, FCOMMENT: zero-terminated
            while offset < bytes.count, bytes[offset] != 0 { offset += 1 }
            offset += 1
        }
        if flags & 0x02 != 0 { offset += 2 }  // FHCRC
        guard offset < bytes.count else { throw GzipReaderError("truncated gzip header") }

        let first = output.count
        var reader = BitReader(bytes: bytes, offset: offset)
        try Inflater.inflate(&reader, into: &output, limit: limit)
        offset = reader.alignedOffset
        guard offset + 8 <= bytes.count else { throw GzipReaderError("truncated gzip trailer") }
        let expectedCRC = littleEndian32(bytes, offset)
        let expectedSize = littleEndian32(bytes, offset + 4)
        let produced = output[first...]
        guard CRC32.checksum(produced) == expectedCRC else {
            throw GzipReaderError("CRC-32 mismatch: the data is damaged")
        }
        guard UInt32(truncatingIfNeeded: produced.count) == expectedSize else {
            throw GzipReaderError("length mismatch: the data is damaged")
        }
        return offset + 8
    }

    private static func littleEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }
}

/// A gzip or deflate stream that could not be decoded.
public struct GzipReaderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong with the stream, for example `output larger than 65536 bytes`.
    public let reason: String
    /// The stream may be sound, but it decodes to more than the limit the caller set.
    public let isOverLimit: Bool
    init(_ reason: String) {
        self.reason = reason
        isOverLimit = false
    }
    private init(overLimit limit: Int) {
        reason = "output larger than \(limit) bytes"
        isOverLimit = true
    }
    /// The output grew past `limit` bytes.
    static func overLimit(_ limit: Int) -> GzipReaderError { GzipReaderError(overLimit: limit) }
    /// `gzip: ` and the reason.
    public var description: String { "gzip: \(reason)" }
}

/// Reads bits least-significant first, as deflate packs them.
struct BitReader {
    let bytes: [UInt8]
    private(set) var offset: Int
    private var buffer: UInt64 = 0
    private var count = 0

    init(bytes: [UInt8], offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    /// Reads `width` bits (at most 32), least significant first.
    mutating func bits(_ width: Int) throws(GzipReaderError) -> Int {
        while count < width {
            guard offset < bytes.count else { throw GzipReaderError("unexpected end of deflate data") }
            buffer |= UInt64(bytes[offset]) << UInt64(count)
            offset += 1
            count += 8
        }
        let value = Int(buffer & ((1 << UInt64(width)) - 1))
        buffer >>= UInt64(width)
        count -= width
        return value
    }

    /// Returns the next `width` bits without consuming them, zero-padded past the end of the input.
    mutating func peek(_ width: Int) -> Int {
        while count < width, offset < bytes.count {
            buffer |= UInt64(bytes[offset]) << UInt64(count)
            offset += 1
            count += 8
        }
        return Int(buffer & ((1 << UInt64(width)) - 1))
    }

    /// Consumes `width` bits returned by ``peek(_:)``.
    mutating func consume(_ width: Int) throws(GzipReaderError) {
        guard width <= count else { throw GzipReaderError("unexpected end of deflate data") }
        buffer >>= UInt64(width)
        count -= width
    }

    /// Drops the bits left in the current byte.
    mutating func alignToByte() {
        let drop = count % 8
        buffer >>= UInt64(drop)
        count -= drop
    }

    /// The offset of the first byte not yet consumed, after aligning to a byte.
    var alignedOffset: Int { offset - count / 8 }

    /// Hands back whole buffered bytes so the caller can read the input directly (stored blocks).
    mutating func releaseBufferedBytes() {
        alignToByte()
        offset -= count / 8
        buffer = 0
        count = 0
    }

    mutating func skip(bytes length: Int) { offset += length }
}

/// Computes CRC-32 (the gzip polynomial, reflected 0xEDB88320).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
