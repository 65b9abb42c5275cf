import Foundation
import FuelCodecs
import Testing
import _FuelTestSupport

/// ``JSONObjectStream``: a root object's long array read in chunks gives what the whole document gives, with the
/// same offsets; a broken chunk fails with the whole document's error; what the skim cannot follow is left to the
/// full parser.
@Suite struct JSONObjectStreamTests {
    /// A response shaped like MITECO's, with strings that hold brackets, quotes and escapes.
    static let document = Array(
        """
        \u{FEFF}{"Fecha":"27\\/09\\/2025 18:05:47",
         "ListaEESSPrecio": [
          {"IDEESS":"1","Rótulo":"A [b] {c}","n":1.5},
          {"IDEESS":"2","Rótulo":"quote \\" and \\\\","n":[1,{"x":null}]},
          {"IDEESS":"3","Rótulo":"\\u00e9","n":true} ,
          {"IDEESS":"4","Rótulo":"","n":-0.5e3}
         ],
         "Nota":"x", "ResultadoConsulta":"OK"}
        """.utf8)

    /// The element texts and locations of the whole document's list.
    static func wholeList(_ bytes: [UInt8]) throws -> [String] {
        let list = try #require(try JSONDocument(parsing: bytes).root["ListaEESSPrecio"])
        return list.elements.map { describe($0) }
    }

    static func describe(_ value: JSONValue) -> String {
        "\(value.location) \(value.kind) \(value.count) \(value["IDEESS"]?.string ?? "-") \(value["Rótulo"]?.string ?? "-")"
    }

    @Test(arguments: [1, 2, 3, 4, 100])
    func chunksGiveTheWholeDocumentsElementsAndPlaces(chunk: Int) throws {
        let stream = try #require(JSONObjectStream(Self.document))
        var streamed: [String] = []
        var chunks = 0
        let read = try stream.forEachChunk(ofArray: "ListaEESSPrecio", chunk: chunk) { list in
            chunks += 1
            streamed += list.elements.map { Self.describe($0) }
        }
        #expect(read)
        #expect(streamed == (try Self.wholeList(Self.document)))
        #expect(chunks == (4 + chunk - 1) / chunk)
        let others = try stream.members(except: "ListaEESSPrecio")
        #expect(others.keys.sorted() == ["Fecha", "Nota", "ResultadoConsulta"])
        #expect(others["Fecha"]?.string == "27/09/2025 18:05:47")
        #expect(
            others["ResultadoConsulta"]?.location
                == (try JSONDocument(parsing: Self.document).root["ResultadoConsulta"])?.location)
    }

    /// A spoiled element or member, and the error the whole-document parse reports for it.
    typealias Broken = NamedCase<(from: String, to: String)>

    static let broken: [Broken] = [
        Broken("a number that breaks the grammar in the third element", (from: "true} ,", to: "tru} ,")),
        Broken("a raw control character in a string", (from: "\"n\":1.5", to: "\"n\u{01}\":1.5")),
        Broken("a bad escape in the last element", (from: "\"Rótulo\":\"\"", to: "\"Rótulo\":\"\\q\"")),
    ]

    @Test(arguments: broken)
    func aBrokenChunkFailsWithTheWholeDocumentsError(_ broken: Broken) throws {
        let text = String(decoding: Self.document, as: UTF8.self)
        #expect(text.contains(broken.from))
        let bytes = Array(text.replacingOccurrences(of: broken.from, with: broken.to).utf8)
        let expected = try #require(throws: JSONError.self) { try JSONDocument(parsing: bytes) }
        let stream = try #require(JSONObjectStream(bytes))
        let error = try #require(throws: JSONError.self) {
            _ = try stream.forEachChunk(ofArray: "ListaEESSPrecio", chunk: 1) { _ in }
        }
        #expect(error == expected)
    }

    @Test func anInvalidOtherMemberIsRefusedToo() throws {
        let bytes = Array(#"{"Nota":[1,],"ListaEESSPrecio":[]}"#.utf8)
        let stream = try #require(JSONObjectStream(bytes))
        let expected = try #require(throws: JSONError.self) { try JSONDocument(parsing: bytes) }
        #expect(throws: expected) { try stream.members(except: "ListaEESSPrecio") }
    }

    @Test func anEmptyListIsOneEmptyChunk() throws {
        let stream = try #require(JSONObjectStream(Array(#"{"ListaEESSPrecio":[ ]}"#.utf8)))
        var counts: [Int] = []
        #expect(try stream.forEachChunk(ofArray: "ListaEESSPrecio") { counts.append($0.count) })
        #expect(counts == [0])
    }

    /// Shapes the skim leaves to the full parser.
    @Test(arguments: [
        #"[{"a":1}]"#, #"{"a":1} x"#, #"{"a\u0062":1}"#, #"{"a":1"#, #"<html>"#, #"{"a":"open}"#, "",
    ])
    func whatTheSkimCannotFollowIsLeftToTheFullParser(_ text: String) {
        #expect(JSONObjectStream(Array(text.utf8)) == nil)
    }

    @Test func aListThatIsNotAnArrayIsNotStreamed() throws {
        let stream = try #require(JSONObjectStream(Array(#"{"ListaEESSPrecio":{"a":1}}"#.utf8)))
        #expect(try stream.forEachChunk(ofArray: "ListaEESSPrecio") { _ in Issue.record("no chunk expected") } == false)
        #expect(try stream.forEachChunk(ofArray: "Missing") { _ in Issue.record("no chunk expected") } == false)
    }
}
