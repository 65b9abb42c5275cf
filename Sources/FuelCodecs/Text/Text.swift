/// Byte-level text helpers for feeds whose encoding is not guaranteed.
public enum Text {
    /// Decodes UTF-8, or ISO-8859-1 when the bytes are not valid UTF-8.
    public static func decodeUTF8OrLatin1<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        decode(bytes).text
    }

    /// Decodes UTF-8, or ISO-8859-1 when the bytes are not valid UTF-8, and says which it used.
    public static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (text: String, latin1: Bool) {
        if let text = String(validating: bytes, as: UTF8.self) { return (text, false) }
        return (latin1(bytes), true)
    }

    /// Decodes ISO-8859-1: every byte is the Unicode scalar of the same number.
    public static func latin1<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes { scalars.append(UnicodeScalar(byte)) }
        return String(scalars)
    }

    /// True when every byte is ASCII (so UTF-8 and ISO-8859-1 read it the same).
    public static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var combined: UInt8 = 0
        for byte in bytes { combined |= byte }
        return combined < 0x80
    }

    /// The bytes with ASCII white space (space, TAB, CR, LF) trimmed from both ends.
    public static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = bytes.count
        while start < end && isSpace(bytes[start]) { start += 1 }
        while end > start && isSpace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// Space, TAB, CR or LF.
    @inline(__always)
    public static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Decodes bytes as ``cleaned(_:)`` would clean them, without going through `Character`: UTF-8, or ISO-8859-1
    /// when the bytes are not valid UTF-8, with runs of white space collapsed to one space and the ends trimmed.
    ///
    /// White space here is ASCII space, TAB, LF, VT, FF, CR and the no-break space (UTF-8 `C2 A0`). This is the
    /// feeds' hot path: tens of thousands of short fields.
    /// - Returns: the text (nil when nothing is left) and whether the ISO-8859-1 fallback was used.
    public static func clean(_ bytes: UnsafeBufferPointer<UInt8>) -> (text: String?, latin1: Bool) {
        if bytes.isEmpty { return (nil, false) }
        let utf8: String?? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { output in
            var count = 0
            var pendingSpace = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let spaceLength: Int
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    spaceLength = 1
                } else if byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0xA0 {
                    spaceLength = 2
                } else {
                    spaceLength = 0
                }
                if spaceLength > 0 {
                    pendingSpace = count > 0
                    index += spaceLength
                    continue
                }
                if pendingSpace {
                    output[count] = 0x20
                    count += 1
                    pendingSpace = false
                }
                output[count] = byte
                count += 1
                index += 1
            }
            if count == 0 { return .some(nil) }
            guard let text = String(validating: UnsafeBufferPointer(rebasing: output[0..<count]), as: UTF8.self)
            else { return nil }
            return .some(text)
        }
        if let utf8 { return (utf8, false) }
        return (cleaned(latin1(bytes)), true)
    }

    /// Text decoded as ISO-8859-1 that was really UTF-8 (`Saint-LÃ´` for `Saint-Lô`): when every character is
    /// below U+0100 and their bytes form valid UTF-8 with at least one multi-byte sequence, that UTF-8 is the text.
    /// Real Latin-1 text never passes (a lone `é`, byte E9, is not UTF-8).
    /// - Returns: the repaired text, or nil when the text is not such mojibake.
    public static func decodingUTF8Mojibake(_ text: String) -> String? {
        // Fast path: the lead byte of a two-byte UTF-8 sequence read as Latin-1 is `Â`–`ß` (U+00C2–U+00DF), whose
        // own UTF-8 starts with C3 82–C3 9F; without one of those the text cannot be such mojibake.
        var previous: UInt8 = 0
        var candidate = false
        for byte in text.utf8 {
            if previous == 0xC3 && byte >= 0x82 && byte <= 0x9F {
                candidate = true
                break
            }
            previous = byte
        }
        guard candidate else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.unicodeScalars.count)
        var multiByte = false
        for scalar in text.unicodeScalars {
            guard scalar.value < 0x100 else { return nil }
            if scalar.value >= 0xC2 && scalar.value <= 0xF4 { multiByte = true }
            bytes.append(UInt8(scalar.value))
        }
        guard multiByte, bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Text decoded as ISO-8859-1 that was really Windows-1252: the C1 controls U+0080–U+009F, which no one types,
    /// become the characters Windows-1252 puts at those bytes (`’`, `œ`, `€`, `–`); the five bytes it leaves
    /// undefined are dropped. Other text is returned as it is.
    public static func repairingWindows1252(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard (0x80...0x9F).contains(scalar.value) else {
                scalars.append(scalar)
                continue
            }
            let replacement = windows1252C1[Int(scalar.value - 0x80)]
            if replacement != 0, let repaired = Unicode.Scalar(replacement) { scalars.append(repaired) }
        }
        return String(scalars)
    }

    /// Windows-1252 at bytes 0x80–0x9F; 0 where it defines nothing.
    private static let windows1252C1: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E,
        0x0178,
    ]

    /// Text with runs of white space (including TABs) collapsed to one space and the ends trimmed; nil when empty.
    public static func cleaned(_ text: String) -> String? {
        let words = text.split(whereSeparator: { $0.isWhitespace })
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// The bytes as printable ASCII for an error message, at most `limit` characters.
    public static func preview<Bytes: Collection<UInt8>>(_ bytes: Bytes, limit: Int = 40) -> String {
        let text = decodeUTF8OrLatin1(bytes.prefix(limit * 4))
        let shown = text.unicodeScalars.prefix(limit).map { scalar -> String in
            scalar.value < 0x20 || scalar.value == 0x7F ? "." : String(scalar)
        }.joined()
        return "\"" + shown + (text.unicodeScalars.count > limit ? "…" : "") + "\""
    }
}
