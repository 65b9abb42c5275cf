import Foundation
import Testing

@testable import fuel_publish

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// docs/operators.md's exit-code table is the code's: the same rows as ``ExitCodes/rows``, from which
/// `fuel-publish help` prints them, covering every command. `ExitCodeCommandTests` runs the executable for the codes themselves.
@Suite struct ExitCodeTableTests {
    static let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/operators.md")

    /// The rows of the table whose header is `| command | exit | when |`.
    static func documentedRows() throws -> [ExitCodes.Row] {
        let text = try String(contentsOf: guide, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(of: "| command | exit | when |") else { return [] }
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            let cells = line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            return ExitCodes.Row(command: cells[0], code: cells[1], meaning: cells.dropFirst(2).joined(separator: "|"))
        }
    }

    @Test func theOperatorsGuideTableIsTheCodesTable() throws {
        let documented = try Self.documentedRows()
        #expect(!documented.isEmpty, "no exit-code table in docs/operators.md")
        #expect(documented == ExitCodes.rows, "docs/operators.md's table differs from ExitCodes.rows")
        for (row, code) in zip(documented, ExitCodes.rows) where row != code {
            Issue.record("guide: \(row)\ncode:   \(code)")
        }
    }

    @Test func everyCommandHasItsRowsAndTheHelpPrintsThem() {
        let named = Set(ExitCodes.rows.map(\.command))
        for command in FuelPublishCommand.commands where command != "help" {
            #expect(named.contains(command), "\(command) has no row of its own")
        }
        #expect(named.contains("(whole run)"))
        for row in ExitCodes.rows { #expect(["0", "1", "64", ExitCodes.signalled].contains(row.code), "\(row)") }
        #expect(FuelPublishCommand.usage.contains("  upload: 1, 128 + n"), "\(FuelPublishCommand.usage)")
        #expect(FuelPublishCommand.usage.contains("129 for SIGHUP, 130 for SIGINT, 143 for SIGTERM"))
    }

    @Test func aSignalExitsWith128PlusItsNumber() {
        #expect(ExitCodes.signal(SIGTERM) == 143)
        #expect(ExitCodes.signal(SIGINT) == 130)
        #expect(ExitCodes.signal(SIGHUP) == 129)
    }
}
