import CFuelDeflate
import CFuelZlib

/// Deterministic gzip: libdeflate level 7 inside a fixed header (mtime 0, no name, OS byte 3), so the same input gives
/// the same bytes on every platform with the same libdeflate. Reading back uses zlib.
public enum Gzip {
    /// The compression level every published file uses. On the benchmark's tiles libdeflate level 7 gives the size of
    /// zlib level 9 in a third of the time; level 8 is 3–4% smaller but only 15–25% faster (BENCHMARKS.md).
    public static let level: Int32 = 7

    /// Compresses a whole buffer into one gzip member.
    public static func compress(_ input: [UInt8]) -> [UInt8] { GzipCompressor().compress(input) }

    /// Decompresses gzip data (reading back published files, the shrink guard, format 2's names): every member, in
    /// order, as gzip(1), HTTP stacks and `FuelClient`'s reader do; zero bytes after the last member are padding.
    /// - Throws: ``GzipError`` when the data is not valid gzip or inflates past `limit` bytes.
    public static func decompress(_ input: [UInt8], limit: Int = 512 << 20) throws -> [UInt8] {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            inflateEnd(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        let initResult = CFuelZlib_inflateInit2(stream, 15 + 16)
        guard initResult == Z_OK else { throw GzipError(code: initResult) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var input = input
        try input.withUnsafeMutableBytes { inputBytes in
            stream.pointee.next_in = CFuelZlib_bytes(inputBytes.baseAddress)
            stream.pointee.avail_in = uInt(inputBytes.count)
            defer {
                stream.pointee.next_in = nil
                stream.pointee.avail_in = 0
            }
            while true {
                let (result, produced) = chunk.withUnsafeMutableBytes { chunkBytes -> (Int32, Int) in
                    stream.pointee.next_out = CFuelZlib_bytes(chunkBytes.baseAddress)
                    stream.pointee.avail_out = uInt(chunkBytes.count)
                    defer {
                        stream.pointee.next_out = nil
                        stream.pointee.avail_out = 0
                    }
                    let result = inflate(stream, Z_NO_FLUSH)
                    return (result, chunkBytes.count - Int(stream.pointee.avail_out))
                }
                output.append(contentsOf: chunk[0..<produced])
                guard output.count <= limit else {
                    throw GzipError(code: Z_BUF_ERROR, reason: "larger than \(limit) bytes")
                }
                if result == Z_STREAM_END {
                    guard Self.skipPadding(stream) else { return }
                    let reset = inflateReset(stream)  // the next member, still as gzip
                    guard reset == Z_OK else { throw GzipError(code: reset) }
                    continue
                }
                guard result == Z_OK else { throw GzipError(code: result) }
                if produced == 0 && stream.pointee.avail_in == 0 {
                    throw GzipError(code: Z_BUF_ERROR, reason: "truncated")
                }
            }
        }
        return output
    }

    /// Skips the zero bytes after a member; false when nothing else follows.
    private static func skipPadding(_ stream: UnsafeMutablePointer<z_stream>) -> Bool {
        while stream.pointee.avail_in > 0, let next = stream.pointee.next_in, next.pointee == 0 {
            stream.pointee.next_in = next + 1
            stream.pointee.avail_in -= 1
        }
        return stream.pointee.avail_in > 0
    }
}

/// gzip data that zlib could not read; keeps zlib's return code.
public struct GzipError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: Int32
    public var reason: String = "invalid gzip data"
    public var description: String { "\(reason) (zlib code \(code))" }
}

/// A reusable deterministic gzip compressor: one libdeflate compressor, reused from input to input, so that many small
/// files do not each pay for allocating its tables. Not thread-safe: use one per thread.
///
/// libdeflate writes the raw deflate body; the gzip wrapper around it is written here, byte for byte: magic, method 8,
/// no flags, mtime 0, XFL 0, OS 3 (Unix) whatever platform builds, then CRC-32 and the length mod 2^32.
public final class GzipCompressor {
    private let compressor: OpaquePointer
    /// Output space reused from input to input; each result is copied out at its exact size.
    private var scratch: UnsafeMutableRawBufferPointer = .init(start: nil, count: 0)

    /// The fixed gzip header (RFC 1952): no name, no mtime, no extra flags.
    package static let header: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]

    public init() {
        guard let compressor = libdeflate_alloc_compressor(Gzip.level) else {
            fatalError("libdeflate could not allocate a level-\(Gzip.level) compressor (out of memory)")
        }
        self.compressor = compressor
    }

    deinit {
        libdeflate_free_compressor(compressor)
        scratch.deallocate()
    }

    /// Compresses a whole buffer into one gzip member; the same input always gives the same bytes.
    public func compress(_ input: [UInt8]) -> [UInt8] {
        let headerCount = Self.header.count
        let bound = headerCount + libdeflate_deflate_compress_bound(compressor, input.count) + 8
        if scratch.count < bound {
            scratch.deallocate()
            scratch = .allocate(byteCount: max(bound, 2 * scratch.count), alignment: 16)
        }
        let output = scratch
        let total = input.withUnsafeBytes { inputBytes -> Int in
            output.copyBytes(from: Self.header)
            let body = libdeflate_deflate_compress(
                compressor, inputBytes.baseAddress, inputBytes.count, output.baseAddress! + headerCount,
                output.count - headerCount)
            precondition(body > 0, "deflate into a bound-sized buffer must fit")
            let crc = libdeflate_crc32(0, inputBytes.baseAddress, inputBytes.count)
            var end = headerCount + body
            for value in [crc, UInt32(truncatingIfNeeded: inputBytes.count)] {
                for shift in stride(from: 0, to: 32, by: 8) {
                    output[end] = UInt8(truncatingIfNeeded: value >> UInt32(shift))
                    end += 1
                }
            }
            return end
        }
        return [UInt8](UnsafeRawBufferPointer(rebasing: scratch[0..<total]))
    }
}

@available(*, unavailable, message: "a libdeflate compressor is used by one thread at a time")
extension GzipCompressor: Sendable {}
