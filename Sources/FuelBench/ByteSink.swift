import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Buffered, append-only output of generated feed bytes, with the number formats the feeds use.
///
/// Bytes go to a file, or through a ``ZipEntryWriter`` into a ZIP entry. A class because it owns a file handle and
/// a buffer; one generator thread uses it at a time and it never crosses an isolation boundary.
final class ByteSink {
    private var buffer: [UInt8] = []
    private let drain: ([UInt8]) throws -> Void
    private let finish: () throws -> Void
    /// Bytes appended so far.
    private(set) var count = 0

    private init(drain: @escaping ([UInt8]) throws -> Void, finish: @escaping () throws -> Void) {
        self.drain = drain
        self.finish = finish
        buffer.reserveCapacity(1 << 20)
    }

    /// A sink writing a new file (truncating an old one).
    static func file(_ url: URL) throws -> ByteSink {
        guard let handle = fopen(url.path, "wb") else {
            throw GeneratorError(file: url.path, reason: "cannot create the file: \(String(cString: strerror(errno)))")
        }
        var closed = false
        return ByteSink(
            drain: { bytes in
                let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
                guard written == bytes.count else {
                    throw GeneratorError(file: url.path, reason: "write failed: \(String(cString: strerror(errno)))")
                }
            },
            finish: {
                guard !closed else { return }
                closed = true
                guard fclose(handle) == 0 else {
                    throw GeneratorError(file: url.path, reason: "close failed: \(String(cString: strerror(errno)))")
                }
            })
    }

    /// A sink feeding the one entry of a ZIP archive.
    static func zipEntry(_ writer: ZipEntryWriter) -> ByteSink {
        ByteSink(drain: { try writer.append($0) }, finish: { try writer.close() })
    }

    /// Flushes and closes the destination.
    func close() throws {
        try flush()
        try finish()
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        try drain(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes when the buffer is full; call between records.
    func checkpoint() throws {
        if buffer.count >= 1 << 20 { try flush() }
    }

    // MARK: - Appending

    func byte(_ value: UInt8) {
        buffer.append(value)
        count += 1
    }

    /// UTF-8 bytes of a string.
    func text(_ string: String) {
        var string = string
        string.withUTF8 { bytes in
            buffer.append(contentsOf: bytes)
            count += bytes.count
        }
    }

    /// ISO-8859-1 bytes of a string; characters outside Latin-1 become `?`.
    func latin1(_ string: String) {
        for scalar in string.unicodeScalars { byte(scalar.value < 256 ? UInt8(scalar.value) : 0x3F) }
    }

    /// A non-negative or negative integer in decimal.
    func int(_ value: Int) {
        if value < 0 {
            byte(0x2D)
            int(-value)
            return
        }
        if value >= 10 { int(value / 10) }
        byte(UInt8(0x30 + value % 10))
    }

    /// A fixed-point number `units / 10^digits` with exactly `digits` fraction digits (`1749, 3 → 1.749`).
    func fixed(_ units: Int, digits: Int, separator: UInt8 = 0x2E) {
        var magnitude = units
        if units < 0 {
            byte(0x2D)
            magnitude = -units
        }
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        int(magnitude / scale)
        guard digits > 0 else { return }
        byte(separator)
        var fraction = magnitude % scale
        var digitsOut = [UInt8](repeating: 0x30, count: digits)
        for position in stride(from: digits - 1, through: 0, by: -1) {
            digitsOut[position] = UInt8(0x30 + fraction % 10)
            fraction /= 10
        }
        buffer.append(contentsOf: digitsOut)
        count += digits
    }

    /// A zero-padded number (`7, 2 → 07`).
    func padded(_ value: Int, width: Int) {
        var digits = 1
        var limit = 10
        while value >= limit {
            digits += 1
            limit *= 10
        }
        for _ in digits..<max(width, digits) { byte(0x30) }
        int(value)
    }

    /// A JSON string: quotes, backslash escapes, control characters as `\uXXXX`; `/` as `\/` when asked (ES).
    func jsonString(_ string: String, escapeSlash: Bool = false) {
        byte(0x22)
        for unit in string.utf8 {
            switch unit {
            case 0x22: text("\\\"")
            case 0x5C: text("\\\\")
            case 0x2F where escapeSlash: text("\\/")
            case 0x0A: text("\\n")
            case 0x09: text("\\t")
            case 0..<0x20:
                text("\\u00")
                byte(Self.hexDigits[Int(unit >> 4)])
                byte(Self.hexDigits[Int(unit & 0xF)])
            default: byte(unit)
            }
        }
        byte(0x22)
    }

    /// Object members after the first, each `,"key":` and its value as a JSON string, in order.
    func jsonMembers(_ members: [(key: String, value: String)], escapeSlash: Bool = false) {
        for member in members {
            text(",\"")
            text(member.key)
            text("\":")
            jsonString(member.value, escapeSlash: escapeSlash)
        }
    }

    /// XML attribute or text content in ISO-8859-1 with the five entities escaped.
    func xmlLatin1(_ string: String) {
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": text("&amp;")
            case "<": text("&lt;")
            case ">": text("&gt;")
            case "\"": text("&quot;")
            case "'": text("&apos;")
            default: byte(scalar.value < 256 ? UInt8(scalar.value) : 0x3F)
            }
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}

/// A generated file that could not be written.
public struct GeneratorError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var reason: String

    public var description: String { "\(file): \(reason)" }
}
