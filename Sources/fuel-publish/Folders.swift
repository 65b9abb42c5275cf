import Foundation
import FuelCommandLine
import FuelFeeds

/// The folder options every command shares, checked before any work so that a wrong path is named at once (64).
enum Folders {
    /// `--adapters DIR`: nil, the metadata built into `fuel-publish`, when not given.
    /// - Throws: ``UsageError`` naming the path when it is not a folder of `<CC>/source.json`.
    static func adapters(_ text: String?) throws -> URL? {
        guard let text else { return nil }
        let url = URL(fileURLWithPath: text, isDirectory: true)
        guard isFolder(url) else {
            throw UsageError(
                "--adapters \(text): no such folder (\(url.path)); leave --adapters out to use the metadata built into "
                    + "fuel-publish")
        }
        guard !CountryConfig.configuredCountries(adaptersDirectory: url).isEmpty else {
            throw UsageError("--adapters \(text): no country folder with a source.json in \(url.path)")
        }
        return url
    }

    /// `--feeds DIR` for a command that reads it (build, or an offline run); checked after every option was read, so
    /// that an unknown option is named first.
    /// - Throws: ``UsageError`` naming the path when it is not a folder.
    static func requireFeeds(_ url: URL) throws {
        guard isFolder(url) else {
            throw UsageError(
                "--feeds \(url.relativePath): no such folder (\(url.path)); fetch first, or point --feeds at one")
        }
    }

    /// Countries named on the command line, upper-cased: each must be registered and have metadata (the one list
    /// that fetch and build share, ``CountryRegistry/configuredCountries(adaptersDirectory:)``).
    /// - Throws: ``UsageError`` naming the unknown ones and the known ones.
    static func countries(_ requested: [String]?, adapters: URL?) throws -> [String]? {
        guard let requested else { return nil }
        guard !requested.isEmpty else { throw UsageError("--countries needs at least one country") }
        let known = CountryRegistry.configuredCountries(adaptersDirectory: adapters)
        let unknown = requested.map { $0.uppercased() }.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            let source = adapters.map { "under \($0.path)" } ?? "built in"
            throw UsageError(
                "unknown country \(unknown.joined(separator: ",")); configured (\(source)): "
                    + known.joined(separator: ","))
        }
        return requested.map { $0.uppercased() }
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
