import CFuelZlib

/// Deterministic gzip: zlib level 9, a fixed header (mtime 0, no name, OS byte 3), so the same bytes give the same
/// output on every platform with the same zlib.
public enum Gzip {
    /// The compression level every published file uses.
    public static let level: Int32 = 9

    /// Compresses a whole buffer into one gzip member.
    public static func compress(_ input: [UInt8]) -> [UInt8] { GzipCompressor().compress(input) }

    /// Decompresses one gzip member (reading back published files, the shrink guard).
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
                if result == Z_STREAM_END { return }
                guard result == Z_OK else { throw GzipError(code: result) }
                if produced == 0 && stream.pointee.avail_in == 0 {
                    throw GzipError(code: Z_BUF_ERROR, reason: "truncated")
                }
            }
        }
        return output
    }
}

/// gzip data that zlib could not read; keeps zlib's return code.
public struct GzipError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: Int32
    public var reason: String = "invalid gzip data"
    public var description: String { "\(reason) (zlib code \(code))" }
}

/// A reusable deterministic gzip compressor: one zlib stream, reset between inputs, so that many small files do not
/// each pay for allocating and faulting in zlib's level-9 window and hash tables. Not thread-safe: use one per thread.
public final class GzipCompressor {
    private let stream: UnsafeMutablePointer<z_stream>
    private let header: UnsafeMutablePointer<gz_header>
    /// Output space reused from input to input; each result is copied out at its exact size.
    private var scratch: UnsafeMutableRawBufferPointer = .init(start: nil, count: 0)

    public init() {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        header = .allocate(capacity: 1)
        header.initialize(to: gz_header())
        // windowBits 15 + 16 selects the gzip wrapper; memLevel 8 and the default strategy are fixed here, in one place.
        let result = CFuelZlib_deflateInit2(stream, Gzip.level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY)
        precondition(result == Z_OK, "deflateInit2 failed with constant arguments: \(result)")
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        header.deinitialize(count: 1)
        header.deallocate()
        scratch.deallocate()
    }

    /// Compresses a whole buffer into one gzip member; the same input always gives the same bytes.
    public func compress(_ input: [UInt8]) -> [UInt8] {
        precondition(deflateReset(stream) == Z_OK, "deflateReset failed")
        // mtime 0, no name, OS 3 (Unix) whatever platform builds: zlib would write 19 on Apple and 10 on Windows.
        // zlib reads the header at the first deflate call, so it lives as long as the compressor.
        header.pointee = gz_header()
        header.pointee.os = 3
        precondition(deflateSetHeader(stream, header) == Z_OK, "deflateSetHeader failed")
        let bound = Int(deflateBound(stream, uLong(input.count))) + 32
        if scratch.count < bound {
            scratch.deallocate()
            scratch = .allocate(byteCount: max(bound, 2 * scratch.count), alignment: 16)
        }
        let produced = input.withUnsafeBytes { inputBytes in
            stream.pointee.next_in = CFuelZlib_bytes(UnsafeMutableRawPointer(mutating: inputBytes.baseAddress))
            stream.pointee.avail_in = uInt(inputBytes.count)
            stream.pointee.next_out = CFuelZlib_bytes(scratch.baseAddress)
            stream.pointee.avail_out = uInt(scratch.count)
            defer {
                stream.pointee.next_in = nil
                stream.pointee.avail_in = 0
                stream.pointee.next_out = nil
                stream.pointee.avail_out = 0
            }
            let result = deflate(stream, Z_FINISH)
            precondition(result == Z_STREAM_END, "deflate into a deflateBound-sized buffer must finish: \(result)")
            return scratch.count - Int(stream.pointee.avail_out)
        }
        return [UInt8](UnsafeRawBufferPointer(rebasing: scratch[0..<produced]))
    }
}

@available(*, unavailable, message: "a zlib stream is used by one thread at a time")
extension GzipCompressor: Sendable {}
