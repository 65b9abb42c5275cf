import Foundation
import Testing
import _FuelTestSupport

/// The codes docs/operators.md's exit-code table gives every command, from the built `fuel-publish`: help and `--help` exit
/// 0, an unknown option 64 (the failures and signals have their own tests: `SignalPhaseTests` for 143).
@Suite(.tags(.executable)) struct ExitCodeCommandTests {
    static let commands = ["fetch", "build", "upload", "status", "builds", "rollback", "verify", "diff", "report"]

    @Test func helpExitsZeroWithTheProgramsUsageOrACommands() throws {
        let help = try Executable.run("fuel-publish", ["help"])
        #expect(help.status == 0, "\(help.stderr)")
        #expect(help.stdout.contains("Exit codes"))
        let upload = try Executable.run("fuel-publish", ["help", "upload"])
        #expect(upload.status == 0, "\(upload.stderr)")
        #expect(upload.stdout.contains("--lock-lease"))
        let unknown = try Executable.run("fuel-publish", ["help", "no-such-command"])
        #expect(unknown.status == 64)
    }

    @Test(arguments: commands)
    func everyCommandExits0ForHelpAnd64ForAnUnknownOption(_ command: String) throws {
        let help = try Executable.run("fuel-publish", [command, "--help"])
        #expect(help.status == 0, "\(help.stderr)")
        let wrong = try Executable.run(
            "fuel-publish", [command, "--no-such-option"], environment: ["FUEL_BUCKET": "b"])
        #expect(wrong.status == 64, "\(command): \(wrong.stderr)")
    }
}
