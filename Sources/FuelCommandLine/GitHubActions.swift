import Foundation

/// What a command tells GitHub Actions when it runs in a workflow: Markdown appended to the job's step summary
/// (`$GITHUB_STEP_SUMMARY`), and warning annotations. Outside Actions both do nothing.
public enum GitHubActions {
    /// Appends Markdown to the file `$GITHUB_STEP_SUMMARY` names, when it is set.
    /// A summary that cannot be written is reported on stderr and never fails the command.
    public static func appendSummary(
        _ markdown: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        guard let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return }
        guard let handle = FileHandle(forWritingAtPath: path) ?? create(path) else {
            Console.error("warning: cannot write the step summary to \(path)")
            return
        }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data((markdown.hasSuffix("\n") ? markdown : markdown + "\n").utf8))
    }

    /// A `::warning::` annotation on stderr when running in Actions (`GITHUB_ACTIONS=true`). The runner reads
    /// workflow commands from both streams; on stderr they never break a `--json` document on stdout.
    public static func warning(
        title: String, _ message: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        guard environment["GITHUB_ACTIONS"] == "true" else { return }
        Console.error("::warning title=\(escapeProperty(title))::\(escapeData(message))")
    }

    private static func create(_ path: String) -> FileHandle? {
        guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
        return FileHandle(forWritingAtPath: path)
    }

    /// Workflow-command escaping of a message.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Workflow-command escaping of a property value.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
