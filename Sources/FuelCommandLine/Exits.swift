/// The user gave bad input: printed with the usage text, exit 64 (`EX_USAGE`).
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The usage text of the command that failed; nil for the program's own.
    public var usage: String?
    public init(_ message: String, usage: String? = nil) {
        self.message = message
        self.usage = usage
    }
    public var description: String { message }
}

/// Exit quietly with this code; whatever needed saying was already said.
public struct ExitCode: Error, Sendable, Equatable {
    public var rawValue: Int32
    public init(_ rawValue: Int32) { self.rawValue = rawValue }
    public static let success = ExitCode(0)
    public static let failure = ExitCode(1)
    public static let usage = ExitCode(64)
}

/// Print this text on stdout and exit 0: `--help`.
public struct CleanExit: Error, Sendable {
    public var text: String
    public init(_ text: String) { self.text = text }
}
