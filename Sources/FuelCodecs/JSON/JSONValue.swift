/// The kind of a JSON value.
public enum JSONKind: Sendable, Equatable, CustomStringConvertible {
    case null, bool, number, string, array, object

    public var description: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One value of a ``JSONDocument``: a reference to the document plus a node index, so it costs no allocation.
public struct JSONValue: Sendable {
    /// The document the value belongs to.
    public let document: JSONDocument
    package let index: Int

    package init(document: JSONDocument, index: Int) {
        self.document = document
        self.index = index
    }

    private var node: JSONNode { document.nodes[index] }

    public var kind: JSONKind {
        switch node.tag {
        case .null: .null
        case .falseValue, .trueValue: .bool
        case .number: .number
        case .string, .key: .string
        case .array: .array
        case .object: .object
        }
    }

    /// Byte offset of the value's first byte in the input.
    public var offset: Int { Int(node.offset) }

    /// `line 3, column 17`: where the value starts.
    public var location: String { document.location(ofByte: offset) }

    public var isNull: Bool { node.tag == .null }

    /// The boolean, or nil for any other kind.
    public var bool: Bool? {
        switch node.tag {
        case .trueValue: true
        case .falseValue: false
        default: nil
        }
    }

    /// The decoded text of a string, or nil for any other kind.
    public var string: String? {
        guard node.tag == .string else { return nil }
        return document.withStringBytes(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the decoded UTF-8 bytes of a string; nil for any other kind.
    public func withStringBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        guard node.tag == .string else { return nil }
        return try document.withStringBytes(at: index, body)
    }

    /// True when the value is a string equal to `text`, compared as bytes without building a `String`.
    public func stringEquals(_ text: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        return withStringBytes { bytes in bytes.elementsEqual(expected) } ?? false
    }

    /// True for `""` and for strings of white space only.
    public var isBlankString: Bool {
        withStringBytes { bytes in bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } }
            ?? false
    }

    /// The number as a double (correctly rounded), or nil when the value is not a JSON number.
    public var double: Double? {
        guard node.tag == .number else { return nil }
        return document.withNumberBytes(at: index) { DecimalText.parseJSONNumber($0) }
    }

    /// The number as an integer, or nil when it is not a JSON integer or does not fit.
    public var int: Int? {
        guard node.tag == .number, node.flags & JSONNode.integerFlag != 0 else { return nil }
        return document.withNumberBytes(at: index) { DecimalText.parseInteger($0) }
    }

    /// A number given either as a JSON number or as text: decimal comma or point, optional sign, surrounding
    /// spaces and a trailing euro sign with an optional unit (`41.5`, `"41,507833"`, `"1,749 €"`,
    /// `"1,749 €/litro"`). Nil for anything else, including `""`.
    public var decimal: Double? {
        switch node.tag {
        case .number: return double
        case .string: return document.withStringBytes(at: index) { DecimalText.parse($0) }
        default: return nil
        }
    }

    /// ``decimal``, rounded half away from zero to `decimals` places on the digits as written (see
    /// ``DecimalText/parse(_:roundedTo:)``), not on the parsed double: `41.858087499999996` to 6 places is 41.858087.
    public func decimal(roundedTo decimals: Int) -> Double? {
        switch node.tag {
        case .number:
            return document.withNumberBytes(at: index) { DecimalText.parseJSONNumber($0, roundedTo: decimals) }
        case .string: return document.withStringBytes(at: index) { DecimalText.parse($0, roundedTo: decimals) }
        default: return nil
        }
    }

    /// The number of elements of an array or members of an object; 0 for other kinds.
    public var count: Int {
        switch node.tag {
        case .array, .object: Int(node.a)
        default: 0
        }
    }

    /// The elements of an array (empty for other kinds).
    public var elements: JSONElements { JSONElements(document: document, container: node.tag == .array ? index : nil) }

    /// The members of an object in document order, duplicates included (empty for other kinds).
    public var members: JSONMembers { JSONMembers(document: document, container: node.tag == .object ? index : nil) }

    /// The value of the first member named `key`, or nil when the value is not an object or has no such member.
    public subscript(key: String) -> JSONValue? {
        member(document.keyID(key))
    }

    /// The value of the first member with an interned key id (see ``JSONDocument/keyID(_:)``), or nil when the
    /// value is not an object, has no such member, or the id is nil. Resolve ids once per document in hot loops.
    public func member(_ keyID: Int?) -> JSONValue? {
        guard let keyID, node.tag == .object else { return nil }
        for member in members where member.keyID == keyID { return member.value }
        return nil
    }
}

/// One member of an object.
public struct JSONMember: Sendable {
    /// The interned key: index into ``JSONDocument/keyNames``.
    public let keyID: Int
    public let value: JSONValue

    /// The key's text.
    public var key: String { value.document.keyNames[keyID] }
}

/// The elements of an array, in order.
public struct JSONElements: Sequence, Sendable {
    package let document: JSONDocument
    package let container: Int?

    public struct Iterator: IteratorProtocol {
        var children: JSONChildren

        public mutating func next() -> JSONValue? {
            children.next().map { JSONValue(document: children.document, index: $0) }
        }
    }

    public func makeIterator() -> Iterator { Iterator(children: JSONChildren(document, container)) }
}

/// The members of an object, in order.
public struct JSONMembers: Sequence, Sendable {
    package let document: JSONDocument
    package let container: Int?

    public struct Iterator: IteratorProtocol {
        var children: JSONChildren

        public mutating func next() -> JSONMember? {
            // An object's children alternate key and value; the walk skips from key to value with `afterKey`.
            guard let key = children.next(afterKey: true) else { return nil }
            let document = children.document
            return JSONMember(keyID: Int(document.nodes[key].a), value: JSONValue(document: document, index: key + 1))
        }
    }

    public func makeIterator() -> Iterator { Iterator(children: JSONChildren(document, container)) }
}

/// A walk over the direct children of a container node, one subtree at a time.
struct JSONChildren {
    let document: JSONDocument
    private var position: Int
    private let end: Int

    /// The children of `container`; none when it is nil.
    init(_ document: JSONDocument, _ container: Int?) {
        self.document = document
        position = container.map { $0 + 1 } ?? 0
        end = container.map { Int(document.nodes[$0].b) } ?? 0
    }

    /// The index of the next child (with `afterKey`, of the next key, stepping over the value that follows it).
    mutating func next(afterKey: Bool = false) -> Int? {
        guard position < end else { return nil }
        let child = position
        let last = afterKey ? child + 1 : child
        position = document.nodes[last].subtreeEnd(at: last)
        return child
    }
}

extension JSONNode {
    /// The index just past this node's subtree.
    @inline(__always)
    package func subtreeEnd(at index: Int) -> Int {
        tag == .array || tag == .object ? Int(b) : index + 1
    }
}
