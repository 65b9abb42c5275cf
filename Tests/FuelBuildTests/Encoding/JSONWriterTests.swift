import Foundation
import Testing

@testable import FuelBuild

@Suite struct JSONWriterTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var value: String
        /// The exact JSON text, quotes included.
        var json: String
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "empty", value: "", json: #""""#),
        Case(label: "plain ASCII", value: "Av. da Liberdade, 1/2", json: #""Av. da Liberdade, 1/2""#),
        Case(label: "accents stay UTF-8", value: "Azeitão, CANICATTÌ", json: "\"Azeitão, CANICATTÌ\""),
        Case(label: "quote", value: #"Posto "Central""#, json: #""Posto \"Central\"""#),
        Case(label: "backslash", value: #"a\b"#, json: #""a\\b""#),
        Case(label: "newline, return and tab", value: "a\nb\rc\td", json: #""a\nb\rc\td""#),
        Case(label: "other control bytes", value: "a\u{01}b\u{1F}", json: #""a\u0001b\u001f""#),
        Case(label: "escape after multi-byte text", value: "é\"", json: "\"é\\\"\""),
    ]

    @Test(arguments: cases)
    func stringEscapesOnlyWhatJSONRequires(_ testCase: Case) throws {
        var writer = JSONWriter()
        writer.string(testCase.value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == testCase.json)
        let decoded = try JSONSerialization.jsonObject(with: Data(writer.bytes), options: .fragmentsAllowed)
        #expect(decoded as? String == testCase.value)
    }

    @Test func timeIsAQuotedUTCString() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.time(Date(timeIntervalSince1970: 1_758_989_147))
        writer.time(Date(timeIntervalSince1970: 0))
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"["2025-09-27T16:05:47Z","1970-01-01T00:00:00Z"]"#)
    }
}
