import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

/// What a new operator meets first, with the built executables run from a folder that is not the repository.
@Suite(.tags(.executable)) struct FirstContactTests {
    static let samples = RepositoryPaths.samples()

    @Test func aBuildRunsFromAnyFolderWithTheBuiltInAdapters() throws {
        let folder = RepositoryPaths.temporaryDirectory("elsewhere")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let out = folder.appendingPathComponent("out")
        let result = try Executable.run(
            "fuel-publish", ["build", "--feeds", Self.samples.path, "--out", out.path], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        for country in RegisteredCountries.codes { #expect(result.stderr.contains("\(country): ")) }
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("fuel/index.json").path))
        // No adapters/ folder here, and none was needed.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("adapters").path))
    }

    @Test(arguments: ["fuel-publish", "fuel-nearby", "fuel-bench"])
    func everyExecutableSaysItsVersion(_ product: String) throws {
        for arguments in [["--version"], ["build", "--version"]] {
            let result = try Executable.run(product, arguments)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "\(product) \(FuelTilesRelease.version)\n", "\(arguments)")
        }
    }

    struct UsageCase: Sendable, CustomTestStringConvertible {
        var label: String
        var arguments: [String]
        var environment: [String: String] = [:]
        /// Words the message on stderr must hold.
        var message: String
        var testDescription: String { label }
    }

    static let usageCases: [UsageCase] = [
        UsageCase(
            label: "an unknown option outside the repository", arguments: ["--bogus"],
            message: "unknown option --bogus"),
        UsageCase(
            label: "a missing --adapters folder", arguments: ["build", "--adapters", "/nonexistent/adapters"],
            message: "--adapters /nonexistent/adapters: no such folder"),
        UsageCase(
            label: "a missing --feeds folder", arguments: ["build", "--feeds", "/nonexistent/feeds"],
            message: "--feeds /nonexistent/feeds: no such folder"),
        UsageCase(
            label: "an unknown country in build", arguments: ["build", "--countries", "ES,XX"],
            message: "unknown country XX; configured (built in): AT,ES,FR,IT,PT"),
        UsageCase(
            label: "an unknown country in fetch", arguments: ["fetch", "--countries", "XX"],
            message: "unknown country XX; configured (built in): AT,ES,FR,IT,PT"),
        UsageCase(
            label: "a repeated option", arguments: ["build", "--out", "a", "--out", "b"],
            message: "--out is given more than once"),
        UsageCase(
            label: "a repeated flag", arguments: ["build", "--json", "--json"],
            message: "--json is given more than once"),
        UsageCase(
            label: "a dry run that names a bucket without credentials",
            arguments: ["--dry-run", "--bucket", "tiles", "--feeds", "/tmp"],
            message: "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set"),
        UsageCase(
            label: "upload takes FUEL_BUCKET", arguments: ["upload"], environment: ["FUEL_BUCKET": "tiles"],
            message: "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set"),
        UsageCase(label: "upload without any bucket", arguments: ["upload"], message: "--bucket (or $FUEL_BUCKET)"),
    ]

    @Test(arguments: usageCases)
    func usageErrorsExit64NamingWhatIsWrong(_ testCase: UsageCase) throws {
        let folder = RepositoryPaths.temporaryDirectory("elsewhere")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var environment = testCase.environment
        environment["AWS_ACCESS_KEY_ID"] = ""
        environment["AWS_SECRET_ACCESS_KEY"] = ""
        environment["FUEL_BUCKET"] = environment["FUEL_BUCKET"] ?? ""
        let result = try Executable.run("fuel-publish", testCase.arguments, in: folder, environment: environment)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(testCase.message), "\(result.stderr)")
    }
}
