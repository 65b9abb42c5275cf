import FuelCommandLine
import Testing

/// `Arguments.number`: the default when absent, the value when within its bounds, and a usage error naming the option
/// otherwise.
@Suite struct ArgumentsNumberTests {
    static let counts: [(arguments: [String], expected: Int?)] = [
        ([], 30), (["--routes", "1"], 1), (["--routes", "1000"], 1_000), (["--routes", "0"], nil),
        (["--routes", "1001"], nil), (["--routes", "2.5"], nil), (["--routes", "x"], nil),
    ]

    @Test(arguments: counts)
    func aWholeNumberWithinItsRange(_ arguments: [String], expected: Int?) throws {
        var parsed = Arguments(arguments)
        guard let expected else {
            #expect(throws: UsageError.self) { try parsed.number("--routes", default: 30, within: 1...1_000) }
            return
        }
        #expect(try parsed.number("--routes", default: 30, within: 1...1_000) == expected)
    }

    static let measures: [(arguments: [String], expected: Double?)] = [
        ([], 5), (["--buffer-km", "0.1"], 0.1), (["--buffer-km", "50"], 50), (["--buffer-km", "0"], nil),
        (["--buffer-km", "-1"], nil), (["--buffer-km", "50.5"], nil), (["--buffer-km", "km"], nil),
    ]

    @Test(arguments: measures)
    func aNumberAboveItsLowerBoundAndAtMostItsUpper(_ arguments: [String], expected: Double?) throws {
        var parsed = Arguments(arguments)
        guard let expected else {
            let error = #expect(throws: UsageError.self) {
                try parsed.number("--buffer-km", default: 5, above: 0, atMost: 50)
            }
            #expect(error?.description.contains("--buffer-km") == true)
            return
        }
        #expect(try parsed.number("--buffer-km", default: 5, above: 0, atMost: 50) == expected)
    }
}
