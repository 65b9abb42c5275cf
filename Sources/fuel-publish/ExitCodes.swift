import FuelCommandLine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every exit code of every `fuel-publish` command, by cause: docs/operators.md's exit-code table holds the same rows
/// (a test reads it and compares), and the program's help is written from them.
enum ExitCodes {
    /// One code of one command.
    struct Row: Equatable, Sendable, CustomStringConvertible {
        /// The command as typed after `fuel-publish` (`upload`), `(whole run)` or `every command`.
        var command: String
        /// The code (`64`), or `128 + n` for a signal.
        var code: String
        /// When it is the exit code.
        var meaning: String

        var description: String { "\(command) | \(code) | \(meaning)" }
    }

    /// A signal that stopped bucket work between two requests, the lock released: SIGHUP 129, SIGINT 130,
    /// SIGTERM 143.
    static let signalled = "128 + n"

    static let rows: [Row] = [
        Row(command: "every command", code: "0", meaning: "done; also `--help`, `--version` and `help`"),
        Row(
            command: "every command", code: "64",
            meaning: "usage error: an unknown command or option, a missing or invalid value; nothing was done"),
        Row(
            command: "(whole run)", code: "1",
            meaning: "a fetch (without `--carry-forward` or `--first-run`), the build or the upload failed; "
                + "nothing was published, or the last line says `written: format 1 only`"),
        Row(
            command: "(whole run)", code: signalled,
            meaning: "SIGTERM, SIGINT or SIGHUP: during the upload it stops between two requests and releases the "
                + "lock; during the fetch or the build the signal ends the process"),
        Row(command: "fetch", code: "1", meaning: "a country failed (with `--check`: is not usable); each is named"),
        Row(command: "build", code: "1", meaning: "the build was refused or failed; `OUT` keeps the previous build"),
        Row(
            command: "upload", code: "1",
            meaning: "the upload failed or was refused (lock held, lease lost, shrink, outdated, clock); the live "
                + "index is whole, and a rerun finishes the job"),
        Row(
            command: "upload", code: signalled,
            meaning: "SIGTERM, SIGINT or SIGHUP in any phase (lock, LIST, PUT, DELETE): stopped between two "
                + "requests, the lock released"),
        Row(
            command: "status", code: "1",
            meaning: "the build is too old, a country is carried too long, or the index cannot be read"),
        Row(command: "builds", code: "1", meaning: "the bucket or an archived build cannot be read"),
        Row(command: "rollback", code: "1", meaning: "refused (not archived, incomplete) or failed; nothing written"),
        Row(
            command: "rollback", code: signalled,
            meaning: "SIGTERM, SIGINT or SIGHUP: stopped between two requests, the lock released"),
        Row(command: "verify", code: "1", meaning: "an object is missing or wrong (each is named), or cannot be read"),
        Row(command: "diff", code: "1", meaning: "a build cannot be read"),
        Row(command: "report", code: "1", meaning: "the build cannot be read, or the page cannot be written"),
    ]

    /// The exit code of a signal that stopped bucket work: 128 + its number.
    static func signal(_ number: Int32) -> Int32 { ExitCode.signal(number).rawValue }

    /// The help's paragraph: every command's codes, from ``rows``.
    static var help: String {
        var lines = ["Exit codes (docs/operators.md, \"Exit codes and output\", says when each command uses which):"]
        var commands: [String] = []
        for row in rows where !commands.contains(row.command) { commands.append(row.command) }
        for command in commands {
            let codes = rows.filter { $0.command == command }.map(\.code).joined(separator: ", ")
            lines.append("  \(command): \(codes)")
        }
        lines.append(
            "  \(signalled) is \(signal(SIGHUP)) for SIGHUP, \(signal(SIGINT)) for SIGINT, \(signal(SIGTERM)) for "
                + "SIGTERM")
        return lines.joined(separator: "\n")
    }
}
