import Foundation
import FuelFeeds
import Testing
import _FuelTestSupport

@testable import FuelBuild
@testable import FuelFetch

/// `fetch` and `build` read one country list, ``CountryRegistry``: by default both cover the registered countries
/// that have metadata, and both refuse the same others.
@Suite struct CountryListTests {
    /// An adapters folder with the repository's metadata for `countries`, plus `XX`, a copy of ES's metadata for
    /// a country no code is registered for.
    static func adapters(_ countries: [String]) throws -> URL {
        let folder = RepositoryPaths.temporaryDirectory("country-list")
        for country in countries + ["XX"] {
            let source = RepositoryPaths.adapters().appendingPathComponent(country == "XX" ? "ES" : country)
            try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(country))
        }
        return folder
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var configured: [String]
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "every registered country", configured: CountryRegistry.codes),
        Case(name: "two of them", configured: ["ES", "PT"]),
    ]

    @Test(arguments: cases)
    func fetchAndBuildCoverTheSameCountriesByDefault(_ testCase: Case) throws {
        let adapters = try Self.adapters(testCase.configured)
        let feeds = RepositoryPaths.temporaryDirectory("country-list-feeds")
        let fetcher = FeedFetcher(options: FetchOptions(feedsDirectory: feeds, adaptersDirectory: adapters))
        let out = RepositoryPaths.temporaryDirectory("country-list-out")
        let plan = try BuildPlan(
            options: BuildOptions(
                feedsDirectory: feeds, outputDirectory: out, adaptersDirectory: adapters,
                builtAt: Date(timeIntervalSince1970: 1_796_000_000)),
            output: OutputDirectory(root: out))
        #expect(fetcher.countries == testCase.configured)
        #expect(plan.countries == fetcher.countries)
    }

    /// The built binary: `fetch` and `build` refuse a configured but unregistered country alike.
    @Test(.tags(.executable)) func bothCommandsRefuseAnUnregisteredCountry() throws {
        let adapters = try Self.adapters(["ES", "PT"])
        let feeds = RepositoryPaths.temporaryDirectory("country-list-feeds")
        let out = RepositoryPaths.temporaryDirectory("country-list-out")
        let common = ["--countries", "XX", "--adapters", adapters.path, "--feeds", feeds.path]
        let fetch = try Executable.run("fuel-publish", ["fetch", "--offline"] + common)
        let build = try Executable.run("fuel-publish", ["build", "--dry-run", "--out", out.path] + common)
        var lists: [[String]] = []
        for (result, label) in [(fetch, "): "), (build, "): ")] {
            #expect(result.status == 64, "\(result.stderr)")
            let line = try #require(
                result.stderr.split(separator: "\n").first { $0.contains("XX") && $0.contains(label) })
            let list = try #require(line.components(separatedBy: label).last)
            lists.append(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        #expect(lists == [["ES", "PT"], ["ES", "PT"]])
    }
}
