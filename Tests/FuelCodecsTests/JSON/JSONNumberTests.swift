import Foundation
import FuelCodecs
import Testing
import _FuelTestSupport

@Suite struct JSONNumberTests {
    struct DecimalCase: Sendable, CustomTestStringConvertible {
        var text: String
        var expected: Double?
        var testDescription: String { "\"\(text)\"" }

        init(_ text: String, _ expected: Double?) {
            self.text = text
            self.expected = expected
        }
    }

    static let decimalCases: [DecimalCase] = [
        DecimalCase("41,507833", 41.507833),
        DecimalCase("-3,7038", -3.7038),
        DecimalCase("1,339", 1.339),
        DecimalCase("0,0", 0),
        DecimalCase("7,0", 7),
        DecimalCase("1.5", 1.5),
        DecimalCase("+2", 2),
        DecimalCase("  12  ", 12),
        DecimalCase("1,749 €", 1.749),
        DecimalCase("1,749€", 1.749),
        DecimalCase("1,749 €/litro", 1.749),
        DecimalCase("0,995 €/kg", 0.995),
        DecimalCase("1,150 €/m3", 1.150),
        DecimalCase("1,749\u{A0}€", 1.749),
        DecimalCase("0,000", 0),
        DecimalCase("12345678901234567890,5", 12_345_678_901_234_567_890.5),
        DecimalCase("0,1234567890123456789", 0.1234567890123456789),
        DecimalCase("", nil),
        DecimalCase(" ", nil),
        DecimalCase("abc", nil),
        DecimalCase("1,2,3", nil),
        DecimalCase("1.234,5", nil),
        DecimalCase(",5", nil),
        DecimalCase("1,", nil),
        DecimalCase("1 749", nil),
        DecimalCase("€", nil),
        DecimalCase("1,749 €/", nil),
        DecimalCase("1,749 EUR", nil),
        DecimalCase("1e5", nil),
        DecimalCase("--1", nil),
        DecimalCase("N/A", nil),
    ]

    @Test(arguments: decimalCases)
    func parsesDecimalText(_ testCase: DecimalCase) {
        #expect(DecimalText.parse(testCase.text) == testCase.expected)
    }

    @Test func readsDecimalsFromStringsAndNumbers() throws {
        let document = try parseJSON("[\"41,507833\",41.507833,\"1,749 €\",\"\",true,null,\"x\"]")
        #expect(document.root.elements.map(\.decimal) == [41.507833, 41.507833, 1.749, nil, nil, nil, nil])
        #expect(document.root.elements.map(\.double) == [nil, 41.507833, nil, nil, nil, nil, nil])
    }

    /// The fast path must round exactly as the standard library does, on every shape of number.
    @Test func matchesTheStandardLibraryOnManyNumbers() throws {
        var generator = SplitMix(seed: 42)
        var texts: [String] = []
        for _ in 0..<5000 {
            let integerDigits = Int(generator.next() % 22)
            let fractionDigits = Int(generator.next() % 24)
            var text = generator.next() % 3 == 0 ? "-" : ""
            text += integerDigits == 0 ? "0" : String(generator.next() % 9 + 1)
            for _ in 0..<max(0, integerDigits - 1) { text += String(generator.next() % 10) }
            if fractionDigits > 0 {
                text += "."
                for _ in 0..<fractionDigits { text += String(generator.next() % 10) }
            }
            if generator.next() % 4 == 0 {
                text += "e" + (generator.next() % 2 == 0 ? "-" : "+") + String(generator.next() % 40)
            }
            texts.append(text)
        }
        let document = try parseJSON("[" + texts.joined(separator: ",") + "]")
        for (text, value) in zip(texts, document.root.elements) {
            #expect(value.double == Double(text), "\(text)")
            if !text.contains("e") {
                #expect(DecimalText.parse(text.replacingOccurrences(of: ".", with: ",")) == Double(text), "\(text)")
            }
        }
    }
}
