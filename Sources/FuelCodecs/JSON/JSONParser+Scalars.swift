/// The scalar scanning of ``JSONParser``: numbers and strings (UTF-8 validation, escapes), apart from the structure.
extension JSONParser {
    // MARK: - Numbers

    /// A number at `pos` (a minus or a digit), as RFC 8259 writes it, appended as a node that points at its text.
    mutating func parseNumber() throws(JSONError) {
        let start = pos
        var integer = true
        if bytes[pos] == 0x2D { pos += 1 }
        guard pos < end else { throw fail(.unexpectedEnd(expected: "a digit")) }
        if bytes[pos] == 0x30 {
            pos += 1
            if pos < end && isDigit(bytes[pos]) { throw fail(.invalidNumber) }
        } else {
            try digits()
        }
        if pos < end && bytes[pos] == 0x2E {
            integer = false
            pos += 1
            try digits()
        }
        if pos < end && (bytes[pos] == 0x65 || bytes[pos] == 0x45) {
            integer = false
            pos += 1
            if pos < end && (bytes[pos] == 0x2B || bytes[pos] == 0x2D) { pos += 1 }
            try digits()
        }
        nodes.append(
            JSONNode(
                tag: .number, flags: integer ? JSONNode.integerFlag : 0, offset: UInt32(start),
                a: UInt32(pos - start), b: 0))
    }

