import Foundation
import FuelCodecs
import FuelFormat

/// A country's metadata from `adapters/<CC>/source.json`: the publisher and licence that `sources.json` repeats,
/// the time zone of its local times, the boxes its stations must fall in, and where fetching gets the feed.
public struct CountryConfig: Sendable, Decodable, Equatable {
    /// A country's box: a named ``GeoBox`` whose edges are all included (``GeoBox/Edges/inclusive``).
    public typealias Box = GeoBox

    public var version: Int
    public var country: String
    public var publisher: String
    /// The public page of the data set.
    public var url: String
    public var licence: String
    public var licenceUrl: String
    public var attribution: String
    /// What the feed covers, said honestly (for example "cheapest stations per district").
    public var coverage: String
    /// IANA zone of the feed's local times and of the country's station clocks, for example `Europe/Madrid`;
    /// `sources.json` publishes it.
    public var timeZone: String
    /// The parts of the country whose station clocks keep another zone (`"timeZoneAreas"`), first match wins;
    /// `sources.json` publishes them.
    public var timeZoneAreas: [TimeZoneArea] = []
    /// The ISO 4217 code of the currency of the feed's prices (`"currency"`); `sources.json` publishes it.
    public var currency: String?
    /// Prices older than this, measured against the feed's reference time, are dropped.
    public var maxPriceAgeDays: Int
    /// How far the feed's reference time may lag behind the fetch that downloaded it before the build calls the feed
    /// frozen and refuses it; nil turns the check off.
    public var maxFeedAgeHours: Int?
    /// The most a country's station count may fall against the published build, in percent, before a build or an
    /// upload refuses it (default 10): a drop that large is a broken feed far more often than a real one.
    public var maxShrinkPercent: Double?
    /// A smaller loss against the published build, in percent, above which a build still publishes but warns
    /// (default 3): the signal below the refusal, for a loss that may be real (a region dropped from the feed).
    /// At most ``maxShrinkPercent``.
    public var warnShrinkPercent: Double?
    /// How far a fuel's median price may move against the previous build, in percent, before the build's verdict
    /// says CHECK (default 5; see docs/operators.md, "The verdict").
    public var checkPriceMedianPercent: Double?
    /// Mainland and islands: a station must fall in one of them.
    public var boxes: [Box]
    /// The country's national public holidays, as rules (`"publicHolidays"`); `sources.json` publishes their dates.
    public var publicHolidays: [PublicHolidayRule] = []
    /// True for a country `scripts/new-country` scaffolded whose parser and sample are still the template's: it
    /// builds and publishes, but the shared documents (README, `docs/format.md`, `docs/reasons.md`, the guides)
    /// describe only the countries that are not scaffolds, until a person writes the real parser and removes the key.
    public var scaffold = false
    /// Endpoints and settings for fetching: the `"fetch"` object, typed and checked when the metadata is loaded;
    /// nil when there is none.
    public var fetch: FetchSettings?

    /// The keys of `source.json` that only this country reads, as its own type (``FeedCountry/OwnSourceSettings``).
    public var own = CountryOwnSettings()

    /// Alias table for brands, from `adapters/<CC>/brands.json`; not part of `source.json`.
    public var brands: BrandAliases = BrandAliases()
    /// Source fuel names to canonical fuels, from `adapters/<CC>/fuels.json`; not part of `source.json`.
    public var fuels: FuelTable = FuelTable()

    private enum CodingKeys: String, CodingKey {
        case version, country, publisher, url, licence, licenceUrl, attribution, coverage, timeZone, maxPriceAgeDays
        case maxFeedAgeHours, boxes, fetch, maxShrinkPercent, warnShrinkPercent, checkPriceMedianPercent
        case publicHolidays, timeZoneAreas, currency, scaffold
    }

