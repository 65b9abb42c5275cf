extension Array where Element == UInt8 {
    /// ISO-8859-1 bytes of a test string (every character must be below U+0100).
    static func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { scalar in
            precondition(scalar.value < 0x100, "not ISO-8859-1: \(scalar)")
            return UInt8(scalar.value)
        }
    }
}