    /// One or more digits.
    @inline(__always)
    private mutating func digits() throws(JSONError) {
        guard pos < end else { throw fail(.unexpectedEnd(expected: "a digit")) }
        guard isDigit(bytes[pos]) else { throw fail(.invalidNumber) }
        pos += 1
        while pos < end && isDigit(bytes[pos]) { pos += 1 }
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    // MARK: - Strings

    /// A string or, with `isKey`, an object key at `pos` (its opening quote), appended as a node; a string with
    /// escapes is decoded into `decoded`, a key interned in `keys`.
    mutating func parseString(isKey: Bool) throws(JSONError) {
        let quote = pos
        pos += 1
        let start = pos
        while true {
            try scanPlain()
            guard pos < end else { throw fail(.unexpectedEnd(expected: "the end of a string")) }
            if bytes[pos] == 0x22 { break }
            // A backslash: decode this string into the side buffer.
            try parseEscapedString(quote: quote, start: start, isKey: isKey)
            return
        }
        let length = pos - start
        pos += 1
        if isKey {
            let id = keys.intern(UnsafeBufferPointer(rebasing: bytes[start..<start + length]))
            nodes.append(JSONNode(tag: .key, flags: 0, offset: UInt32(quote), a: UInt32(id), b: 0))
        } else {
            nodes.append(JSONNode(tag: .string, flags: 0, offset: UInt32(quote), a: UInt32(start), b: UInt32(length)))
        }
    }

    /// Advances over string bytes that need no decoding, validating UTF-8; stops at a quote, a backslash or the end.
    @inline(__always)
    private mutating func scanPlain() throws(JSONError) {
        while pos < end {
            // Eight bytes at a time while none is a quote, a backslash, a control character or non-ASCII.
            while pos + 8 <= end {
                let word = UnsafeRawPointer(bytes.baseAddress! + pos).loadUnaligned(as: UInt64.self)
                if JSONParser.hasSpecialByte(word) { break }
                pos += 8
            }
            guard pos < end else { return }
            let byte = bytes[pos]
            if byte == 0x22 || byte == 0x5C { return }
            if byte < 0x20 { throw fail(.controlCharacter(byte)) }
            if byte < 0x80 {
                pos += 1
            } else {
                pos += try utf8Sequence()
            }
        }
    }

    /// True when any byte of the word is `"`, `\`, below 0x20 or at least 0x80.
    @inline(__always)
    private static func hasSpecialByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        // A zero byte in x sets its high bit in (x - 1) & ~x; a byte below 0x20 likewise for x - 0x20.
        let hasQuote = (quotes &- ones) & ~quotes
        let hasBackslash = (backslashes &- ones) & ~backslashes
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl | word) & highs != 0
    }

    /// Length of the well-formed UTF-8 sequence starting at `pos` (lead byte at least 0x80).
    @inline(__always)
    private func utf8Sequence() throws(JSONError) -> Int {
        let lead = bytes[pos]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: throw fail(.invalidUTF8)
        }
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xE0: low = 0xA0
        case 0xED: high = 0x9F
        case 0xF0: low = 0x90
        case 0xF4: high = 0x8F
        default: break
        }
        for index in 1..<length {
            guard pos + index < end else {
                throw fail(.unexpectedEnd(expected: "the rest of a UTF-8 character"), at: end)
            }
            let byte = bytes[pos + index]
            let valid = index == 1 ? (byte >= low && byte <= high) : (byte & 0xC0 == 0x80)
            guard valid else { throw fail(.invalidUTF8) }
        }
        return length
    }

    /// Decodes a string that has escapes into `decoded`; `pos` is at the first backslash.
    private mutating func parseEscapedString(quote: Int, start: Int, isKey: Bool) throws(JSONError) {
        let decodedStart = decoded.count
        decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<pos]))
        while true {
            let runStart = pos
            try scanPlain()
            decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<pos]))
            guard pos < end else { throw fail(.unexpectedEnd(expected: "the end of a string")) }
            if bytes[pos] == 0x22 { break }
            try decodeEscape()
        }
        pos += 1
        let length = decoded.count - decodedStart
        if isKey {
            let id = decoded.withUnsafeBufferPointer { all in
                keys.intern(UnsafeBufferPointer(rebasing: all[decodedStart..<decodedStart + length]))
            }
            decoded.removeSubrange(decodedStart...)
            nodes.append(JSONNode(tag: .key, flags: 0, offset: UInt32(quote), a: UInt32(id), b: 0))
        } else {
            nodes.append(
                JSONNode(
                    tag: .string, flags: JSONNode.decodedFlag, offset: UInt32(quote), a: UInt32(decodedStart),
                    b: UInt32(length)))
        }
    }

    /// Decodes one escape at `pos` (a backslash) into `decoded`.
    private mutating func decodeEscape() throws(JSONError) {
        guard pos + 1 < end else { throw fail(.unexpectedEnd(expected: "an escape"), at: pos + 1) }
        let code = bytes[pos + 1]
        let simple: UInt8
        switch code {
        case 0x22, 0x5C, 0x2F: simple = code
        case 0x62: simple = 0x08
        case 0x66: simple = 0x0C
        case 0x6E: simple = 0x0A
        case 0x72: simple = 0x0D
        case 0x74: simple = 0x09
        case 0x75:
            try decodeUnicodeEscape()
            return
        default: throw fail(.invalidEscape(code), at: pos + 1)
        }
        decoded.append(simple)
        pos += 2
    }

    /// `\uXXXX`, or a `\uD8xx\uDCxx` surrogate pair, as UTF-8.
    private mutating func decodeUnicodeEscape() throws(JSONError) {
        let escape = pos
        var scalar = try hex4(at: pos + 2)
        pos += 6
        if scalar >= 0xDC00 && scalar <= 0xDFFF { throw fail(.unpairedSurrogate, at: escape) }
        if scalar >= 0xD800 && scalar <= 0xDBFF {
            guard pos + 1 < end, bytes[pos] == 0x5C, bytes[pos + 1] == 0x75 else {
                if pos >= end || (pos + 1 >= end && bytes[pos] == 0x5C) {
                    throw fail(.unexpectedEnd(expected: "the low half of a surrogate pair"), at: end)
                }
                throw fail(.unpairedSurrogate, at: escape)
            }
            let low = try hex4(at: pos + 2)
            guard low >= 0xDC00 && low <= 0xDFFF else { throw fail(.unpairedSurrogate, at: escape) }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            pos += 6
        }
        switch scalar {
        case 0..<0x80:
            decoded.append(UInt8(scalar))
        case 0x80..<0x800:
            decoded.append(UInt8(0xC0 | scalar >> 6))
            decoded.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            decoded.append(UInt8(0xE0 | scalar >> 12))
            decoded.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            decoded.append(UInt8(0x80 | scalar & 0x3F))
        default:
            decoded.append(UInt8(0xF0 | scalar >> 18))
            decoded.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            decoded.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            decoded.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    private func hex4(at start: Int) throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for index in start..<start + 4 {
            guard index < end else { throw fail(.unexpectedEnd(expected: "four hex digits"), at: index) }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw fail(.invalidUnicodeEscape, at: index)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
