import CFuelXML

/// Receives the events of a streaming XML parse. Names, values and text are UTF-8 bytes that are valid only during
/// the call: copy what you keep.
package protocol XMLEventHandler: AnyObject {
    /// An element opens. `line` is the line of its start tag.
    func startElement(_ name: XMLName, attributes: XMLAttributes, line: Int) throws
    /// An element closes.
    func endElement(_ name: XMLName) throws
    /// Text (or CDATA) inside the current element; one run of text may arrive in several calls.
    func characters(_ text: UnsafeBufferPointer<UInt8>) throws
}

/// A well-formedness or encoding error that libxml2 reported.
package struct XMLSyntaxError: Error, Equatable, CustomStringConvertible {
    package var line: Int
    package var message: String

    package var description: String { "line \(line): \(message)" }
}

/// A streaming SAX2 parse over libxml2's push parser, fed in 64 KiB chunks.
///
/// The parser never touches the network (`XML_PARSE_NONET`), does not substitute entities (no `XML_PARSE_NOENT`),
/// and neither loads nor validates a DTD; with no entity callbacks installed, entities declared in a document are
/// not even recorded, so external entities are never read and entity expansion bombs expand nothing. The declared
/// encoding (for FR, ISO-8859-1) is honoured, and every name, value and text arrives as UTF-8.
package enum XMLStreamParser {
    /// Parses `bytes`, calling `handler` for each event.
    /// - Throws: the first error the handler throws (the parse stops there), or ``XMLSyntaxError``.
    package static func parse(_ bytes: [UInt8], name: String, handler: some XMLEventHandler) throws {
        _ = initialised
        let context = ParseContext(handler: handler)
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.startElementNs = { user, localName, _, _, _, _, count, _, attributes in
            guard let user, let localName else { return }
            let context = Unmanaged<ParseContext>.fromOpaque(user).takeUnretainedValue()
            context.run { handler, line in
                try handler.startElement(
                    XMLName(localName), attributes: XMLAttributes(attributes, count: Int(count)), line: line)
            }
        }
        sax.endElementNs = { user, localName, _, _ in
            guard let user, let localName else { return }
            let context = Unmanaged<ParseContext>.fromOpaque(user).takeUnretainedValue()
            context.run { handler, _ in try handler.endElement(XMLName(localName)) }
        }
        let characters: charactersSAXFunc = { user, text, length in
            guard let user, let text, length > 0 else { return }
            let context = Unmanaged<ParseContext>.fromOpaque(user).takeUnretainedValue()
            context.run { handler, _ in try handler.characters(UnsafeBufferPointer(start: text, count: Int(length))) }
        }
        sax.characters = characters
        sax.cdataBlock = characters
        sax.serror = { user, error in
            guard let user, let error else { return }
            let context = Unmanaged<ParseContext>.fromOpaque(user).takeUnretainedValue()
            context.record(error.pointee)
        }

        try withExtendedLifetime(context) {
            let user = Unmanaged.passUnretained(context).toOpaque()
            // The first bytes go in at creation, so libxml2 can detect the encoding from them.
            let head = min(4, bytes.count)
            let parser: xmlParserCtxtPtr? = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    xmlCreatePushParserCtxt(&sax, user, chars.baseAddress, Int32(head), name)
                }
            }
            guard let parser else { throw XMLSyntaxError(line: 0, message: "libxml2 could not create a parser") }
            defer { xmlFreeParserCtxt(parser) }
            xmlCtxtUseOptions(parser, Int32(XML_PARSE_NONET.rawValue))
            context.parser = parser
            var offset = head
            let chunk = 1 << 16
            repeat {
                let count = min(chunk, bytes.count - offset)
                let terminate: Int32 = offset + count == bytes.count ? 1 : 0
                _ = bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { chars in
                        xmlParseChunk(parser, chars.baseAddress.map { $0 + offset }, Int32(count), terminate)
                    }
                }
                offset += count
            } while offset < bytes.count && context.failure == nil && context.syntax == nil
            context.parser = nil
        }
        if let failure = context.failure { throw failure }
        if let syntax = context.syntax { throw syntax }
    }

    /// libxml2 wants one initialisation before threads use it.
    private static let initialised: Void = { xmlInitParser() }()
}

/// What the C callbacks reach through their user pointer.
private final class ParseContext {
    let handler: any XMLEventHandler
    var parser: xmlParserCtxtPtr?
    var failure: (any Error)?
    var syntax: XMLSyntaxError?

    init(handler: any XMLEventHandler) { self.handler = handler }

    var line: Int { parser.flatMap { $0.pointee.input }.map { Int($0.pointee.line) } ?? 0 }

    /// Runs a handler call unless the parse already failed; a thrown error stops the parser.
    func run(_ body: (any XMLEventHandler, Int) throws -> Void) {
        guard failure == nil, syntax == nil else { return }
        do {
            try body(handler, line)
        } catch {
            failure = error
            if let parser { xmlStopParser(parser) }
        }
    }

    /// Keeps the first error (not warnings) libxml2 reports.
    func record(_ error: xmlError) {
        guard syntax == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var message = (error.message.map { String(cString: $0) } ?? "error \(error.code)")
            .trimmingSuffix(while: { $0 == "\n" || $0 == " " })
        if error.code == Int32(XML_ERR_DOCUMENT_END.rawValue) || error.code == Int32(XML_ERR_TAG_NOT_FINISHED.rawValue)
        {
            message += " (the document ends early or goes on after its end: a truncated or damaged download?)"
        }
        syntax = XMLSyntaxError(line: Int(error.line), message: message)
    }
}

@available(*, unavailable)
extension ParseContext: Sendable {}

extension String {
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> String {
        var text = self
        while let last = text.last, predicate(last) { text.removeLast() }
        return text
    }
}

/// An element's local name: a NUL-terminated UTF-8 string owned by libxml2.
package struct XMLName {
    package let pointer: UnsafePointer<UInt8>

    package init(_ pointer: UnsafePointer<UInt8>) { self.pointer = pointer }

    /// True when the name is exactly `literal`.
    @inline(__always)
    package func `is`(_ literal: StaticString) -> Bool {
        let expected = literal.utf8Start
        for index in 0..<literal.utf8CodeUnitCount where pointer[index] != expected[index] { return false }
        return pointer[literal.utf8CodeUnitCount] == 0
    }

    /// The name as a string.
    package var string: String { String(cString: pointer) }
}

/// An element's attributes in libxml2's SAX2 layout: five pointers each (local name, prefix, URI, value, value end).
package struct XMLAttributes {
    private let base: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    /// How many attributes.
    package let count: Int

    package init(_ base: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, count: Int) {
        self.base = base
        self.count = base == nil ? 0 : count
    }

    /// The value of the attribute with this local name, or nil when the element has none.
    package func value(_ name: StaticString) -> UnsafeBufferPointer<UInt8>? {
        guard let base else { return nil }
        for index in 0..<count {
            let entry = base + index * 5
            guard let local = entry[0], XMLName(local).is(name) else { continue }
            guard let start = entry[3], let end = entry[4] else { return UnsafeBufferPointer(start: nil, count: 0) }
            return UnsafeBufferPointer(start: start, count: end - start)
        }
        return nil
    }

    /// True when the element has no attributes at all.
    package var isEmpty: Bool { count == 0 }
}
