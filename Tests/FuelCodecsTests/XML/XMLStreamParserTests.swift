import Testing

@testable import FuelCodecs

/// The libxml2 SAX reader the FR adapter runs on: events, lines, the declared encoding, and what it refuses to do.
@Suite struct XMLStreamParserTests {
    /// Records every event as text; runs of text are joined, since one run may arrive in several calls.
    final class Recorder: XMLEventHandler {
        var events: [String] = []
        private var text = ""

        private func flushText() {
            if text.contains(where: { !$0.isWhitespace }) { events.append("text \(text)") }
            text = ""
        }

        func startElement(_ name: XMLName, attributes: XMLAttributes, line: Int) throws {
            flushText()
            let id = attributes.value("id").map { " id=" + String(decoding: $0, as: UTF8.self) } ?? ""
            events.append("start \(name.string)\(id) line \(line)")
        }

        func endElement(_ name: XMLName) throws {
            flushText()
            events.append("end \(name.string)")
        }

        func characters(_ text: UnsafeBufferPointer<UInt8>) throws {
            self.text += String(decoding: text, as: UTF8.self)
        }
    }

    static func parse(_ text: [UInt8]) throws -> [String] {
        let recorder = Recorder()
        try XMLStreamParser.parse(text, name: "test.xml", handler: recorder)
        return recorder.events
    }

    @Test func eventsArriveInOrderWithTheirLines() throws {
        let document = Array(
            "<?xml version=\"1.0\"?>\n<list>\n  <pdv id=\"7\">\n    <ville>Lyon</ville>\n  </pdv>\n</list>\n".utf8)
        #expect(
            try Self.parse(document) == [
                "start list line 2", "start pdv id=7 line 3", "start ville line 4", "text Lyon", "end ville",
                "end pdv", "end list",
            ])
    }

    @Test func theDeclaredLatin1EncodingArrivesAsUTF8() throws {
        let document =
            Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><ville>Saint-".utf8) + [0xC9]
            + Array("tienne</ville>".utf8)
        #expect(try Self.parse(document).contains("text Saint-Étienne"))
    }

    @Test func entitiesAreNeitherLoadedNorExpanded() throws {
        let document = Array(
            """
            <?xml version="1.0"?>
            <!DOCTYPE a [<!ENTITY system SYSTEM "file:///etc/hostname"><!ENTITY lol "lollollollollollol">]>
            <a>&system;&lol;</a>
            """.utf8)
        let recorder = Recorder()
        // Entities declared in the document are not even recorded, so using one is an error, never an expansion
        // and never a read of the file.
        let error = try #require(throws: XMLSyntaxError.self) {
            try XMLStreamParser.parse(document, name: "test.xml", handler: recorder)
        }
        #expect(error.message.contains("Entity 'system' not defined"), "\(error)")
        #expect(recorder.events == ["start a line 3"])
    }

    @Test func aMalformedDocumentNamesItsLine() throws {
        let document = Array("<a>\n<b>\n</a>\n".utf8)
        let error = try #require(throws: XMLSyntaxError.self) { try Self.parse(document) }
        #expect(error.line >= 2, "\(error)")
        #expect(!error.message.isEmpty)
    }
}
