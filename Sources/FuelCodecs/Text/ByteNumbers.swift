/// Number parsing straight from bytes, without building strings: the feeds' hot paths read tens of thousands.
public enum ByteNumbers {
    /// A non-negative decimal integer made only of ASCII digits; nil for anything else or an empty field.
    @inline(__always)
    public static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value = 0
        for byte in bytes {
            let digit = byte &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// A decimal number with a dot (`-279400`, `1.739`, `4424024.1001506`, `44.91704718250436`); nil for anything
    /// else, including empty fields, commas, exponents, `inf` and `nan`.
    ///
    /// Up to 15 significant digits it is exact to the last bit (an integer mantissa divided by an exact power of
    /// ten); longer numbers go through the standard library's parser.
    public static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        var negative = false
        if index < bytes.count && (bytes[index] == 0x2D || bytes[index] == 0x2B) {
            negative = bytes[index] == 0x2D
            index += 1
        }
        var mantissa: Int64 = 0
        var digits = 0
        var significant = 0
        var fractionDigits = 0
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
                if significant > 0 || digit != 0 { significant += 1 }
                if significant <= 18 { mantissa = mantissa * 10 + Int64(digit) }
                if seenDot { fractionDigits += 1 }
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        if significant <= 15 && fractionDigits <= 22 {
            let value = Double(mantissa) / powersOfTen[fractionDigits]
            return negative ? -value : value
        }
        return Double(String(decoding: bytes, as: UTF8.self))
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}
