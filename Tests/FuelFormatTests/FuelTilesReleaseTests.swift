import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

/// The release number is written once, in ``FuelTilesRelease``: the user agent carries it, and no document names
/// another one for FuelTiles or its programs.
@Suite struct FuelTilesReleaseTests {
    /// `README.md`, `BENCHMARKS.md`, `ARCHITECTURE.md`, `CONTRIBUTING.md` and every `docs/*.md`, by path below the repository.
    static let documents: [String] = {
        let docs = RepositoryPaths.root().appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md", "BENCHMARKS.md", "ARCHITECTURE.md", "CONTRIBUTING.md"]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }()

    /// Every version the text gives FuelTiles or one of its programs: `fuel-publish 0.4.2`, `FuelTiles/1.0`,
    /// `FuelTiles release 0.5`.
    static func versionsNamed(in text: String) -> [String] {
        let pattern =
            #/(?:FuelTiles|fuel-publish|fuel-nearby|fuel-bench)(?:[ /]| release | version )v?(\d+\.\d+(?:\.\d+)?)/#
        return text.matches(of: pattern).map { String($0.output.1) }
    }

    @Test func theVersionIsMajorMinorPatch() {
        #expect(FuelTilesRelease.version.wholeMatch(of: #/\d+\.\d+\.\d+/#) != nil)
    }

    @Test func theUserAgentCarriesTheVersion() {
        #expect(Self.versionsNamed(in: FuelTilesRelease.userAgent) == [FuelTilesRelease.version])
    }

    @Test func aDocumentNamingAnotherVersionIsCaught() {
        let text = "Run `fuel-publish 0.4.2 --help`; fetches send FuelTiles/1.0; FuelTiles release 0.6 is next."
        #expect(Self.versionsNamed(in: text) == ["0.4.2", "1.0", "0.6"])
    }

    @Test(arguments: documents) func noDocumentNamesAnotherVersion(_ path: String) throws {
        let text = try String(contentsOf: RepositoryPaths.root().appendingPathComponent(path), encoding: .utf8)
        for version in Self.versionsNamed(in: text) {
            #expect(
                version == FuelTilesRelease.version,
                "\(path) names FuelTiles \(version), not \(FuelTilesRelease.version)")
        }
    }
}
