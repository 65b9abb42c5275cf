/// The strict RFC 8259 parser behind ``JSONDocument``: one pass over the bytes with an explicit stack (no
/// recursion, so deep input cannot overflow a thread's stack), appending nodes to a flat table. This file reads the
/// structure; `JSONParser+Scalars.swift` scans numbers and strings.
package struct JSONParser {
    package let maxDepth: Int
    package let allowsByteOrderMark: Bool
    package var nodes: [JSONNode] = []
    package var decoded: [UInt8] = []
    package var keys = JSONKeyTable()
    private var stack: [Int] = []
    // Not private: the scalar scanning in JSONParser+Scalars.swift reads the input and moves `pos`.
    private(set) var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private(set) var end = 0
    var pos = 0

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
            case 0x7B, 0x5B:  // { or [
                guard stack.count < maxDepth else { throw fail(.tooDeep(limit: maxDepth)) }
                let isObject = bytes[pos] == 0x7B
                let index = append(isObject ? .object : .array, flags: 0, a: 0, b: 0)
                pos += 1
                skipWhitespace()
                if pos < end && bytes[pos] == (isObject ? 0x7D : 0x5D) {
                    pos += 1
                    nodes[index].b = UInt32(nodes.count)
                } else {
                    stack.append(index)
                    if isObject { try parseKeyAndColon() }
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

    // MARK: - Errors

    /// The error for `reason` at `offset` (the current position when nil), clamped to the end of the input.
    func fail(_ reason: JSONError.Reason, at offset: Int? = nil) -> JSONError {
        JSONError.at(min(offset ?? pos, end), in: bytes, reason)
    }
}
