import Foundation
import FuelCodecs
import Testing

@Suite struct JSONErrorTests {
    struct InvalidCase: Sendable, CustomTestStringConvertible {
        var name: String
        var input: [UInt8]
        var reason: JSONError.Reason
        var offset: Int
        var options = JSONDocument.Options()
        var testDescription: String { name }

        init(_ name: String, _ input: String, _ reason: JSONError.Reason, at offset: Int) {
            self.init(name, Array(input.utf8), reason, at: offset)
        }

        init(_ name: String, _ input: [UInt8], _ reason: JSONError.Reason, at offset: Int) {
            self.name = name
            self.input = input
            self.reason = reason
            self.offset = offset
        }
    }

    /// Text, raw bytes, then text again.
    static func bytes(_ head: String, _ raw: [UInt8], _ tail: String) -> [UInt8] {
        Array(head.utf8) + raw + Array(tail.utf8)
    }

    static let invalidCases: [InvalidCase] = {
        var cases = [
            InvalidCase("empty input", "", .empty, at: 0),
            InvalidCase("white space only", " \n\t ", .empty, at: 4),
            InvalidCase("byte-order mark only", [0xEF, 0xBB, 0xBF], .empty, at: 3),
            InvalidCase("trailing garbage", "{\"a\":1} x", .trailingData, at: 8),
            InvalidCase("second document", "{\"a\":1}{}", .trailingData, at: 7),
            InvalidCase("extra closing brace", "{\"a\":1}}", .trailingData, at: 7),
            InvalidCase("trailing comma in array", "[1,]", .unexpectedByte(0x5D, expected: "a value"), at: 3),
            InvalidCase(
                "trailing comma in object", "{\"a\":1,}", .unexpectedByte(0x7D, expected: "a string key"), at: 7),
            InvalidCase("unquoted key", "{a:1}", .unexpectedByte(0x61, expected: "a string key"), at: 1),
            InvalidCase("single quotes", "['a']", .unexpectedByte(0x27, expected: "a value"), at: 1),
            InvalidCase("missing colon", "{\"a\" 1}", .unexpectedByte(0x31, expected: "':'"), at: 5),
            InvalidCase("missing comma", "[1 2]", .unexpectedByte(0x32, expected: "',' or ']'"), at: 3),
            InvalidCase("mismatched bracket", "{\"a\":[1}", .unexpectedByte(0x7D, expected: "',' or ']'"), at: 7),
            InvalidCase("raw control character", bytes("\"a", [0x01], "b\""), .controlCharacter(0x01), at: 2),
            InvalidCase("raw tab in a string", "[\"a\tb\"]", .controlCharacter(0x09), at: 3),
            InvalidCase("raw newline in a string", "[\"a\nb\"]", .controlCharacter(0x0A), at: 3),
            InvalidCase("unknown escape", "\"\\x\"", .invalidEscape(0x78), at: 2),
            InvalidCase("escaped apostrophe", "\"\\'\"", .invalidEscape(0x27), at: 2),
            InvalidCase("bad hex digit", "\"\\u12G4\"", .invalidUnicodeEscape, at: 5),
            InvalidCase("lone high surrogate", "\"\\ud800\"", .unpairedSurrogate, at: 1),
            InvalidCase("lone low surrogate", "\"\\udc00\"", .unpairedSurrogate, at: 1),
            InvalidCase("high surrogate then a letter", "\"\\ud800\\u0041\"", .unpairedSurrogate, at: 1),
            InvalidCase("Latin-1 byte", bytes("\"Direcci", [0xF3], "n\""), .invalidUTF8, at: 8),
            InvalidCase("overlong slash", bytes("\"", [0xC0, 0xAF], "\""), .invalidUTF8, at: 1),
            InvalidCase("overlong three bytes", bytes("\"", [0xE0, 0x80, 0xAF], "\""), .invalidUTF8, at: 1),
            InvalidCase("UTF-8 encoded surrogate", bytes("\"", [0xED, 0xA0, 0x80], "\""), .invalidUTF8, at: 1),
            InvalidCase("beyond U+10FFFF", bytes("\"", [0xF4, 0x90, 0x80, 0x80], "\""), .invalidUTF8, at: 1),
            InvalidCase("lone continuation byte", bytes("\"", [0x80], "\""), .invalidUTF8, at: 1),
            InvalidCase("cut sequence", bytes("\"", [0xE2, 0x82], "\""), .invalidUTF8, at: 1),
            InvalidCase(
                "non-ASCII outside strings", bytes("[", [0xC3, 0xA9], "]"), .unexpectedByte(0xC3, expected: "a value"),
                at: 1),
            InvalidCase("leading zero", "[01]", .invalidNumber, at: 2),
            InvalidCase("point without digits", "[1.]", .invalidNumber, at: 3),
            InvalidCase("minus without digits", "[-a]", .invalidNumber, at: 2),
            InvalidCase("exponent without digits", "[1e+]", .invalidNumber, at: 4),
            InvalidCase("leading point", "[.5]", .unexpectedByte(0x2E, expected: "a value"), at: 1),
            InvalidCase("leading plus", "[+1]", .unexpectedByte(0x2B, expected: "a value"), at: 1),
            InvalidCase("NaN", "[NaN]", .unexpectedByte(0x4E, expected: "a value"), at: 1),
            InvalidCase(
                "decimal comma in a number", "{\"a\":1,5}", .unexpectedByte(0x35, expected: "a string key"), at: 7),
            InvalidCase("misspelt literal", "[tru]", .invalidLiteral, at: 4),
            InvalidCase("capitalised literal", "[True]", .unexpectedByte(0x54, expected: "a value"), at: 1),
            InvalidCase("HTML error page", "<!DOCTYPE html><html><body>502 Bad Gateway</body></html>", .markup, at: 0),
            InvalidCase("indented HTML", "\n  <html>", .markup, at: 3),
            InvalidCase("UTF-16LE with BOM", [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], .notUTF8Encoding, at: 0),
            InvalidCase("UTF-16BE with BOM", [0xFE, 0xFF, 0x00, 0x7B, 0x00, 0x7D], .notUTF8Encoding, at: 0),
            InvalidCase("UTF-16LE without BOM", [0x7B, 0x00, 0x7D, 0x00], .notUTF8Encoding, at: 0),
            InvalidCase("UTF-32BE", [0x00, 0x00, 0x00, 0x5B, 0x00, 0x00, 0x00, 0x5D], .notUTF8Encoding, at: 0),
        ]
        var strict = InvalidCase(
            "byte-order mark when refused", [0xEF, 0xBB, 0xBF, 0x5B, 0x5D],
            .unexpectedByte(0xEF, expected: "a value"), at: 0)
        strict.options = JSONDocument.Options(allowsByteOrderMark: false)
        cases.append(strict)
        return cases
    }()