    /// Decodes `source.json`; the country's own keys and its `"fetch"` object are read by the country's own types.
    /// - Throws: `DecodingError` for a malformed file, ``FetchSettingError`` naming a fetch setting that is unknown,
    ///   missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        country = try container.decode(String.self, forKey: .country)
        publisher = try container.decode(String.self, forKey: .publisher)
        url = try container.decode(String.self, forKey: .url)
        licence = try container.decode(String.self, forKey: .licence)
        licenceUrl = try container.decode(String.self, forKey: .licenceUrl)
        attribution = try container.decode(String.self, forKey: .attribution)
        coverage = try container.decode(String.self, forKey: .coverage)
        timeZone = try container.decode(String.self, forKey: .timeZone)
        timeZoneAreas = try container.decodeIfPresent([TimeZoneArea].self, forKey: .timeZoneAreas) ?? []
        currency = try container.decodeIfPresent(String.self, forKey: .currency)
        maxPriceAgeDays = try container.decode(Int.self, forKey: .maxPriceAgeDays)
        maxFeedAgeHours = try container.decodeIfPresent(Int.self, forKey: .maxFeedAgeHours)
        maxShrinkPercent = try container.decodeIfPresent(Double.self, forKey: .maxShrinkPercent)
        warnShrinkPercent = try container.decodeIfPresent(Double.self, forKey: .warnShrinkPercent)
        checkPriceMedianPercent = try container.decodeIfPresent(Double.self, forKey: .checkPriceMedianPercent)
        boxes = try container.decode([Box].self, forKey: .boxes)
        if let unnamed = boxes.firstIndex(where: { $0.name == nil }) {
            throw DecodingError.dataCorruptedError(
                forKey: .boxes, in: container, debugDescription: "box \(unnamed) has no \"name\"")
        }
        publicHolidays = try container.decodeIfPresent([PublicHolidayRule].self, forKey: .publicHolidays) ?? []
        scaffold = try container.decodeIfPresent(Bool.self, forKey: .scaffold) ?? false
        let feedCountry = CountryRegistry.country(country)
        if let feedCountry { own = CountryOwnSettings(try feedCountry.decodeOwnSourceSettings(from: decoder)) }
        if let value = try container.decodeIfPresent(FetchSettingValue.self, forKey: .fetch) {
            guard case .object(let object) = value else {
                throw FetchSettingError("\"fetch\" must be an object, got \(value.shown)")
            }
            guard let feedCountry else {
                throw FetchSettingError(
                    "has a \"fetch\" object but no fetcher for this country (supported: "
                        + "\(CountryRegistry.codes.joined(separator: ", ")))")
            }
            fetch = try FetchSettings(object, for: feedCountry)
        }
    }

    /// True when one of the country's boxes holds the point, edges included.
    public func contains(latitude: Double, longitude: Double) -> Bool {
        boxes.contains { $0.contains(latitude: latitude, longitude: longitude, edges: .inclusive) }
    }

    /// ``maxShrinkPercent`` with its default.
    public var allowedShrinkPercent: Double { maxShrinkPercent ?? 10 }

    /// ``warnShrinkPercent`` with its default, never above ``allowedShrinkPercent``.
    public var warningShrinkPercent: Double { min(warnShrinkPercent ?? 3, allowedShrinkPercent) }

    /// ``checkPriceMedianPercent`` with its default.
    public var priceMedianCheckPercent: Double { checkPriceMedianPercent ?? 5 }

    /// What is wrong with the thresholds `source.json` sets, naming the key; nil when they are usable.
    func thresholdProblem() -> String? {
        for (key, value) in [
            ("maxShrinkPercent", maxShrinkPercent), ("warnShrinkPercent", warnShrinkPercent),
            ("checkPriceMedianPercent", checkPriceMedianPercent),
        ] {
            if let value, !(0...100).contains(value) {
                return "\(key) must be a percentage from 0 to 100, got \(NumberText.plain(value))"
            }
        }
        if let warn = warnShrinkPercent, warn > allowedShrinkPercent {
            return "warnShrinkPercent (\(NumberText.plain(warn))) must not exceed maxShrinkPercent "
                + "(\(NumberText.plain(allowedShrinkPercent))): a loss past the refusal has nothing left to warn of"
        }
        return nil
    }

    /// Loads `<CC>/source.json`, plus `brands.json` and `fuels.json` beside it when present, from the adapters
    /// folder, or from the metadata built into the executables when `adaptersDirectory` is nil.
    /// - Throws: ``FeedError`` naming the file that is missing or malformed.
    public static func load(country: String, adaptersDirectory: URL?) throws -> CountryConfig {
        let source = metadataFile(country: country, name: "source.json", adaptersDirectory: adaptersDirectory)
        var config: CountryConfig = try decode(source, country: country)
        guard config.country == country else {
            throw FeedError(
                country: country, file: source.path, reason: "says country \(config.country), expected \(country)")
        }
        if let problem = config.thresholdProblem() {
            throw FeedError(country: country, file: source.path, reason: "malformed adapter metadata: \(problem)")
        }
        let brands = metadataFile(country: country, name: "brands.json", adaptersDirectory: adaptersDirectory)
        if brands.bytes != nil { config.brands = try decode(brands, country: country) }
        let fuels = metadataFile(country: country, name: "fuels.json", adaptersDirectory: adaptersDirectory)
        if fuels.bytes != nil { config.fuels = try decode(fuels, country: country) }
        return config
    }

    /// Every country with a `source.json` under the adapters folder (or built in, when nil), sorted.
    public static func configuredCountries(adaptersDirectory: URL?) -> [String] {
        guard let adaptersDirectory else {
            return Set(
                BuiltInAdapters.files.keys.compactMap { path in
                    path.hasSuffix("/source.json") ? String(path.prefix(2)) : nil
                }
            ).sorted()
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: adaptersDirectory.path)) ?? []
        return names.filter { name in
            name.count == 2 && name == name.uppercased()
                && FileManager.default.fileExists(
                    atPath: adaptersDirectory.appendingPathComponent(name).appendingPathComponent("source.json").path)
        }.sorted()
    }

    /// A metadata file of a country, `<CC>/<name>`: its bytes (nil when absent) and the path to name in messages.
    public static func metadataFile(
        country: String, name: String, adaptersDirectory: URL?
    ) -> (bytes: Data?, path: String) {
        guard let adaptersDirectory else {
            let path = "\(country)/\(name)"
            return (BuiltInAdapters.files[path].map { Data(($0 + "\n").utf8) }, "adapters/\(path) (built in)")
        }
        let file = adaptersDirectory.appendingPathComponent(country).appendingPathComponent(name)
        return (FileManager.default.contents(atPath: file.path), file.path)
    }

    private static func decode<T: Decodable>(_ file: (bytes: Data?, path: String), country: String) throws -> T {
        guard let data = file.bytes else {
            throw FeedError(country: country, file: file.path, reason: "missing adapter metadata")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as FetchSettingError {
            throw FeedError(country: country, file: file.path, reason: error.reason)
        } catch {
            throw FeedError(
                country: country, file: file.path, reason: "malformed adapter metadata: \(ErrorText.describe(error))")
        }
    }
}
