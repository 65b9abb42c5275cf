import Foundation
import FuelCodecs

/// The binary part of the page's data: typed arrays (little-endian, each starting on a multiple of 4 bytes so the
/// script can view them in place) followed by one JSON text of string tables, gzipped and written in base64.
///
/// The page's script inflates it with the browser's own `DecompressionStream` (no request). Text from the feeds
/// therefore never stands in the page's markup at all, and a scale-1 build's report stays a few megabytes.
struct DataBlob {
    private(set) var bytes: [UInt8] = []

    /// Appends 32-bit floats (coordinates: about 0.5 m at European latitudes).
    /// - Returns: the column's reference for the data header, `{"type":"f32","offset":…,"length":…}`.
    mutating func append(float32 values: [Float]) -> String {
        let offset = bytes.count
        bytes.reserveCapacity(bytes.count + values.count * 4)
        for value in values { append(value.bitPattern, byteCount: 4) }
        return reference("f32", offset: offset, length: values.count)
    }

    /// Appends unsigned whole numbers in the narrowest of `u8`, `u16` and `u32` that holds the largest, so a string
    /// index costs one byte where its table is small and four only where it must.
    /// - Returns: the column's reference, `{"type":"u16","offset":…,"length":…}`.
    mutating func append(unsigned values: [UInt32]) -> String {
        let largest = values.max() ?? 0
        let byteCount = largest <= UInt32(UInt8.max) ? 1 : largest <= UInt32(UInt16.max) ? 2 : 4
        let offset = bytes.count
        bytes.reserveCapacity(bytes.count + values.count * byteCount + 3)
        for value in values { append(value, byteCount: byteCount) }
        return reference("u\(byteCount * 8)", offset: offset, length: values.count)
    }

    /// Appends UTF-8 text (the string tables' JSON).
    /// - Returns: its reference, `{"type":"text","offset":…,"length":…}` (the length in bytes).
    mutating func append(text: String) -> String {
        let offset = bytes.count
        bytes.append(contentsOf: text.utf8)
        return reference("text", offset: offset, length: bytes.count - offset)
    }

    /// The blob gzipped, in base64.
    var base64Gzip: String { Data(Gzip.compress(bytes)).base64EncodedString() }

    /// Pads to a multiple of 4 bytes, so the next typed array starts aligned.
    private mutating func reference(_ type: String, offset: Int, length: Int) -> String {
        while !bytes.count.isMultiple(of: 4) { bytes.append(0) }
        return #"{"type":"\#(type)","offset":\#(offset),"length":\#(length)}"#
    }

    private mutating func append(_ value: UInt32, byteCount: Int) {
        for shift in stride(from: 0, to: byteCount * 8, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }
}
