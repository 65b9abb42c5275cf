import FuelCommandLine
import Testing
import _FuelTestSupport

@Suite struct ConsoleTests {
    typealias Case = NamedCase<(isTerminal: Bool, term: String?, redraws: Bool)>

    static let cases: [Case] = [
        Case("a terminal with TERM=xterm-256color", (isTerminal: true, term: "xterm-256color", redraws: true)),
        Case("a terminal with TERM=dumb", (isTerminal: true, term: "dumb", redraws: false)),
        Case("a terminal with an empty TERM", (isTerminal: true, term: "", redraws: false)),
        Case("a terminal without TERM", (isTerminal: true, term: nil, redraws: false)),
        Case("a pipe with TERM=xterm", (isTerminal: false, term: "xterm", redraws: false)),
    ]

    @Test(arguments: cases)
    func redrawEscapesOnlyForATerminalThatUnderstandsThem(_ testCase: Case) {
        let environment = testCase.term.map { ["TERM": $0] } ?? [:]
        #expect(Console.canRedraw(isTerminal: testCase.isTerminal, environment: environment) == testCase.redraws)
    }
}
