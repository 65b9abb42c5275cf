import Foundation
import Testing
import _FuelTestSupport

/// `scripts/new-country` in a scratch clone of the repository (no build): a new country is new folders and files plus
/// one line in `CountryRegistry.swift`, and the script refuses an existing or malformed code with exit 64, writing
/// nothing. (`scripts/check-new-country` goes on to build, test, publish and read such a scaffold.)
@Suite(.tags(.executable, .python)) struct NewCountryScaffoldTests {
    /// A clone of this checkout's HEAD in a new temporary folder.
    static func clone() throws -> URL {
        let repo = RepositoryPaths.temporaryDirectory("new-country").appendingPathComponent("repo")
        let clone = try CapturedRun.run("git", ["clone", "-q", RepositoryPaths.root().path, repo.path], timeout: 120)
        try #require(clone.status == 0, "\(clone.stderr)")
        return repo
    }

    static func newCountry(_ repo: URL, _ arguments: [String]) throws -> Executable.Result {
        try CapturedRun.run(repo.appendingPathComponent("scripts/new-country").path, arguments, timeout: 120)
    }

    static func git(_ repo: URL, _ arguments: [String]) throws -> String {
        let result = try CapturedRun.run("git", ["-C", repo.path] + arguments, timeout: 60)
        try #require(result.status == 0, "git \(arguments): \(result.stderr)")
        return result.stdout
    }

    @Test func aNewCountryIsNewFilesAndOneRegistryLineAndASecondRunRefuses() throws {
        let repo = try Self.clone()
        defer { try? FileManager.default.removeItem(at: repo.deletingLastPathComponent()) }
        let first = try Self.newCountry(repo, ["ZX", "--name", "Scratchland"])
        try #require(first.status == 0, "\(first.stderr)")

        let status = try Self.git(repo, ["status", "--porcelain", "--untracked-files=all"])
        let lines = status.split(separator: "\n").map(String.init)
        #expect(lines.filter { !$0.hasPrefix("?? ") } == [" M Sources/FuelFeeds/CountryRegistry.swift"])
        let added = lines.filter { $0.hasPrefix("?? ") }.map { String($0.dropFirst(3)) }
        #expect(added.allSatisfy { $0.contains("ZX") }, "a new file outside the country's own paths: \(added)")
        for path in [
            "Sources/FuelFeeds/Countries/ZX/ZXAdapter.swift", "Sources/FuelFeeds/Countries/ZX/ZXBuiltInFiles.swift",
            "adapters/ZX/source.json", "adapters/ZX/samples/stations.csv",
            "Tests/FuelFeedsTests/Fixtures/ZX/stations.csv", "Tests/FuelFeedsTests/Countries/ZX/ZXAdapterTests.swift",
            "docs/countries/ZX.md",
        ] {
            #expect(added.contains(path), "\(path)")
        }
        let registry = "Sources/FuelFeeds/CountryRegistry.swift"
        #expect(try Self.git(repo, ["diff", "--numstat", registry]) == "1\t0\t\(registry)\n")
        let diff = try Self.git(repo, ["diff", "-U0", registry]).split(separator: "\n")
        #expect(diff.filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") } == ["+        ZXAdapter(),"])
        let source = try String(contentsOf: repo.appendingPathComponent("adapters/ZX/source.json"), encoding: .utf8)
        #expect(source.contains("\"country\": \"ZX\"") && !source.contains("__CC__"))

        let second = try Self.newCountry(repo, ["ZX"])
        #expect(second.status == 64)
        #expect(second.stderr.contains("ZX is already a country here"), "\(second.stderr)")
        #expect(try Self.git(repo, ["status", "--porcelain", "--untracked-files=all"]) == status)
    }

    struct Refused: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var message: String
        var testDescription: String { name }
    }

    static let refused = [
        Refused(name: "lower case", arguments: ["zx"], message: "malformed country code 'zx'"),
        Refused(name: "three letters", arguments: ["ZXY"], message: "malformed country code 'ZXY'"),
        Refused(name: "a digit", arguments: ["Z1"], message: "malformed country code 'Z1'"),
        Refused(name: "a country already here", arguments: ["PT"], message: "PT is already a country here"),
        Refused(name: "no code", arguments: ["--name", "Nowhere"], message: "no country code given"),
    ]

    @Test(arguments: refused)
    func aBadCodeIsRefusedWithNothingWritten(_ refused: Refused) throws {
        let repo = try Self.clone()
        defer { try? FileManager.default.removeItem(at: repo.deletingLastPathComponent()) }
        let result = try Self.newCountry(repo, refused.arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(refused.message), "\(result.stderr)")
        #expect(try Self.git(repo, ["status", "--porcelain", "--untracked-files=all"]).isEmpty)
    }

    @Test func helpSaysWhatItDoes() throws {
        let help = try CapturedRun.run(
            RepositoryPaths.root().appendingPathComponent("scripts/new-country").path, ["--help"], timeout: 60)
        #expect(help.status == 0)
        #expect(help.stdout.contains("Usage: scripts/new-country CC [--name \"Country name\"]"))
    }
}