    @Test(arguments: invalidCases)
    func rejectsInvalidDocuments(_ testCase: InvalidCase) {
        let error = #expect(throws: JSONError.self) {
            try JSONDocument(parsing: testCase.input, options: testCase.options)
        }
        #expect(error?.reason == testCase.reason)
        #expect(error?.offset == testCase.offset)
    }

    static let truncationSources: [String] = [
        "{\"Fecha\":\"27\\/09\\/2025 18:05:47\",\"Lista\":[{\"Dirección\":\"S\\/N\",\"€\":\"\\ud83d\\ude00\"}],\"n\":-12.5e3,\"ok\":[true,false,null]}",
        "[\"a\",{\"b\":[1,2,{}]},\"\\u00e9😀\"]",
    ]

    /// Every proper prefix of a valid document is a truncated file, and must say so at the point where it stops.
    @Test(arguments: truncationSources)
    func rejectsEveryTruncation(_ source: String) throws {
        let full = Array(source.utf8)
        _ = try JSONDocument(parsing: full)
        for length in 1..<full.count {
            let error = #expect(throws: JSONError.self, "prefix of \(length) bytes") {
                try JSONDocument(parsing: Array(full[..<length]))
            }
            guard let error else { continue }
            guard case .unexpectedEnd = error.reason else {
                Issue.record("prefix of \(length) bytes: \(error)")
                continue
            }
            #expect(error.offset == length, "prefix of \(length) bytes: \(error)")
        }
    }

    @Test func countsLinesAndColumns() {
        let text = "{\n  \"a\": 1,\n  \"b\": tru\n}"
        let error = #expect(throws: JSONError.self) { try parseJSON(text) }
        #expect(error?.line == 3)
        #expect(error?.column == 11)
        #expect(error?.offset == 22)
        #expect(error?.description == "line 3, column 11 (byte 22): invalid literal (expected true, false or null)")
    }

    @Test func explainsTruncationAndEncoding() {
        let truncated = #expect(throws: JSONError.self) { try parseJSON("{\"a\":[1,2") }
        #expect(truncated?.description.contains("truncated") == true)
        let latin1 = #expect(throws: JSONError.self) { try JSONDocument(parsing: [0x22, 0xE9, 0x22]) }
        #expect(latin1?.description.contains("Latin-1") == true)
        let html = #expect(throws: JSONError.self) { try parseJSON("<html></html>") }
        #expect(html?.description.contains("HTML") == true)
    }
}
