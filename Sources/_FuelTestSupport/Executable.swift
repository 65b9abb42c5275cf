import Foundation

/// Runs a built executable of this package (found next to the test bundle) and captures its output.
public enum Executable {
    /// What a run printed and how it ended.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The folder that holds the built products (`.build/debug`).
    public static var productsDirectory: URL {
        let bundle = Bundle.main.bundleURL
        let candidates = [bundle.deletingLastPathComponent(), bundle]
        for folder in candidates
        where FileManager.default.fileExists(atPath: folder.appendingPathComponent("fuel-publish").path) {
            return folder
        }
        return RepositoryPaths.root().appendingPathComponent(".build/debug")
    }

    /// The URL of a product, for example `fuel-publish`.
    public static func url(_ product: String) -> URL { productsDirectory.appendingPathComponent(product) }

    /// Runs a product to completion.
    public static func run(
        _ product: String, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil
    ) throws -> Result {
        let process = try start(product, arguments, environment: environment, directory: directory)
        let stdout = process.standardOutputPipe.fileHandleForReading.readDataToEndOfFile()
        let stderr = process.standardErrorPipe.fileHandleForReading.readDataToEndOfFile()
        process.process.waitUntilExit()
        return Result(
            status: process.process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A started process with its pipes.
    public struct Running {
        public let process: Process
        public let standardOutputPipe: Pipe
        public let standardErrorPipe: Pipe
    }

    /// Starts a product without waiting for it.
    public static func start(
        _ product: String, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil
    ) throws -> Running {
        let process = Process()
        process.executableURL = url(product)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SOURCE_DATE_EPOCH")
        env.merge(environment) { $1 }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return Running(process: process, standardOutputPipe: out, standardErrorPipe: err)
    }
}

/// Snapshots of folder trees, to prove an output was left byte-identical.
public enum TreeSnapshot {
    /// Every regular file below `root` (following a top-level link), by relative path, with its bytes.
    public static func take(_ root: URL) -> [String: Data] {
        let resolved = root.resolvingSymlinksInPath()
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: resolved.path) else { return files }
        while let relative = enumerator.nextObject() as? String {
            let path = resolved.appendingPathComponent(relative).path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[relative] = FileManager.default.contents(atPath: path)
            }
        }
        return files
    }
}

/// System tools (gzip, sha256sum) that tests use as independent implementations to check ours against.
public enum SystemTool {
    /// Runs a tool to completion and returns its exit status and stdout.
    public static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, stdout: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    /// Runs a tool or script (found on `PATH`, or by path) to completion with stdout and stderr kept apart.
    /// Meant for tools that print little: stderr is read after stdout closes.
    public static func capture(_ tool: String, _ arguments: [String]) throws -> Executable.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Executable.Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}
