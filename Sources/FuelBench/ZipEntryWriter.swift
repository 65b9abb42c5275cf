import CFuelZlib
import Foundation
import FuelCodecs

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a ZIP archive holding one deflated entry, streaming: the local header is written first with zero sizes,
/// the deflate stream follows, and the CRC-32 and sizes are patched into the header on close (no data descriptor,
/// no ZIP64, so entries stay below 4 GiB), then the central directory and its end record are appended.
///
/// A class because it owns a zlib stream and a file handle; one generator thread uses it.
final class ZipEntryWriter {
    private let path: String
    private let name: [UInt8]
    private let handle: UnsafeMutablePointer<FILE>
    private let stream: UnsafeMutablePointer<z_stream>
    private var crc: uLong = 0
    private var uncompressed = 0
    private var compressed = 0
    private let dosTime: UInt16
    private let dosDate: UInt16
    private var closed = false
    private var output = [UInt8](repeating: 0, count: 1 << 18)

    /// - Parameters:
    ///   - url: the archive to create.
    ///   - entryName: the file name inside it.
    ///   - modified: local wall-clock time of the entry (year, month, day, hour, minute, second).
    ///   - level: zlib level (the publisher's archive compresses about 12:1, which level 6 matches).
    init(url: URL, entryName: String, modified: WallTime, level: Int32 = 6) throws {
        path = url.path
        name = Array(entryName.utf8)
        guard let handle = fopen(url.path, "wb") else {
            throw GeneratorError(file: url.path, reason: "cannot create the file: \(String(cString: strerror(errno)))")
        }
        self.handle = handle
        dosTime = UInt16(modified.hour << 11 | modified.minute << 5 | modified.second / 2)
        dosDate = UInt16((modified.year - 1980) << 9 | modified.month << 5 | modified.day)
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // Negative window bits: a raw deflate stream, as ZIP wants (no zlib or gzip wrapper).
        let result = CFuelZlib_deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY)
        precondition(result == Z_OK, "deflateInit2 failed with constant arguments: \(result)")
        try put(localHeader(crc: 0, compressed: 0, uncompressed: 0))
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        if !closed { fclose(handle) }
    }

    /// Compresses and writes more of the entry.
    func append(_ bytes: [UInt8]) throws {
        uncompressed += bytes.count
        var input = bytes
        try input.withUnsafeMutableBytes { raw in
            crc = crc32(crc, CFuelZlib_bytes(raw.baseAddress), uInt(raw.count))
            stream.pointee.next_in = CFuelZlib_bytes(raw.baseAddress)
            stream.pointee.avail_in = uInt(raw.count)
            try pump(flush: Z_NO_FLUSH)
            stream.pointee.next_in = nil
        }
    }

    /// Finishes the stream, patches the header and writes the central directory.
    func close() throws {
        guard !closed else { return }
        try pump(flush: Z_FINISH)
        let directoryOffset = 30 + name.count + compressed
        var directory: [UInt8] = []
        directory.le32(0x0201_4B50)
        directory.le16(20)  // made by: MS-DOS, ZIP 2.0
        directory.le16(20)  // needed to extract
        directory.le16(0)
        directory.le16(8)
        directory.le16(dosTime)
        directory.le16(dosDate)
        directory.le32(UInt32(crc))
        directory.le32(UInt32(compressed))
        directory.le32(UInt32(uncompressed))
        directory.le16(UInt16(name.count))
        directory.le16(0)  // extra
        directory.le16(0)  // comment
        directory.le16(0)  // disk
        directory.le16(0)  // internal attributes
        directory.le32(0)  // external attributes
        directory.le32(0)  // local header offset
        directory += name
        var end: [UInt8] = []
        end.le32(0x0605_4B50)
        end.le16(0)
        end.le16(0)
        end.le16(1)
        end.le16(1)
        end.le32(UInt32(directory.count))
        end.le32(UInt32(directoryOffset))
        end.le16(0)
        try put(directory + end)
        guard fseek(handle, 0, SEEK_SET) == 0 else { throw failure("seek failed") }
        try put(localHeader(crc: UInt32(crc), compressed: UInt32(compressed), uncompressed: UInt32(uncompressed)))
        closed = true
        guard fclose(handle) == 0 else { throw failure("close failed") }
    }

    /// Runs deflate until it has taken all input (or, with `Z_FINISH`, until the stream ends).
    private func pump(flush: Int32) throws {
        while true {
            let (result, produced) = output.withUnsafeMutableBytes { raw -> (Int32, Int) in
                stream.pointee.next_out = CFuelZlib_bytes(raw.baseAddress)
                stream.pointee.avail_out = uInt(raw.count)
                let result = deflate(stream, flush)
                precondition(result == Z_OK || result == Z_STREAM_END || result == Z_BUF_ERROR, "deflate: \(result)")
                stream.pointee.next_out = nil
                return (result, raw.count - Int(stream.pointee.avail_out))
            }
            if produced > 0 {
                try put(Array(output[0..<produced]))
                compressed += produced
            }
            if flush == Z_FINISH {
                if result == Z_STREAM_END { return }
            } else if produced < output.count {
                return  // the output had room left, so all input was consumed
            }
        }
    }

    private func localHeader(crc: UInt32, compressed: UInt32, uncompressed: UInt32) -> [UInt8] {
        var header: [UInt8] = []
        header.le32(0x0403_4B50)
        header.le16(20)
        header.le16(0)
        header.le16(8)
        header.le16(dosTime)
        header.le16(dosDate)
        header.le32(crc)
        header.le32(compressed)
        header.le32(uncompressed)
        header.le16(UInt16(name.count))
        header.le16(0)
        return header + name
    }

    private func put(_ bytes: [UInt8]) throws {
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
        guard written == bytes.count else { throw failure("write failed") }
    }

    private func failure(_ what: String) -> GeneratorError {
        GeneratorError(file: path, reason: "\(what): \(String(cString: strerror(errno)))")
    }
}

extension [UInt8] {
    fileprivate mutating func le16(_ value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }

    fileprivate mutating func le32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }
}
