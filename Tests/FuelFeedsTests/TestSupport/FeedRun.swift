import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelFeeds

/// Runs the FR and IT adapters on committed samples, fixtures or files written by a test.
enum FeedRun {
    /// The adapter of a country, through the registry the build uses.
    static func adapter(_ country: String) throws -> any FeedAdapter {
        try #require(CountryRegistry.country(country), "no adapter registered for \(country)")
    }

    /// The country's real metadata from `adapters/<CC>/`.
    static func config(_ country: String) throws -> CountryConfig {
        try CountryConfig.load(country: country, adaptersDirectory: RepositoryPaths.adapters())
    }

    /// Parses the committed sample folder `adapters/<CC>/samples`.
    static func sample(_ country: String) throws -> FeedParseResult {
        let folder = RepositoryPaths.sample(country)
        return try adapter(country).parse(FeedInput(folder: folder, config: try config(country)))
    }

    /// Parses a committed fixture folder, `Tests/FuelFeedsTests/Fixtures/<CC>/<folder>`, with the country's real
    /// metadata changed by `configure`.
    static func fixtureFolder(
        _ country: String, _ folder: String, configure: (inout CountryConfig) -> Void = { _ in }
    ) throws -> FeedParseResult {
        let url = RepositoryPaths.feedFixtures().appendingPathComponent(country).appendingPathComponent(folder)
        var config = try config(country)
        configure(&config)
        return try adapter(country).parse(FeedInput(folder: url, config: config))
    }

    /// The IT cuts of 2026-08-21: the first lines of each national file, so that most rows do not join, which the
    /// truncation guard would refuse; parsed without it.
    static func italianCuts() throws -> FeedParseResult {
        try fixtureFolder("IT", "2026-08-21-cuts") { $0.own = CountryOwnSettings(ITSourceSettings()) }
    }

    /// Parses a fresh folder `<tmp>/<CC>` holding exactly these files.
    static func files(
        _ country: String, _ files: [String: [UInt8]], configure: (inout CountryConfig) -> Void = { _ in }
    ) throws -> FeedParseResult {
        var config = try config(country)
        configure(&config)
        return try adapter(country).parse(FeedInput(folder: try folder(country, files), config: config))
    }

    /// Writes the files into a fresh `<tmp>/<CC>` folder and returns it.
    static func folder(_ country: String, _ files: [String: [UInt8]]) throws -> URL {
        let folder = RepositoryPaths.temporaryDirectory("feeds-\(country)").appendingPathComponent(country)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, bytes) in files {
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// The bytes of a committed fixture, `Tests/FuelFeedsTests/Fixtures/<CC>/<name>`.
    static func fixture(_ country: String, _ name: String) throws -> [UInt8] {
        let url = RepositoryPaths.feedFixtures().appendingPathComponent(country).appendingPathComponent(name)
        return [UInt8](try Data(contentsOf: url))
    }

    /// An expected price, its time as UTC text; litres and no service or label unless given.
    static func price(
        _ fuel: FuelCode, _ euros: Double, _ utc: String, unit: PriceUnit = .litre, service: ServiceKind? = nil,
        label: String? = nil
    ) -> FuelPrice {
        FuelPrice(fuel: fuel, price: euros, updated: Self.utc(utc), unit: unit, service: service, label: label)
    }

    /// A UTC time, `2026-02-02T16:25:02Z`.
    static func utc(_ text: String) -> Date {
        guard let seconds = UTCTime.parse(text) else { fatalError("bad time in a test: \(text)") }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
