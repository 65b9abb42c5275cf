import Foundation
import FuelCodecs
import FuelFormat

/// Appends JSON to a byte buffer with a fixed key order chosen by the caller.
///
/// Numbers use Swift's shortest round-trip `Double` description after rounding to a fixed number of decimals, strings
/// are written as UTF-8 with only the escapes JSON requires (no `\/`), so the same values always give the same bytes.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = []

    package init(capacity: Int = 4096) { bytes.reserveCapacity(capacity) }

    /// One JSON object, its members written by `members`: a whole document's bytes.
    package static func object(capacity: Int = 4096, _ members: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter(capacity: capacity)
        writer.beginObject()
        members(&writer)
        writer.endObject()
        return writer.bytes
    }

    /// Appends bytes that are already JSON.
    package mutating func raw(_ json: [UInt8]) { bytes.append(contentsOf: json) }

    /// Appends part of a buffer that is already JSON.
    package mutating func raw(_ json: ArraySlice<UInt8>) { bytes.append(contentsOf: json) }

    /// Appends one byte of JSON syntax, such as the comma between two values written with ``raw(_:)-([UInt8])``.
    package mutating func raw(byte: UInt8) { bytes.append(byte) }

    /// Empties the buffer but keeps its memory, for writing the next document.
    package mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        needsComma.removeAll(keepingCapacity: true)
        suppressNextSeparator = false
    }

    package mutating func beginObject() { open(UInt8(ascii: "{")) }

    package mutating func endObject() { close(UInt8(ascii: "}")) }

    package mutating func beginArray() { open(UInt8(ascii: "[")) }

    package mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        needsComma.append(false)
    }

    private mutating func close(_ bracket: UInt8) {
        needsComma.removeLast()
        bytes.append(bracket)
    }

    /// Writes `"name":` inside an object; the value call that follows completes the member.
    package mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        suppressNextSeparator = true
    }

    /// Writes `"name":` for a key only known at run time (country codes).
    package mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        suppressNextSeparator = true
    }

    package mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            // Most strings need no escape: copy them in one go.
            if utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
                bytes.append(contentsOf: utf8)
            } else {
                for byte in utf8 { appendEscaping(byte) }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a UTC time as a string, `"2026-11-30T05:17:00Z"`, dropping fractions of a second.
    package mutating func time(_ date: Date) {
        separate()
        // Most prices of a feed share a handful of times: the last one's text is kept and copied.
        if date != lastTime.date {
            lastTime.text.removeAll(keepingCapacity: true)
            UTCTime.append(date, to: &lastTime.text)
            lastTime.date = date
        }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: lastTime.text)
        bytes.append(UInt8(ascii: "\""))
    }

    private var lastTime: (date: Date, text: [UInt8]) = (Date(timeIntervalSince1970: .nan), [])

    private mutating func appendEscaping(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
        case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [
                0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)],
            ])
        default: bytes.append(byte)
        }
    }

    package mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    package mutating func null() {
        separate()
        bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    }

    package mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    package mutating func integer(_ value: Int) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Writes a number rounded to `decimals` places, in its shortest round-trip form.
    ///
    /// The digits come straight from the rounded integer `n` (value × 10^decimals): the shortest text of
    /// n / 10^decimals is those digits with the point put back and trailing zeros dropped, because two numbers with at
    /// most `decimals` places differ by at least 10^-decimals, more than the spacing of doubles in the range taken
    /// here, so no shorter text reads back as the same double. Outside that range (and below 0.001, where Swift would
    /// write an exponent) the text is Swift's own `description`, as ``format(_:decimals:)`` gives.
    package mutating func number(_ value: Double, decimals: Int) {
        separate()
        let scaled = (value * Self.decimalScales[decimals]).rounded()
        let magnitude = abs(scaled) / Self.decimalScales[decimals]
        guard magnitude >= 0.001, abs(scaled) < 1e15, decimals <= 6 else {
            bytes.append(contentsOf: JSONWriter.format(value, decimals: decimals).utf8)
            return
        }
        var whole = Int64(scaled)
        if whole < 0 {
            bytes.append(UInt8(ascii: "-"))
            whole = -whole
        }
        let unit = Self.powersOfTen[decimals]
        appendDigits(whole / unit)
        bytes.append(UInt8(ascii: "."))
        var fraction = whole % unit
        guard fraction > 0 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var places = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: places)
        for index in stride(from: places - 1, through: 0, by: -1) {
            digits[index] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
        }
        bytes.append(contentsOf: digits)
    }

    private static let powersOfTen: [Int64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

    /// The decimal digits of a non-negative integer.
    private mutating func appendDigits(_ value: Int64) {
        if value >= 10 { appendDigits(value / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// The text of a rounded number: `1.339`, `38.72`, `-9.14`, `2.0`.
    package static func format(_ value: Double, decimals: Int) -> String {
        let scale = decimalScales[decimals]
        var rounded = (value * scale).rounded() / scale
        if rounded == 0 { rounded = 0 }  // no "-0.0"
        return rounded.description
    }

    private static let decimalScales: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]

    private var suppressNextSeparator = false

    private mutating func separate() {
        if suppressNextSeparator {
            suppressNextSeparator = false
            return
        }
        guard let last = needsComma.last else { return }
        if last { bytes.append(UInt8(ascii: ",")) } else { needsComma[needsComma.count - 1] = true }
    }
}
