import FuelCommandLine
import Testing

@Suite struct ConsoleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var isTerminal: Bool
        var term: String?
        var redraws: Bool
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "a terminal with TERM=xterm-256color", isTerminal: true, term: "xterm-256color", redraws: true),
        Case(label: "a terminal with TERM=dumb", isTerminal: true, term: "dumb", redraws: false),
        Case(label: "a terminal with an empty TERM", isTerminal: true, term: "", redraws: false),
        Case(label: "a terminal without TERM", isTerminal: true, term: nil, redraws: false),
        Case(label: "a pipe with TERM=xterm", isTerminal: false, term: "xterm", redraws: false),
    ]

    @Test(arguments: cases)
    func redrawEscapesOnlyForATerminalThatUnderstandsThem(_ testCase: Case) {
        let environment = testCase.term.map { ["TERM": $0] } ?? [:]
        #expect(Console.canRedraw(isTerminal: testCase.isTerminal, environment: environment) == testCase.redraws)
    }
}
