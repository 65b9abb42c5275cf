#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A large JSON document whose root object holds one long array, read a piece at a time.
///
/// A ``JSONDocument`` of the whole file costs a 16-byte node per value: for a 240 MB MITECO response, more memory
/// than the file. Here the root object is only skimmed for where its members lie; each small member is parsed on its
/// own, and the array in chunks of elements, each chunk a document over the same bytes whose node table is dropped
/// before the next. Every byte is still checked by the strict parser (the skim only finds boundaries), and offsets,
/// lines and columns are those of the whole file.
///
/// The skim is not a validator: when it meets something it cannot follow, or a chunk is not valid JSON, the caller
/// parses the whole document instead (``JSONDocument/init(parsing:options:)``) for the exact first error.
public struct JSONObjectStream {
    public let bytes: [UInt8]
    private let skimmed: [(key: [UInt8], value: Range<Int>)]

    /// Skims the root object.
    /// - Returns: nil when the root is not an object or the skim cannot follow the document.
    public init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        guard let members = bytes.withUnsafeBufferPointer({ JSONSkim(bytes: $0).rootMembers() }) else { return nil }
        skimmed = members
    }

    /// Every member but `key`, each value parsed on its own (strictly, like the whole document would be), by key;
    /// the first of repeated keys wins.
    /// - Throws: ``JSONError`` for a value that is not valid JSON.
    public func members(except key: String) throws(JSONError) -> [String: JSONValue] {
        let skipped = Array(key.utf8)
        var values: [String: JSONValue] = [:]
        for member in skimmed where member.key != skipped {
            let value = try JSONDocument(parsing: bytes, range: member.value).root
            let name = String(decoding: member.key, as: UTF8.self)
            if values[name] == nil { values[name] = value }
        }
        return values
    }

    /// Calls `body` with the elements of the array member `key`, `chunk` at a time, as the elements of each chunk's
    /// root array.
    /// - Returns: false, before calling `body`, when there is no such member, it is not an array, or the skim
    ///   cannot follow it: read the whole document instead.
    /// - Throws: ``JSONError`` for a chunk that is not valid JSON, or what `body` throws.
    public func forEachChunk(
        ofArray key: String, chunk: Int = 2_048, _ body: (JSONValue) throws -> Void
    ) throws -> Bool {
        let wanted = Array(key.utf8)
        guard let range = skimmed.first(where: { $0.key == wanted })?.value,
            bytes[range.lowerBound] == UInt8(ascii: "[")
        else { return false }
        var elements: [Range<Int>] = []
        let found = bytes.withUnsafeBufferPointer { JSONSkim(bytes: $0).elements(ofArrayAt: range, into: &elements) }
        guard found else { return false }
        var first = 0
        while first < elements.count {
            let last = min(first + chunk, elements.count) - 1
            let document = try JSONDocument(
                parsing: bytes, range: elements[first].lowerBound..<elements[last].upperBound, sequence: true)
            try body(document.root)
            first = last + 1
        }
        if elements.isEmpty { try body(JSONDocument(parsing: Array("[]".utf8)).root) }
        return true
    }
}

/// Finds where values start and end without building anything; used only to cut a document into parts that the
/// strict parser then reads.
private struct JSONSkim {
    let bytes: UnsafeBufferPointer<UInt8>

    /// The root object's members: plain keys (no escapes) and their values' ranges; nil when it is not that.
    func rootMembers() -> [(key: [UInt8], value: Range<Int>)]? {
        var position = Text.byteOrderMarkLength(bytes)
        position = skipSpace(position)
        guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else { return nil }
        position = skipSpace(position + 1)
        var members: [(key: [UInt8], value: Range<Int>)] = []
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            return skipSpace(position + 1) == bytes.count ? members : nil
        }
        while true {
            // Keys of printable ASCII only: anything else (escapes, UTF-8 to check) is left to the full parser.
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let keyEnd = stringEnd(position),
                bytes[(position + 1)..<(keyEnd - 1)].allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x5C })
            else { return nil }
            let key = Array(bytes[(position + 1)..<(keyEnd - 1)])
            position = skipSpace(keyEnd)
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
            position = skipSpace(position + 1)
            guard let valueEnd = valueEnd(position) else { return nil }
            members.append((key, position..<valueEnd))
            position = skipSpace(valueEnd)
            guard position < bytes.count else { return nil }
            if bytes[position] == UInt8(ascii: ",") {
                position = skipSpace(position + 1)
                continue
            }
            guard bytes[position] == UInt8(ascii: "}") else { return nil }
            return skipSpace(position + 1) == bytes.count ? members : nil
        }
    }

    /// The ranges of the elements of the array in `range`; false when it is not a well-formed array of values.
    func elements(ofArrayAt range: Range<Int>, into elements: inout [Range<Int>]) -> Bool {
        var position = skipSpace(range.lowerBound + 1)
        let close = range.upperBound - 1
        guard bytes[close] == UInt8(ascii: "]") else { return false }
        if position == close { return true }
        while true {
            guard let end = valueEnd(position), end <= close else { return false }
            elements.append(position..<end)
            position = skipSpace(end)
            if position == close { return true }
            guard position < close, bytes[position] == UInt8(ascii: ",") else { return false }
            position = skipSpace(position + 1)
        }
    }

    /// Just past the value starting at `start`: a string, a container with everything nested in it, or a scalar
    /// up to the next delimiter. Nil when the input ends first.
    private func valueEnd(_ start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return stringEnd(start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var position = start
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "\""):
                    guard let end = stringEnd(position) else { return nil }
                    position = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return position + 1 }
                default:
                    break
                }
                position += 1
            }
            return nil
        default:
            var position = start
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
                    return position == start ? nil : position
                default:
                    position += 1
                }
            }
            return position == start ? nil : position
        }
    }

    /// Just past the closing quote of the string whose opening quote is at `start`: the next quote (found with
    /// `memchr`) that an even number of backslashes precedes.
    private func stringEnd(_ start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var position = start + 1
        while position < bytes.count {
            guard let found = memchr(base + position, 0x22, bytes.count - position) else { return nil }
            let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var backslashes = 0
            while quote - backslashes - 1 > start && bytes[quote - backslashes - 1] == 0x5C { backslashes += 1 }
            if backslashes % 2 == 0 { return quote + 1 }
            position = quote + 1
        }
        return nil
    }

    private func skipSpace(_ start: Int) -> Int {
        var position = start
        while position < bytes.count,
            bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0A || bytes[position] == 0x0D
        {
            position += 1
        }
        return position
    }
}
