import FuelFormat

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one place that turns a command's outcome into an exit code.
///
/// - `CleanExit`: its text on stdout, exit 0.
/// - `ExitCode`: nothing printed, that code.
/// - `UsageError`: `error: …` and the usage on stderr, exit 64.
/// - any other error: `error: <description>` on stderr, exit 1.
public enum CommandMain {
    /// Runs a command body and exits the process with the mapped code. `--version` anywhere prints the program's
    /// name and `FuelTilesRelease.version` and exits 0 before the body runs.
    public static func run(usage: String, _ body: @Sendable () async throws -> Void) async -> Never {
        if arguments.contains("--version") {
            Console.output("\(programName) \(FuelTilesRelease.version)")
            exit(0)
        }
        do {
            try await body()
            exit(0)
        } catch let clean as CleanExit {
            Console.output(clean.text)
            exit(0)
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch let usageError as UsageError {
            Console.error("error: \(usageError.message)\n\n\(usageError.usage ?? usage)")
            exit(ExitCode.usage.rawValue)
        } catch {
            Console.error("error: \(String(describing: error))")
            exit(ExitCode.failure.rawValue)
        }
    }

    /// The process arguments without the program name.
    public static var arguments: [String] { Array(CommandLine.arguments.dropFirst()) }

    /// The name the program was started under, without its folder.
    public static var programName: String {
        String(CommandLine.arguments.first?.split(separator: "/").last ?? "fuel-tiles")
    }
}
