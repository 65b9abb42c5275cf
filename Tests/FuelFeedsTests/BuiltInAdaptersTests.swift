import Foundation
import Testing
import _FuelTestSupport

@testable import FuelFeeds

/// The metadata built into the executables is exactly `adapters/<CC>/` (`scripts/embed-adapters` writes it), and
/// loading it gives the same configuration as loading the folder.
@Suite struct BuiltInAdaptersTests {
    static let folder = RepositoryPaths.adapters()

    @Test func theBuiltInCopyIsTheFolder() throws {
        var onDisk: [String: String] = [:]
        for country in CountryConfig.configuredCountries(adaptersDirectory: Self.folder) {
            let names = try FileManager.default.contentsOfDirectory(
                atPath: Self.folder.appendingPathComponent(country).path)
            for name in names where name.hasSuffix(".json") || name.hasSuffix(".pem") {
                let text = try String(
                    contentsOf: Self.folder.appendingPathComponent(country).appendingPathComponent(name),
                    encoding: .utf8)
                onDisk["\(country)/\(name)"] = text
            }
        }
        #expect(Set(BuiltInAdapters.files.keys) == Set(onDisk.keys), "run scripts/embed-adapters")
        for (path, text) in onDisk {
            #expect(BuiltInAdapters.files[path].map { $0 + "\n" } == text, "\(path): run scripts/embed-adapters")
        }
    }

    @Test func builtInAndFolderLoadTheSameConfiguration() throws {
        let countries = CountryConfig.configuredCountries(adaptersDirectory: nil)
        #expect(countries == CountryRegistry.codes)
        #expect(countries == CountryConfig.configuredCountries(adaptersDirectory: Self.folder))
        for country in countries {
            let builtIn = try CountryConfig.load(country: country, adaptersDirectory: nil)
            let fromFolder = try CountryConfig.load(country: country, adaptersDirectory: Self.folder)
            #expect(builtIn == fromFolder, "\(country)")
        }
    }

    @Test func aMissingBuiltInFileIsNamed() {
        let file = CountryConfig.metadataFile(country: "XX", name: "source.json", adaptersDirectory: nil)
        #expect(file.bytes == nil)
        #expect(file.path == "adapters/XX/source.json (built in)")
    }
}
