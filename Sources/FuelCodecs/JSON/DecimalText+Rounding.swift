/// Numbers rounded on the digits of their text.
///
/// A coordinate written `41.858087499999996` is 41.858087 to 6 places: the digit after the sixth is a 4. Rounding the
/// parsed `Double` instead (`(value * 1_000_000).rounded()`) gives 41.858088, because the product of the nearest
/// double and a million is exactly …087.5 and the tie goes up. So here the decimal text decides: the digits up to
/// the last kept place, plus one if the next digit is 5 or more (half away from zero), and only then a `Double`,
/// the one nearest to that short decimal. Rounding that double again to the same places, as the validation and the
/// tile writer do, gives it back unchanged.
extension DecimalText {
    /// ``parse(_:)``, rounded to `decimals` places on the digits of the text, half away from zero.
    /// - Parameter decimals: places kept, 0 to 15.
    /// - Returns: nil where ``parse(_:)`` returns nil.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, roundedTo decimals: Int) -> Double? {
        guard parse(bytes) != nil else { return nil }
        return rounded(bytes, decimals: decimals, exponent: 0)
    }

    /// The same, for a `String`.
    public static func parse(_ text: String, roundedTo decimals: Int) -> Double? {
        var text = text
        return text.withUTF8 { parse($0, roundedTo: decimals) }
    }

    /// ``parsePlain(_:)`` times 10^`exponent`, rounded to `decimals` places on the digits of the text.
    package static func parsePlain(
        _ bytes: UnsafeBufferPointer<UInt8>, roundedTo decimals: Int, exponent: Int = 0
    ) -> Double? {
        guard parsePlain(bytes) != nil else { return nil }
        return rounded(bytes, decimals: decimals, exponent: exponent)
    }

    /// ``parseJSONNumber(_:)``, rounded to `decimals` places on the digits of the text (its exponent included).
    package static func parseJSONNumber(_ bytes: UnsafeBufferPointer<UInt8>, roundedTo decimals: Int) -> Double? {
        guard parseJSONNumber(bytes) != nil else { return nil }
        return rounded(bytes, decimals: decimals, exponent: 0)
    }

    /// The number written in `bytes` times 10^`exponent`, rounded half away from zero to `decimals` places.
    ///
    /// Reads leading spaces, a sign, digits, a `.` or `,` with more digits, and an `e` exponent, and ignores what
    /// follows (a unit): callers check the grammar first. Nil without a digit.
    static func rounded(_ bytes: UnsafeBufferPointer<UInt8>, decimals: Int, exponent: Int) -> Double? {
        precondition((0...15).contains(decimals), "decimals must be 0 to 15")
        let count = bytes.count
        var index = skipBlanks(bytes)
        var negative = false
        if index < count && (bytes[index] == 0x2D || bytes[index] == 0x2B) {
            negative = bytes[index] == 0x2D
            index += 1
        }
        let integerStart = index
        while index < count, bytes[index] &- 0x30 < 10 { index += 1 }
        let integerEnd = index
        var fractionStart = index
        var fractionEnd = index
        if index < count && (bytes[index] == 0x2E || bytes[index] == 0x2C) {
            fractionStart = index + 1
            index += 1
            while index < count, bytes[index] &- 0x30 < 10 { index += 1 }
            fractionEnd = index
        }
        var written = 0
        if index < count && (bytes[index] | 0x20) == 0x65 {
            index += 1
            var exponentNegative = false
            if index < count && (bytes[index] == 0x2B || bytes[index] == 0x2D) {
                exponentNegative = bytes[index] == 0x2D
                index += 1
            }
            while index < count, bytes[index] &- 0x30 < 10 {
                written = min(written * 10 + Int(bytes[index] &- 0x30), 100_000)
                index += 1
            }
            if exponentNegative { written = -written }
        }
        let integerCount = integerEnd - integerStart
        let digitCount = integerCount + fractionEnd - fractionStart
        guard digitCount > 0 else { return nil }
        // The digits of the integer and the fraction as one run d0 d1 d2 …; the value is 0.d0d1d2… × 10^point.
        func digit(_ position: Int) -> UInt64 {
            let byte =
                position < integerCount
                ? bytes[integerStart + position] : bytes[fractionStart + position - integerCount]
            return UInt64(byte &- 0x30)
        }
        var first = 0
        var point = integerCount + written + exponent
        while first < digitCount && digit(first) == 0 {
            first += 1
            point -= 1
        }
        guard first < digitCount else { return 0 }
        // The kept digits: the first `point + decimals` of the run (zeros past its end).
        let kept = point + decimals
        guard kept <= 18 else {
            // Far too large for a coordinate or a price: no double holds its last kept places anyway.
            var text = negative ? "-0." : "0."
            for position in first..<digitCount {
                text.unicodeScalars.append(Unicode.Scalar(UInt8(48 + digit(position))))
            }
            guard let value = Double(text + "e\(point)") else { return nil }
            let scale = powersOfTen[decimals]
            return (value * scale).rounded() / scale
        }
        var whole: UInt64 = 0
        for position in 0..<max(kept, 0) {
            whole = whole * 10 + (first + position < digitCount ? digit(first + position) : 0)
        }
        if kept >= 0, first + kept < digitCount, digit(first + kept) >= 5 { whole += 1 }
        guard whole > 0 else { return 0 }
        let magnitude =
            whole <= 1 << 53
            ? Double(whole) / powersOfTen[decimals]
            : Double("\(whole)e-\(decimals)") ?? Double(whole) / powersOfTen[decimals]
        return negative ? -magnitude : magnitude
    }

    private static func skipBlanks(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x20 || bytes[index] == 0x09 {
                index += 1
            } else if bytes[index] == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0xA0 {
                index += 2
            } else {
                break
            }
        }
        return index
    }
}
