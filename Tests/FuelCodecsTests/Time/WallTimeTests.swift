import FuelCodecs
import Testing

/// ``WallTime/parse(_:pattern:)`` on the patterns the feeds use, with and without leading zeros.
@Suite struct WallTimeTests {
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
