/// Numbers from bytes: JSON numbers, and the decimal-comma text the feeds put in strings (`"41,507833"`,
/// `"1,749 €"`, `"1,749 €/litro"`).
///
/// Results are correctly rounded: up to 15 significant digits and a small power of ten take an exact fast path
/// (both operands are exact doubles, and one IEEE division or multiplication rounds once); anything longer
/// goes through the standard library's parser.
public enum DecimalText {
    static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Parses a decimal number written as text: optional spaces, an optional sign, digits with an optional `,`
    /// or `.` and more digits, then optionally a euro sign with a unit (`€`, `€/litro`, `€/kg`, `€/m3`).
    /// - Returns: nil for anything else, including empty text and thousands separators.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let count = bytes.count
        var index = skipSpaces(bytes, from: 0)
        var negative = false
        if index < count && (bytes[index] == 0x2D || bytes[index] == 0x2B) {
            negative = bytes[index] == 0x2D
            index += 1
        }
        var accumulator = Accumulator()
        let integerStart = index
        while index < count, bytes[index] &- 0x30 < 10 {
            accumulator.add(bytes[index] &- 0x30, fraction: false)
            index += 1
        }
        let integerEnd = index
        var fractionStart = index
        var fractionEnd = index
        if index < count && (bytes[index] == 0x2C || bytes[index] == 0x2E) {
            index += 1
            fractionStart = index
            while index < count, bytes[index] &- 0x30 < 10 {
                accumulator.add(bytes[index] &- 0x30, fraction: true)
                index += 1
            }
            fractionEnd = index
            guard fractionEnd > fractionStart else { return nil }
        }
        guard integerEnd > integerStart else { return nil }
        index = skipSpaces(bytes, from: index)
        // The euro sign (E2 82 AC), with an optional unit after a slash.
        if index + 2 < count && bytes[index] == 0xE2 && bytes[index + 1] == 0x82 && bytes[index + 2] == 0xAC {
            index += 3
            if index < count && bytes[index] == 0x2F {
                index += 1
                let unitStart = index
                while index < count, isUnitByte(bytes[index]) { index += 1 }
                guard index > unitStart else { return nil }
            }
            index = skipSpaces(bytes, from: index)
        }
        guard index == count else { return nil }
        if let value = accumulator.exactValue(exponent: 0) { return negative ? -value : value }
        var text = negative ? "-" : ""
        text += String(decoding: UnsafeBufferPointer(rebasing: bytes[integerStart..<integerEnd]), as: UTF8.self)
        if fractionEnd > fractionStart {
            text +=
                "." + String(decoding: UnsafeBufferPointer(rebasing: bytes[fractionStart..<fractionEnd]), as: UTF8.self)
        }
        return Double(text)
    }

    /// The same, for a `String`.
    public static func parse(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    /// Parses bytes that already match the JSON number grammar.
    package static func parseJSONNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let count = bytes.count
        var negative = false
        if index < count && bytes[index] == 0x2D {
            negative = true
            index += 1
        }
        var accumulator = Accumulator()
        var fraction = false
        var exponent = 0
        while index < count {
            let byte = bytes[index]
            if byte &- 0x30 < 10 {
                accumulator.add(byte &- 0x30, fraction: fraction)
            } else if byte == 0x2E {
                fraction = true
            } else {
                // e or E, then an optional sign and digits.
                index += 1
                var exponentNegative = false
                if index < count && (bytes[index] == 0x2B || bytes[index] == 0x2D) {
                    exponentNegative = bytes[index] == 0x2D
                    index += 1
                }
                while index < count {
                    exponent = min(exponent * 10 + Int(bytes[index] &- 0x30), 100_000)
                    index += 1
                }
                if exponentNegative { exponent = -exponent }
                break
            }
            index += 1
        }
        if let value = accumulator.exactValue(exponent: exponent) { return negative ? -value : value }
        return Double(String(decoding: bytes, as: UTF8.self))
    }

    /// Parses a plain decimal: an optional sign, then digits with at most one `.` anywhere among them, and nothing
    /// else (no spaces, comma, exponent or unit); nil without a digit. ``ByteNumbers/decimal(_:)`` reads the CSV and
    /// XML feeds' numbers with it.
    package static func parsePlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        var negative = false
        if index < bytes.count && (bytes[index] == 0x2D || bytes[index] == 0x2B) {
            negative = bytes[index] == 0x2D
            index += 1
        }
        var accumulator = Accumulator()
        var digits = 0
        var seenDot = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x2E {
                guard !seenDot else { return nil }
                seenDot = true
            } else {
                let digit = byte &- 0x30
                guard digit < 10 else { return nil }
                digits += 1
                accumulator.add(digit, fraction: seenDot)
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        if let value = accumulator.exactValue(exponent: 0) { return negative ? -value : value }
        return Double(String(decoding: bytes, as: UTF8.self))
    }

    /// Parses bytes that match the JSON integer grammar; nil when the value does not fit an `Int`.
    package static func parseInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count <= 18 else { return Int(String(decoding: bytes, as: UTF8.self)) }
        var value = 0
        var negative = false
        for byte in bytes {
            if byte == 0x2D {
                negative = true
            } else {
                value = value * 10 + Int(byte &- 0x30)
            }
        }
        return negative ? -value : value
    }

    private static func skipSpaces(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if bytes[index] == 0x20 || bytes[index] == 0x09 {
                index += 1
            } else if bytes[index] == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0xA0 {
                index += 2  // no-break space
            } else {
                break
            }
        }
        return index
    }

    private static func isUnitByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte >= 0x80
    }

    /// Collects up to 19 significant digits.
    private struct Accumulator {
        var mantissa: UInt64 = 0
        var significant = 0
        var fractionDigits = 0
        var droppedIntegerDigits = 0
        var inexact = false

        @inline(__always)
        mutating func add(_ digit: UInt8, fraction: Bool) {
            if mantissa == 0 && digit == 0 {
                if fraction { fractionDigits += 1 }
                return
            }
            if significant < 19 {
                mantissa = mantissa * 10 + UInt64(digit)
                significant += 1
                if fraction { fractionDigits += 1 }
            } else {
                inexact = true
                if !fraction { droppedIntegerDigits += 1 }
            }
        }

        /// The value when the fast path is exact, else nil.
        func exactValue(exponent: Int) -> Double? {
            guard !inexact, mantissa <= 1 << 53 else { return nil }
            if mantissa == 0 { return 0 }
            let power = exponent + droppedIntegerDigits - fractionDigits
            guard power >= -22 && power <= 22 else { return nil }
            let value = Double(mantissa)
            return power < 0 ? value / DecimalText.powersOfTen[-power] : value * DecimalText.powersOfTen[power]
        }
    }
}
