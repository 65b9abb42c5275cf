import Foundation
import FuelCodecs
import Testing

/// Rounding on the digits of the text (`DecimalText+Rounding.swift`), half away from zero, through each way in:
/// ``DecimalText/parse(_:roundedTo:)``, ``ByteNumbers/decimal(_:roundedTo:exponent:)`` and
/// ``JSONValue/decimal(roundedTo:)``.
@Suite struct DecimalRoundingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var places: Int
        var exponent = 0
        var expected: Double?
        var testDescription: String { "\"\(text)\"" + (exponent == 0 ? "" : " × 10^\(exponent)") + " to \(places)" }

        init(_ text: String, _ places: Int, exponent: Int = 0, _ expected: Double?) {
            self.text = text
            self.places = places
            self.exponent = exponent
            self.expected = expected
        }
    }

    /// Plain decimals, as the CSV and XML feeds write them. The first four are real IT coordinates of 2026-03-28
    /// that rounding the parsed double got wrong (41.858088, 43.324096, 8.021952, 16.240205).
    static let plainCases: [Case] = [
        Case("41.858087499999996", 6, 41.858087),
        Case("43.324095499999999", 6, 43.324095),
        Case("8.0219525", 6, 8.021953),
        Case("16.2402055", 6, 16.240206),
        Case("-8.0219525", 6, -8.021953),
        Case("-41.858087499999996", 6, -41.858087),
        Case("44.91704718250436", 6, 44.917047),
        Case("12.673917683432364", 6, 12.673918),
        Case("37.333935", 6, 37.333935),
        Case("45", 6, 45),
        Case("9.9999995", 6, 10),
        Case("0.0000005", 6, 0.000001),
        Case("0.0000004999", 6, 0),
        Case("000041.8580875", 6, 41.858088),
        Case("1.74949999999999995", 3, 1.749),
        Case("1.7495", 3, 1.75),
        Case("1.889", 3, 1.889),
        Case("0.100", 3, 0.1),
        Case(".5", 0, 1),
        // FR: degrees × 100000, thousandths of a euro.
        Case("4185808.7499999996", 6, exponent: -5, 41.858087),
        Case("802195.25", 6, exponent: -5, 8.021953),
        Case("4620114", 6, exponent: -5, 46.20114),
        Case("-519791", 6, exponent: -5, -5.19791),
        Case("1274", 3, exponent: -3, 1.274),
        Case("1274.5", 3, exponent: -3, 1.275),
        Case("", 6, nil),
        Case("1,5", 6, nil),
        Case("1e5", 6, nil),
        Case("nan", 6, nil),
    ]

    @Test(arguments: plainCases)
    func plain(_ testCase: Case) {
        let value = Array(testCase.text.utf8).withUnsafeBufferPointer {
            ByteNumbers.decimal($0, roundedTo: testCase.places, exponent: testCase.exponent)
        }
        #expect(value == testCase.expected)
    }

    /// What this rounding replaces: the double nearest to the text, times a million, rounded. It is wrong here,
    /// because that product is exactly 41858087.5.
    @Test func roundingTheDoubleGoesTheOtherWay() throws {
        let text = "41.858087499999996"
        let double = try #require(Double(text))
        #expect((double * 1_000_000).rounded() / 1_000_000 == 41.858088)
        #expect(DecimalText.parse(text, roundedTo: 6) == 41.858087)
    }

    /// The rounded value survives being rounded again through its double, as the validation and the tile writer
    /// do: the text decides once.
    @Test(arguments: plainCases.filter { $0.expected != nil })
    func roundingAgainKeepsTheValue(_ testCase: Case) throws {
        let value = try #require(testCase.expected)
        let scale = [1.0, 10, 100, 1_000, 10_000, 100_000, 1_000_000][testCase.places]
        #expect((value * scale).rounded() / scale == value)
    }

    @Test func zeroHasNoSign() throws {
        let value = try #require(DecimalText.parse("-0,0000004", roundedTo: 6))
        #expect(value == 0)
        #expect(value.sign == .plus)
    }

    /// The feeds' text numbers: decimal comma or point, spaces, a euro sign and unit.
    @Test(arguments: [
        Case("41,858087499999996", 6, 41.858087),
        Case(" -3,70384 ", 3, -3.704),
        Case("1,74949999999999995 €", 3, 1.749),
        Case("1,7495 €/litro", 3, 1.75),
        Case("1,749\u{A0}€", 3, 1.749),
        Case("", 3, nil),
        Case("1.234,5", 3, nil),
        Case("abc", 3, nil),
    ])
    func text(_ testCase: Case) {
        #expect(DecimalText.parse(testCase.text, roundedTo: testCase.places) == testCase.expected)
    }

    /// JSON numbers, exponents included, and JSON strings, through the document's values.
    @Test(arguments: [
        Case("41.858087499999996", 6, 41.858087),
        Case("4.1858087499999996e1", 6, 41.858087),
        Case("418580874999999.96E-13", 6, 41.858087),
        Case("5e-7", 6, 0.000001),
        Case("-802195.25e-5", 6, -8.021953),
        Case("15", 3, 15),
        Case("\"41,858087499999996\"", 6, 41.858087),
        Case("\"1,74949999999999995 €\"", 3, 1.749),
        Case("true", 3, nil),
        Case("null", 3, nil),
    ])
    func json(_ testCase: Case) throws {
        let document = try JSONDocument(parsing: Array("[\(testCase.text)]".utf8))
        let value = try #require(document.root.elements.first { _ in true })
        #expect(value.decimal(roundedTo: testCase.places) == testCase.expected)
    }

    /// Beyond 18 kept digits the text falls back to rounding the double, which cannot hold the places anyway.
    @Test func hugeNumbersFallBackToTheDouble() {
        let text = "12345678901234567890.5"
        #expect(DecimalText.parse(text, roundedTo: 3) == 12_345_678_901_234_567_890.5)
    }
}
