import Foundation
import FuelFeeds
import Testing
import _FuelTestSupport

/// The samples in `adapters/<CC>/samples/` parse, and the test fixtures hold exact copies of them: the real captures
/// of `Fixtures/<CC>/SOURCES.md`.
@Suite struct JSONFeedSampleTests {
    static let fixtureFolders = ["ES": "ES", "PT": "PT/dgeg-2026-06-10", "AT": "AT/econtrol-2026-06-11-vienna"]

    @Test(arguments: ["ES", "PT", "AT"])
    func samplesParseAndMatchTheFixtures(_ country: String) throws {
        let samples = RepositoryPaths.sample(country)
        let adapter = try #require(CountryRegistry.country(country))
        let result = try adapter.parse(try FeedFixture.input(folder: samples, country: country))
        #expect(!result.stations.isEmpty)
        #expect(result.rejects.isEmpty)

        let fixtures = RepositoryPaths.feedFixtures().appendingPathComponent(Self.fixtureFolders[country] ?? country)
        let names = try FileManager.default.contentsOfDirectory(atPath: samples.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        let copies = try FileManager.default.contentsOfDirectory(atPath: fixtures.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(names == copies)
        for name in names {
            let sample = try Data(contentsOf: samples.appendingPathComponent(name))
            let copy = try Data(contentsOf: fixtures.appendingPathComponent(name))
            #expect(sample == copy, "\(country)/\(name) differs from its fixture copy")
        }
    }
}
