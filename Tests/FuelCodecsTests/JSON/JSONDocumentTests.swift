import Foundation
import FuelCodecs
import Testing

/// Renders a parsed value back to compact JSON (numbers through `Double`), to compare with what a case expects.
func renderJSON(_ value: JSONValue) -> String {
    switch value.kind {
    case .null: return "null"
    case .bool: return value.bool! ? "true" : "false"
    case .number: return "\(value.double!)"
    case .string: return quoteJSON(value.string!)
    case .array: return "[" + value.elements.map(renderJSON).joined(separator: ",") + "]"
    case .object:
        return "{" + value.members.map { quoteJSON($0.key) + ":" + renderJSON($0.value) }.joined(separator: ",") + "}"
    }
}

private func quoteJSON(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

func parseJSON(_ text: String) throws -> JSONDocument { try JSONDocument(parsing: Array(text.utf8)) }

@Suite struct JSONDocumentTests {
    struct ValidCase: Sendable, CustomTestStringConvertible {
        var name: String
        var input: [UInt8]
        var expected: String
        var testDescription: String { name }

        init(_ name: String, _ input: String, _ expected: String) {
            self.init(name, Array(input.utf8), expected)
        }

        init(_ name: String, _ input: [UInt8], _ expected: String) {
            self.name = name
            self.input = input
            self.expected = expected
        }
    }

    static let validCases: [ValidCase] = [
        ValidCase("empty object", "{}", "{}"),
        ValidCase("empty array", "[]", "[]"),
        ValidCase("empty containers with spaces", "[ { } , [ ] ]", "[{},[]]"),
        ValidCase("top-level string", "\"x\"", "\"x\""),
        ValidCase("top-level number", " 42 ", "42.0"),
        ValidCase("top-level literals", "[true,false,null]", "[true,false,null]"),
        ValidCase(
            "numbers", "[0, -0, 1.5, -12.25e1, 1E-2, 0.5e+1, 123456789]", "[0.0,-0.0,1.5,-122.5,0.01,5.0,123456789.0]"),
        ValidCase("all four white-space bytes", " \t\r\n{ \"a\" \n:\t1 \r}\n", "{\"a\":1.0}"),
        ValidCase("nested", "{\"a\":{\"b\":[{\"c\":null},[[]]]}}", "{\"a\":{\"b\":[{\"c\":null},[[]]]}}"),
        ValidCase("duplicate keys kept in order", "{\"k\":1,\"k\":2}", "{\"k\":1.0,\"k\":2.0}"),
        ValidCase("empty key", "{\"\":\"\"}", "{\"\":\"\"}"),
        ValidCase("byte-order mark", [0xEF, 0xBB, 0xBF] + Array("{\"a\":1}".utf8), "{\"a\":1.0}"),
        ValidCase("multi-byte UTF-8", "[\"Dirección\",\"1,749 €\",\"😀\"]", "[\"Dirección\",\"1,749 €\",\"😀\"]"),
        ValidCase("escaped slash", "{\"Fecha\":\"27\\/09\\/2025\"}", "{\"Fecha\":\"27/09/2025\"}"),
        ValidCase("simple escapes", "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"\\\"\\\\/\\u0008\\u000c\\n\\u000d\\u0009\""),
        ValidCase("unicode escape", "\"\\u00e9\\u20AC\"", "\"é€\""),
        ValidCase("surrogate pair", "\"\\ud83d\\ude00\"", "\"😀\""),
        ValidCase("escaped NUL", "\"a\\u0000b\"", "\"a\\u0000b\""),
        ValidCase("escaped key", "{\"Direcci\\u00f3n\":\"S\\/N\"}", "{\"Dirección\":\"S/N\"}"),
        ValidCase(
            "long plain string", "\"" + String(repeating: "abcdefgh", count: 40) + "\"",
            "\"" + String(repeating: "abcdefgh", count: 40) + "\""),
    ]

    @Test(arguments: validCases)
    func parsesValidDocuments(_ testCase: ValidCase) throws {
        let document = try JSONDocument(parsing: testCase.input)
        #expect(renderJSON(document.root) == testCase.expected)
    }

    @Test func internsKeysAcrossObjects() throws {
        let document = try parseJSON("[{\"a\":1,\"b\":2},{\"b\":3,\"a\":4},{\"\\u0061\":5}]")
        #expect(document.keyNames == ["a", "b"])
        let a = try #require(document.keyID("a"))
        let ids = document.root.elements.flatMap { $0.members.map(\.keyID) }
        #expect(ids == [a, 1 - a, 1 - a, a, a])
        #expect(document.keyID("c") == nil)
    }

    @Test func looksUpMembersAndCounts() throws {
        let document = try parseJSON("{\"status\":true,\"resultado\":[1,[2,3],{\"x\":4}],\"mensagem\":\"sucesso\"}")
        let root = document.root
        #expect(root.count == 3)
        #expect(root["status"]?.bool == true)
        #expect(root["mensagem"]?.stringEquals("sucesso") == true)
        #expect(root["mensagem"]?.stringEquals("sucess") == false)
        #expect(root["missing"] == nil)
        let list = try #require(root["resultado"])
        #expect(list.count == 3)
        #expect(list.elements.map(\.kind) == [.number, .array, .object])
        #expect(list.elements.map(\.count) == [0, 2, 1])
        #expect(list["x"] == nil)
        #expect(root.members.map(\.key) == ["status", "resultado", "mensagem"])
    }

    @Test func reportsWhereValuesStart() throws {
        let document = try parseJSON("{\n  \"a\": [\n    \"x\", 12\n  ]\n}")
        let elements = Array(try #require(document.root["a"]).elements)
        #expect(elements[0].location == "line 3, column 5")
        #expect(elements[1].offset == 20)
        #expect(elements[1].location == "line 3, column 10")
    }

    @Test func readsIntegersAndBlankStrings() throws {
        let document = try parseJSON("[12,-7,1.0,9223372036854775808,\"\",\"  \",\"x\"]")
        let values = Array(document.root.elements)
        #expect(values.map(\.int) == [12, -7, nil, nil, nil, nil, nil])
        #expect(values.map(\.isBlankString) == [false, false, false, false, true, true, false])
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth = 512
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let document = try parseJSON(text)
        #expect(document.root.count == 1)
        let shallow = JSONDocument.Options(maxDepth: 3)
        #expect(throws: Never.self) { try JSONDocument(parsing: Array("[[[1]]]".utf8), options: shallow) }
        #expect(throws: JSONError(reason: .tooDeep(limit: 3), offset: 3, line: 1, column: 4)) {
            try JSONDocument(parsing: Array("[[[{}]]]".utf8), options: shallow)
        }
    }

    @Test func refusesHostileNestingWithoutCrashing() {
        let text = String(repeating: "[", count: 200_000)
        #expect(throws: JSONError(reason: .tooDeep(limit: 512), offset: 512, line: 1, column: 513)) {
            try parseJSON(text)
        }
    }
}
