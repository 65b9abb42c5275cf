import Foundation

/// Finds the repository and its fixtures from a test file's `#filePath`, with no bundle lookups.
public enum RepositoryPaths {
    /// The folder holding `Package.swift`, found by walking up from the calling file.
    public static func root(from filePath: String = #filePath) -> URL {
        var url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url = url.deletingLastPathComponent()
        }
        fatalError("no Package.swift above \(filePath)")
    }

    /// `adapters/` of the repository.
    public static func adapters(from filePath: String = #filePath) -> URL {
        root(from: filePath).appendingPathComponent("adapters")
    }

    /// One country's committed sample feed, `adapters/<CC>/samples/`.
    public static func sample(_ country: String, from filePath: String = #filePath) -> URL {
        adapters(from: filePath).appendingPathComponent(country).appendingPathComponent("samples")
    }

    /// The samples of every country in the layout `build --feeds` reads (`DIR/<CC>/…`): a copy, made once per test
    /// process, of each `adapters/<CC>/samples/` (what `scripts/sample-feeds` lays out for the scripts). Each
    /// country keeps its samples in its own folder, so no shared folder lists the countries.
    public static func samples(from filePath: String = #filePath) -> URL {
        SampleFeeds.folder(adapters: adapters(from: filePath))
    }

    /// `Tests/FuelFeedsTests/Fixtures/` of the repository.
    public static func feedFixtures(from filePath: String = #filePath) -> URL {
        root(from: filePath).appendingPathComponent("Tests/FuelFeedsTests/Fixtures")
    }

    /// A new empty temporary directory.
    public static func temporaryDirectory(_ label: String = "fueltiles") -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
