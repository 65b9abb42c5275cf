/// The strict RFC 8259 parser behind ``JSONDocument``: one pass over the bytes with an explicit stack (no
/// recursion, so deep input cannot overflow a thread's stack), appending nodes to a flat table.
package struct JSONParser {
    package let maxDepth: Int
    package let allowsByteOrderMark: Bool
    package var nodes: [JSONNode] = []
    package var decoded: [UInt8] = []
    package var keys = JSONKeyTable()
    private var stack: [Int] = []
    private var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var end = 0
    private var pos = 0

    package init(maxDepth: Int, allowsByteOrderMark: Bool) {
        self.maxDepth = maxDepth
        self.allowsByteOrderMark = allowsByteOrderMark
    }

    /// Parses `input`, or only `range` of it; with `sequence`, the range holds comma-separated values, read as the
    /// elements of an array that becomes node 0. Offsets stay those of the whole input, for errors and locations.
    package mutating func parse(_ input: [UInt8], range: Range<Int>? = nil, sequence: Bool = false)
        throws(JSONError)
    {
        let result: Result<Void, JSONError> = input.withUnsafeBufferPointer { buffer in
            bytes = buffer
            end = range?.upperBound ?? buffer.count
            defer { bytes = UnsafeBufferPointer(start: nil, count: 0) }
            do throws(JSONError) {
                if let range {
                    try runRange(from: range.lowerBound, sequence: sequence)
                } else {
                    try run()
                }
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    // MARK: - Structure

    private mutating func run() throws(JSONError) {
        guard end < Int(UInt32.max) else { throw fail(.tooLarge, at: 0) }
        try start()
        nodes.reserveCapacity(max(16, end / 12))
        try values()
    }

    /// A part of the input: one value, or a sequence of them as the elements of a synthetic array.
    private mutating func runRange(from start: Int, sequence: Bool) throws(JSONError) {
        guard end < Int(UInt32.max) else { throw fail(.tooLarge, at: 0) }
        pos = start
        nodes.reserveCapacity(max(16, (end - start) / 12))
        skipWhitespace()
        guard pos < end else { throw fail(.empty) }
        if sequence {
            stack.append(append(.array, flags: 0, a: 0, b: 0))
            sequenceRoot = true
        }
        try values()
    }

    /// Set while reading a sequence: the bottom of the stack is its array, closed by the end of the range.
    private var sequenceRoot = false

    private mutating func values() throws(JSONError) {
        outer: while true {
            skipWhitespace()
            guard pos < end else { throw fail(.unexpectedEnd(expected: "a value")) }
            switch bytes[pos] {
            case 0x7B:  // {
                guard stack.count < maxDepth else { throw fail(.tooDeep(limit: maxDepth)) }
                let index = append(.object, flags: 0, a: 0, b: 0)
                pos += 1
                skipWhitespace()
                if pos < end && bytes[pos] == 0x7D {
                    pos += 1
                    nodes[index].b = UInt32(nodes.count)
                } else {
                    stack.append(index)
                    try parseKeyAndColon()
                    continue outer
                }
            case 0x5B:  // [
                guard stack.count < maxDepth else { throw fail(.tooDeep(limit: maxDepth)) }
                let index = append(.array, flags: 0, a: 0, b: 0)
                pos += 1
                skipWhitespace()
                if pos < end && bytes[pos] == 0x5D {
                    pos += 1
                    nodes[index].b = UInt32(nodes.count)
                } else {
                    stack.append(index)
                    continue outer
                }
            case 0x22: try parseString(isKey: false)
            case 0x74: try parseLiteral("true", .trueValue)
            case 0x66: try parseLiteral("false", .falseValue)
            case 0x6E: try parseLiteral("null", .null)
            case 0x2D, 0x30...0x39: try parseNumber()
            case let byte: throw fail(.unexpectedByte(byte, expected: "a value"))
            }
            // A value is complete: continue or close its container.
            while let top = stack.last {
                nodes[top].a += 1
                skipWhitespace()
                if sequenceRoot && stack.count == 1 && pos == end {
                    nodes[top].b = UInt32(nodes.count)
                    stack.removeLast()
                    break
                }
                guard pos < end else {
                    throw fail(.unexpectedEnd(expected: nodes[top].tag == .object ? "',' or '}'" : "',' or ']'"))
                }
                let byte = bytes[pos]
                if nodes[top].tag == .object {
                    if byte == 0x2C {
                        pos += 1
                        try parseKeyAndColon()
                        continue outer
                    }
                    guard byte == 0x7D else { throw fail(.unexpectedByte(byte, expected: "',' or '}'")) }
                } else {
                    if byte == 0x2C {
                        pos += 1
                        continue outer
                    }
                    guard byte == 0x5D else { throw fail(.unexpectedByte(byte, expected: "',' or ']'")) }
                }
                pos += 1
                nodes[top].b = UInt32(nodes.count)
                stack.removeLast()
            }
            skipWhitespace()
            guard pos == end else { throw fail(.trailingData) }
            return
        }
    }

    /// Skips a UTF-8 BOM and refuses empty input, markup and UTF-16/32 text with a clear reason.
    private mutating func start() throws(JSONError) {
        let head = bytes.prefix(min(end, 4))
        if Text.looksLikeUTF16OrUTF32(head) { throw fail(.notUTF8Encoding, at: 0) }
        if allowsByteOrderMark { pos = Text.byteOrderMarkLength(head) }
        skipWhitespace()
        guard pos < end else { throw fail(.empty) }
        if bytes[pos] == 0x3C { throw fail(.markup) }
    }

    @inline(__always)
    private mutating func append(_ tag: JSONNode.Tag, flags: UInt8, a: UInt32, b: UInt32) -> Int {
        nodes.append(JSONNode(tag: tag, flags: flags, offset: UInt32(truncatingIfNeeded: pos), a: a, b: b))
        return nodes.count - 1
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while pos < end {
            let byte = bytes[pos]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            pos += 1
        }
    }

    private mutating func parseKeyAndColon() throws(JSONError) {
        skipWhitespace()
        guard pos < end else { throw fail(.unexpectedEnd(expected: "a string key")) }
        guard bytes[pos] == 0x22 else { throw fail(.unexpectedByte(bytes[pos], expected: "a string key")) }
        try parseString(isKey: true)
        skipWhitespace()
        guard pos < end else { throw fail(.unexpectedEnd(expected: "':'")) }
        guard bytes[pos] == 0x3A else { throw fail(.unexpectedByte(bytes[pos], expected: "':'")) }
        pos += 1
    }

    private mutating func parseLiteral(_ word: StaticString, _ tag: JSONNode.Tag) throws(JSONError) {
        let count = word.utf8CodeUnitCount
        let text = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for index in 0..<count {
            guard pos + index < end else { throw fail(.unexpectedEnd(expected: "'\(word)'"), at: pos + index) }
            guard bytes[pos + index] == text[index] else { throw fail(.invalidLiteral, at: pos + index) }
        }
        _ = append(tag, flags: 0, a: 0, b: 0)
        pos += count
    }

    // MARK: - Numbers

    private mutating func parseNumber() throws(JSONError) {
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

    private mutating func parseString(isKey: Bool) throws(JSONError) {
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

    // MARK: - Errors

    private func fail(_ reason: JSONError.Reason, at offset: Int? = nil) -> JSONError {
        JSONError.at(min(offset ?? pos, end), in: bytes, reason)
    }
}
