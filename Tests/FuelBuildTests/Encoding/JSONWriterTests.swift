import Foundation
import FuelCodecs
import FuelPublishing
import Testing
import _FuelTestSupport

@testable import FuelBuild

@Suite struct JSONWriterTests {
    /// `json`: The exact JSON text, quotes included.
    typealias Case = NamedCase<(value: String, json: String)>

    static let cases: [Case] = [
        Case("empty", (value: "", json: #""""#)),
        Case("plain ASCII", (value: "Av. da Liberdade, 1/2", json: #""Av. da Liberdade, 1/2""#)),
        Case("accents stay UTF-8", (value: "Azeitão, CANICATTÌ", json: "\"Azeitão, CANICATTÌ\"")),
        Case("quote", (value: #"Posto "Central""#, json: #""Posto \"Central\"""#)),
        Case("backslash", (value: #"a\b"#, json: #""a\\b""#)),
        Case("newline, return and tab", (value: "a\nb\rc\td", json: #""a\nb\rc\td""#)),
        Case("other control bytes", (value: "a\u{01}b\u{1F}", json: #""a\u0001b\u001f""#)),
        Case("escape after multi-byte text", (value: "é\"", json: "\"é\\\"\"")),
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

/// ``JSONWriter/number(_:decimals:)`` writes its digits from the rounded integer; the text must be Swift's shortest
/// `description` of the rounded double, exactly, which ``JSONWriter/format(_:decimals:)`` gives.
@Suite struct JSONWriterNumberTests {
    /// Magnitudes from below the fast path's range to far above the feeds' values, with both signs.
    static let magnitudes: [Double] = [0.0004, 0.001, 0.05, 1, 9.14, 38.72, 180, 1_234.5, 987_654.321, 123_456_789]

    @Test(arguments: [0, 1, 2, 3, 6, 7])
    func digitsFromTheIntegerAreSwiftsShortestText(decimals: Int) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(decimals)
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var values: [Double] = [0, -0.0, 0.0005, 0.00049, 1.0005, 2.5, -2.5, 0.999_999_5, 1e9, -1e9]
        for magnitude in Self.magnitudes {
            for _ in 0..<400 {
                let value = magnitude * (0.5 + random())
                values += [value, -value]
            }
        }
        for value in values {
            var writer = JSONWriter()
            writer.number(value, decimals: decimals)
            #expect(
                String(decoding: writer.bytes, as: UTF8.self) == JSONWriter.format(value, decimals: decimals),
                "\(value) at \(decimals) decimals")
        }
    }

    /// The adapters round coordinates on their text (`41.858087499999996` is 41.858087); the writer rounds the double
    /// it is given once more, which must keep that value. Given the unrounded double it writes 41.858088.
    @Test func writesTheTextRoundedValueUnchanged() throws {
        let text = "41.858087499999996"
        let rounded = try #require(DecimalText.parse(text, roundedTo: 6))
        let unrounded = try #require(Double(text))
        var writer = JSONWriter()
        writer.beginArray()
        writer.number(rounded, decimals: 6)
        writer.number(unrounded, decimals: 6)
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[41.858087,41.858088]")
    }
}
