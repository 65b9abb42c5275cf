import Foundation
import FuelCommandLine
import FuelUpload

/// `fuel-publish status`: how old the published data is, for an operator or any monitor.
enum StatusCommand {
    static let usage = """
        usage: fuel-publish status --base URL|DIR [--prefix fuel/] [--max-age 30] [--max-carried 48] [--now TIME]

        Reads the published index (URL/<prefix>index.json over HTTP(S), or DIR/<prefix>index.json) and prints
        the build's age and each country's feed time, age and carried-forward state.

          --base URL|DIR     where the data is published: the public base URL, or a build folder (OUT)
          --prefix P         key prefix (default: fuel/; fuel/v2/ reads format 2's index)
          --max-age H        the build may be at most H hours old (default: 30: a daily job plus slack)
          --max-carried H    a country may be carried forward for at most H hours (default: 48)
          --now TIME         judge ages at this UTC time instead of now (for tests and replays)

        Exit status: 0 when fresh, 1 when the build is too old, a country is carried too long, or the index
        cannot be read; 64 for a usage error.
        """

    static func run(_ arguments: inout Arguments) async throws {
        let (base, prefix, maxAge, maxCarried, now) = try arguments.parse(usage: usage) { arguments in
            guard let given = try arguments.option("--base") else { throw UsageError("--base is required") }
            let hours = { (text: String) in Double(text).flatMap { $0 > 0 ? $0 : nil } }
            return (
                given.hasPrefix("http://") || given.hasPrefix("https://") ? given : URL(fileURLWithPath: given).path,
                try arguments.option("--prefix") ?? "fuel/",
                try arguments.option("--max-age", as: hours, expected: "a number of hours above 0") ?? 30,
                try arguments.option("--max-carried", as: hours, expected: "a number of hours above 0") ?? 48,
                try BuildCommand.now(&arguments)
            )
        }
        let status = try await PublishedStatus.check(
            base: base, prefix: prefix.isEmpty || prefix.hasSuffix("/") ? prefix : prefix + "/", maxAgeHours: maxAge,
            maxCarriedHours: maxCarried, now: now)
        for line in status.lines { Console.output(line) }
        guard status.problems.isEmpty else { throw ExitCode.failure }
    }
}
