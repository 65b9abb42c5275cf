import Foundation
import FuelFeeds
import FuelFormat
import Testing
import _FuelTestSupport

/// Builds adapter inputs for the JSON-feed tests: the repository's metadata plus files in a temporary folder.
enum FeedFixture {
    /// The country's metadata from `adapters/<CC>/`.
    static func config(_ country: String) throws -> CountryConfig {
        try CountryConfig.load(country: country, adaptersDirectory: RepositoryPaths.adapters())
    }

    /// Input over a folder of the repository (`Tests/FuelFeedsTests/Fixtures/<CC>` or `adapters/<CC>/samples`).
    static func input(folder: URL, country: String, manifest: FeedManifest? = nil) throws -> FeedInput {
        FeedInput(folder: folder, config: try config(country), manifest: manifest)
    }

    /// Input over a new temporary `DIR/<CC>` holding the given files.
    static func input(
        country: String, files: [String: [UInt8]], manifest: FeedManifest? = nil
    ) throws -> FeedInput {
        let folder = RepositoryPaths.temporaryDirectory("feeds-\(country)").appendingPathComponent(country)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, bytes) in files {
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        }
        return FeedInput(folder: folder, config: try config(country), manifest: manifest)
    }

    /// The same with text files.
    static func input(country: String, texts: [String: String], manifest: FeedManifest? = nil) throws -> FeedInput {
        try input(country: country, files: texts.mapValues { Array($0.utf8) }, manifest: manifest)
    }

    /// The bytes of a fixture file.
    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: RepositoryPaths.feedFixtures().appendingPathComponent(path)))
    }
}
