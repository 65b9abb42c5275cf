/// A parsed JSON document: a flat table of nodes over the input bytes, with no allocation per value.
///
/// Values appear in document order. A container's node records how many children it has and where its subtree
/// ends, so skipping a value is one step. Strings point into the input; strings with escapes point into a side
/// buffer that holds them decoded. Object keys are interned while parsing: each distinct key gets a small integer
/// id, so an adapter can map the few dozen distinct keys of a feed to roles once and then compare integers.
///
/// The document is immutable after parsing and can be shared between threads.
public final class JSONDocument: Sendable {
    /// Parsing limits and leniencies.
    public struct Options: Sendable {
        /// Deepest nesting of arrays and objects accepted.
        public var maxDepth: Int
        /// Skip a leading UTF-8 byte-order mark (RFC 8259 allows parsers to ignore one).
        public var allowsByteOrderMark: Bool

        public init(maxDepth: Int = 512, allowsByteOrderMark: Bool = true) {
            self.maxDepth = maxDepth
            self.allowsByteOrderMark = allowsByteOrderMark
        }
    }

    /// The input, kept because string and number nodes point into it.
    package let input: [UInt8]
    /// The node table in document order; node 0 is the root.
    package let nodes: [JSONNode]
    /// Decoded text of strings that had escapes.
    package let decoded: [UInt8]
    /// Distinct object keys, by key id.
    public let keyNames: [String]
    private let keyIDs: [String: Int]

    /// Parses a whole document, or only part of `bytes`: the one value in `range`, or with `sequence` the
    /// comma-separated values in it as the elements of the root array. Offsets, lines and columns stay those of the
    /// whole of `bytes`, which the document keeps (shared, not copied).
    /// - Throws: ``JSONError`` with the byte offset, line and column of the first problem.
    public init(
        parsing bytes: [UInt8], range: Range<Int>? = nil, sequence: Bool = false, options: Options = Options()
    ) throws(JSONError) {
        var parser = JSONParser(maxDepth: options.maxDepth, allowsByteOrderMark: options.allowsByteOrderMark)
        try parser.parse(bytes, range: range, sequence: sequence)
        input = bytes
        nodes = parser.nodes
        decoded = parser.decoded
        let names = parser.keys.names()
        keyNames = names
        keyIDs = Self.ids(names)
    }

    private static func ids(_ names: [String]) -> [String: Int] {
        var ids: [String: Int] = [:]
        ids.reserveCapacity(names.count)
        for (id, name) in names.enumerated() where ids[name] == nil { ids[name] = id }
        return ids
    }

    /// The top-level value.
    public var root: JSONValue { JSONValue(document: self, index: 0) }

    /// The id of an object key, or nil when no object in the document has that key.
    public func keyID(_ name: String) -> Int? { keyIDs[name] }

    /// One-based line and byte column of a byte offset, for error messages.
    public func lineAndColumn(ofByte offset: Int) -> (line: Int, column: Int) {
        input.withUnsafeBufferPointer { JSONError.lineAndColumn(of: offset, in: $0) }
    }

    /// `line 3, column 17` for a byte offset.
    public func location(ofByte offset: Int) -> String {
        let (line, column) = lineAndColumn(ofByte: offset)
        return "line \(line), column \(column)"
    }

    /// Calls `body` with the UTF-8 bytes of the string node at `index`.
    @inline(__always)
    package func withStringBytes<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let node = nodes[index]
        let buffer = node.flags & JSONNode.decodedFlag != 0 ? decoded : input
        return try buffer.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[Int(node.a)..<Int(node.a) + Int(node.b)]))
        }
    }

    /// Calls `body` with the bytes of the number node at `index`, exactly as written.
    @inline(__always)
    package func withNumberBytes<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let node = nodes[index]
        return try input.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[Int(node.offset)..<Int(node.offset) + Int(node.a)]))
        }
    }
}

/// One node of the table: 16 bytes.
///
/// | tag | `a` | `b` |
/// | --- | --- | --- |
/// | string | start of the text (input, or `decoded` with the decoded flag) | length in bytes |
/// | key | key id | unused |
/// | number | length of the text in the input | unused |
/// | array, object | number of elements or members | index just past the subtree |
/// | null, false, true | unused | unused |
package struct JSONNode: Sendable {
    package enum Tag: UInt8, Sendable {
        case null, falseValue, trueValue, number, string, array, object, key
    }

    package static let decodedFlag: UInt8 = 1
    package static let integerFlag: UInt8 = 2

    package var tag: Tag
    package var flags: UInt8
    /// Byte offset of the value's first byte in the input (the opening quote of a string).
    package var offset: UInt32
    package var a: UInt32
    package var b: UInt32
}
