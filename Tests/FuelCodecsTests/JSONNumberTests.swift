import Foundation
import FuelCodecs
import Testing

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

    struct TimeCase: Sendable, CustomTestStringConvertible {
        var text: String
        var pattern: Pattern
        var expected: WallTime?
        var testDescription: String { "\(text) as \(pattern)" }

        enum Pattern: String, Sendable { case spanish, portuguese, portugueseSeconds }
    }

    static let timeCases: [TimeCase] = [
        TimeCase(
            text: "27/09/2025 18:05:47", pattern: .spanish,
            expected: WallTime(year: 2025, month: 9, day: 27, hour: 18, minute: 5, second: 47)),
        TimeCase(
            text: "29/02/2024 00:00:00", pattern: .spanish,
            expected: WallTime(year: 2024, month: 2, day: 29, hour: 0, minute: 0)),
        TimeCase(
            text: "2025-09-26 07:30", pattern: .portuguese,
            expected: WallTime(year: 2025, month: 9, day: 26, hour: 7, minute: 30)),
        TimeCase(
            text: " 2025-09-26 07:30 ", pattern: .portuguese,
            expected: WallTime(year: 2025, month: 9, day: 26, hour: 7, minute: 30)),
        TimeCase(
            text: "2025-09-26 07:30:15", pattern: .portugueseSeconds,
            expected: WallTime(year: 2025, month: 9, day: 26, hour: 7, minute: 30, second: 15)),
        // MITECO drops the hour's leading zero before 10:00 (a committed response: "13\/09\/2025 2:46:36").
        TimeCase(
            text: "13/09/2025 2:46:36", pattern: .spanish,
            expected: WallTime(year: 2025, month: 9, day: 13, hour: 2, minute: 46, second: 36)),
        TimeCase(
            text: "3/6/2026 3:06:43", pattern: .spanish,
            expected: WallTime(year: 2026, month: 6, day: 3, hour: 3, minute: 6, second: 43)),
        TimeCase(
            text: "2026-6-1 7:05", pattern: .portuguese,
            expected: WallTime(year: 2026, month: 6, day: 1, hour: 7, minute: 5)),
        TimeCase(text: "13/09/2025 2:6:36", pattern: .spanish, expected: nil),
        TimeCase(text: "13/09/2025 2:46:3", pattern: .spanish, expected: nil),
        TimeCase(text: "13/09/25 2:46:36", pattern: .spanish, expected: nil),
        TimeCase(text: "13/09/2025 102:46:36", pattern: .spanish, expected: nil),
        TimeCase(text: "13/09/2025 :46:36", pattern: .spanish, expected: nil),
        TimeCase(text: "27/09/2025 18:05:47x", pattern: .spanish, expected: nil),
        TimeCase(text: "29/02/2025 00:00:00", pattern: .spanish, expected: nil),
        TimeCase(text: "31/04/2025 00:00:00", pattern: .spanish, expected: nil),
        TimeCase(text: "27/13/2025 18:05:47", pattern: .spanish, expected: nil),
        TimeCase(text: "27/09/2025 24:00:00", pattern: .spanish, expected: nil),
        TimeCase(text: "27-09-2025 18:05:47", pattern: .spanish, expected: nil),
        TimeCase(text: "27/09/2025 18:05", pattern: .spanish, expected: nil),
        TimeCase(text: "2025-09-26T07:30", pattern: .portuguese, expected: nil),
        TimeCase(text: "2025-09-2607:30", pattern: .portuguese, expected: nil),
        TimeCase(text: "2025-0a-26 07:30", pattern: .portuguese, expected: nil),
    ]

    @Test(arguments: timeCases)
    func parsesWallTimes(_ testCase: TimeCase) {
        let parsed: WallTime? =
            switch testCase.pattern {
            case .spanish: WallTime.parse(testCase.text, pattern: "dd/MM/yyyy HH:mm:ss")
            case .portuguese: WallTime.parse(testCase.text, pattern: "yyyy-MM-dd HH:mm")
            case .portugueseSeconds: WallTime.parse(testCase.text, pattern: "yyyy-MM-dd HH:mm:ss")
            }
        #expect(parsed == testCase.expected)
    }
}

/// A small deterministic generator, so the property test reproduces.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
