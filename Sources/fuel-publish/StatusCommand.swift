import Foundation
import FuelCommandLine
import FuelUpload

/// `fuel-publish status`: how old the published data is, for an operator or any monitor.
enum StatusCommand {
    static let usage = """
        usage: fuel-publish status --base URL|DIR [--prefix fuel/] [--max-age 30] [--max-carried 48] [--now TIME]
                                   [--origin ORIGIN]

        Reads the published index (URL/<prefix>index.json over HTTP(S), or DIR/<prefix>index.json) and prints
        the build's age and each country's feed time, age and carried-forward state.

          --base URL|DIR     where the data is published: the public base URL, or a build folder (OUT)
          --prefix P         key prefix (default: fuel/; fuel/v2/ reads format 2's index)
          --max-age H        the build may be at most H hours old (default: 30: a daily job plus slack)
          --max-carried H    a country may be carried forward for at most H hours (default: 48)
          --now TIME         judge ages at this UTC time instead of now (for tests and replays)
          --origin ORIGIN    also check that a web page on ORIGIN (https://app.example.org) can read the data:
                             send the index URL a browser's CORS preflight (OPTIONS for a GET with
                             If-None-Match) and a GET with Origin, and name each missing part of the CORS rule
                             (allowed origin, GET, If-None-Match; exposed ETag) with the section of
                             docs/browsers.md to read; --base must be the public URL

        Exit status: 0 when fresh (and, with --origin, readable from ORIGIN), 1 when the build is too old, a
        country is carried too long, the index cannot be read, or a part of the CORS rule is missing; 64 for a
        usage error.
        """

    static func run(_ arguments: inout Arguments) async throws {
        let (base, prefix, maxAge, maxCarried, now, origin) = try arguments.parse(usage: usage) { arguments in
            guard let given = try arguments.option("--base") else { throw UsageError("--base is required") }
            let hours = { (text: String) in Double(text).flatMap { $0 > 0 ? $0 : nil } }
            let remote = given.hasPrefix("http://") || given.hasPrefix("https://")
            let origin = try arguments.option(
                "--origin", as: BrowserAccess.origin(_:), expected: "a web origin, scheme://host[:port] without a path")
            if origin != nil && !remote {
                throw UsageError("--origin needs --base to be the public http(s) URL, which is what a browser reads")
            }
            return (
                remote ? given : URL(fileURLWithPath: given).path,
                try arguments.option("--prefix") ?? "fuel/",
                try arguments.option("--max-age", as: hours, expected: "a number of hours above 0") ?? 30,
                try arguments.option("--max-carried", as: hours, expected: "a number of hours above 0") ?? 48,
                try BuildCommand.now(&arguments),
                origin
            )
        }
        let folder = prefix.isEmpty || prefix.hasSuffix("/") ? prefix : prefix + "/"
        let status = try await PublishedStatus.check(
            base: base, prefix: folder, maxAgeHours: maxAge, maxCarriedHours: maxCarried, now: now)
        for line in status.lines { Console.output(line) }
        var healthy = status.problems.isEmpty
        if let origin {
            let access = try await BrowserAccess.check(
                origin: origin, url: PublishedStatus.indexLocation(base: base, prefix: folder))
            for line in access.lines { Console.output(line) }
            healthy = healthy && access.problems.isEmpty
        }
        guard healthy else { throw ExitCode.failure }
    }
}
