import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat

/// What one build will do, settled before any feed is read: the countries it covers, each country's metadata loaded
/// once, the fetch manifest, and (with `--first-run`) the countries it leaves out.
///
/// Every step of the build reads its configuration from here, never from `adapters/` again.
struct BuildPlan: Sendable {
    /// The countries to parse, sorted.
    var countries: [String]
    /// `FEEDS/manifest.json`; nil for hand-placed feeds.
    var manifest: FeedManifest?
    /// The countries left out because their fetch failed: with `--first-run`, or after the first build while they
    /// were never published (``FirstRun/notYetJoined(_:manifest:published:feeds:)``); nil when none were.
    var leftOut: [BuildReport.LeftOut]?
    /// Each configured country's metadata, or why it could not be read (that country then fails, alone).
    private var configs: [String: Result<CountryConfig, FeedError>]

    /// Resolves the countries, loads each configured country's metadata and the manifest.
    /// - Throws: ``BuildError`` for an unknown country, a malformed manifest or a refused `--first-run`.
    init(options: BuildOptions, output: OutputDirectory) throws {
        let configured = CountryRegistry.configuredCountries(adaptersDirectory: options.adaptersDirectory)
        let requested = options.countries.map { $0.map { $0.uppercased() } } ?? configured
        for country in requested where !configured.contains(country) {
            throw BuildError.unknownCountry(country, known: configured)
        }
        guard !requested.isEmpty else { throw BuildError.unknownCountry("(none)", known: configured) }
        countries = Array(Set(requested)).sorted()
        configs = Dictionary(
            uniqueKeysWithValues: configured.map { country in
                let loaded = Result {
                    try CountryConfig.load(country: country, adaptersDirectory: options.adaptersDirectory)
                }
                return (country, loaded.mapError { Self.feedError($0, country: country, options: options) })
            })
        manifest = try Self.loadManifest(options.feedsDirectory, countries: countries)
        if options.firstRun {
            let split = try FirstRun.split(
                countries, manifest: manifest, output: output, feeds: options.feedsDirectory)
            countries = split.built
            leftOut = split.leftOut
        } else if output.hasPublished, let published = try? output.readPublished() {
            let split = FirstRun.notYetJoined(
                countries, manifest: manifest, published: Set(published.index.countries.keys),
                feeds: options.feedsDirectory)
            if !split.leftOut.isEmpty {
                guard !split.built.isEmpty else {
                    throw BuildError.countriesFailed(
                        split.leftOut.map {
                            FeedError(country: $0.country, file: options.feedsDirectory.path, reason: $0.sentence)
                        })
                }
                countries = split.built
                leftOut = split.leftOut
            }
        }
    }

    /// A country's metadata.
    /// - Throws: ``FeedError`` naming its `source.json` when it could not be read.
    func config(_ country: String) throws(FeedError) -> CountryConfig {
        switch configs[country] {
        case .success(let config)?: return config
        case .failure(let error)?: throw error
        case nil: throw FeedError(country: country, file: "adapters/\(country)", reason: "no adapter metadata")
        }
    }

    /// A country's coverage boxes; none when its metadata could not be read (it fails on its own).
    func boxes(_ country: String) -> [CountryConfig.Box] { (try? config(country))?.boxes ?? [] }

    /// A country's `maxShrinkPercent`, 10 % when it has no readable metadata.
    @Sendable func allowedShrinkPercent(_ country: String) -> Double {
        (try? config(country))?.allowedShrinkPercent ?? 10
    }

    /// A country's `warnShrinkPercent`, 3 % when it has no readable metadata.
    @Sendable func warningShrinkPercent(_ country: String) -> Double {
        (try? config(country))?.warningShrinkPercent ?? 3
    }

    /// `FEEDS/manifest.json`, nil when there is none (hand-placed feeds).
    /// - Throws: ``BuildError/countriesFailed(_:)`` naming the manifest for every country when it is malformed.
    private static func loadManifest(_ feeds: URL, countries: [String]) throws -> FeedManifest? {
        do {
            return try FeedManifest.load(feedsDirectory: feeds)
        } catch {
            let file = feeds.appendingPathComponent(FeedManifest.fileName).path
            throw BuildError.countriesFailed(
                countries.map {
                    FeedError(country: $0, file: file, reason: "malformed fetch manifest: \(ErrorText.describe(error))")
                })
        }
    }

    private static func feedError(_ error: any Error, country: String, options: BuildOptions) -> FeedError {
        (error as? FeedError)
            ?? FeedError(
                country: country, file: options.adaptersDirectory?.path ?? "built-in adapter metadata",
                reason: ErrorText.describe(error))
    }
}
