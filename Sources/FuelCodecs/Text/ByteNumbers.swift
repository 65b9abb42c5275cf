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
    public static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? { DecimalText.parsePlain(bytes) }

    /// The same number times 10^`exponent`, rounded half away from zero to `decimals` places on the digits as
    /// written (``DecimalText``'s rounding): `41.858087499999996` to 6 places is 41.858087, and `4620100.5` × 10^-5
    /// is 46.201005.
    /// - Parameters:
    ///   - decimals: places kept, 0 to 15.
    ///   - exponent: the power of ten the text is scaled by (-5 for FR's degrees × 100000).
    public static func decimal(
        _ bytes: UnsafeBufferPointer<UInt8>, roundedTo decimals: Int, exponent: Int = 0
    ) -> Double? {
        DecimalText.parsePlain(bytes, roundedTo: decimals, exponent: exponent)
    }
}
