import Foundation
import FuelFeeds

/// How a country's service publishes new prices during the simulated day (`fuel-bench day`).
enum DayPublication: Sendable, Equatable {
    /// A JSON API answering current prices on every request, without an `ETag`.
    case live
    /// A new file every `seconds`, on multiples of it since 1970, tagged so a fetch may ask `If-None-Match`.
    case every(seconds: Double)
    /// New files once a day at `hour`:00 in the country's time zone, tagged likewise.
    case daily(hour: Int)

    /// True when the service tags its answers and answers a matching `If-None-Match` with 304.
    var isConditional: Bool { self != .live }

    /// True for a service that republishes on a short period: the countries whose price age at the phone the hourly
    /// schedule is judged by (a daily file ages all day whatever the schedule).
    var isPeriodic: Bool {
        if case .every = self { return true }
        return false
    }
}

/// The simulated service of a country in `fuel-bench day`: where requests go and how often it publishes.
struct DayService: Sendable {
    /// The end of the service's host name (`minetur.gob.es`), as in `adapters/<CC>/source.json`'s URLs.
    var host: String
    var publication: DayPublication
}

/// The bench's hook for one country: its ``CountryFeed``, the writer of its feed in the real format with where its
/// stations go and how its service behaves in the simulated day. Each country conforms in
/// `Sources/FuelBench/Countries/<CC>/`, on its FuelFeeds type (`extension ESAdapter: BenchCountry`), so
/// ``BenchCountries`` finds it in `CountryRegistry.all` and adding a country edits no shared bench file.
protocol BenchCountry: Sendable {
    associatedtype Feed: CountryFeed

    /// The country code.
    var country: String { get }
}

extension BenchCountry {
    /// The cities and land boxes its stations are placed in.
    var geography: CountryGeography { Feed.geography }

    /// The service's host and rhythm in the simulated day.
    var service: DayService { Feed.service }

    /// Writes the country's feed files into `folder` (the feeds folder's `<CC>/`).
    /// - Throws: ``GeneratorError`` when a file cannot be written.
    func writeFeed(context: GenerationContext, folder: URL) throws -> (GeneratedCountry, [GeneratedFile]) {
        try Feed(context: context, folder: folder).write()
    }

    /// The generated files, by name, turned into what the simulated service serves from.
    /// - Throws: ``BenchError`` when a generated file is not what the service expects.
    func servedFiles(_ files: [String: [UInt8]]) throws -> [String: [UInt8]] { try Feed.served(files) }

    /// The body the service answers for a request's URL path and query, from its served files.
    func answer(path: String, query: [String: String], files: [String: [UInt8]]) -> [UInt8] {
        Feed.answer(path: path, query: query, files: files)
    }
}

/// The bench hooks of the registered countries, found in FuelFeeds' `CountryRegistry` (no second list).
enum BenchCountries {
    /// Every registered country's hook, by code; a country without one is missing here and refused by ``hook(_:)``.
    static let byCode: [String: any BenchCountry] = Dictionary(
        uniqueKeysWithValues: CountryRegistry.all.compactMap { $0 as? any BenchCountry }.map { ($0.country, $0) })

    /// The hook of a registered country.
    /// - Throws: ``GeneratorError`` for a code that is not registered, or registered without a bench hook.
    static func hook(_ code: String) throws(GeneratorError) -> any BenchCountry {
        if let hook = byCode[code] { return hook }
        guard CountryRegistry.country(code) != nil else {
            throw GeneratorError(
                file: "--countries",
                reason: "unknown country \(code); known: \(CountryRegistry.codes.joined(separator: ", "))")
        }
        throw missingHook(code)
    }

    /// The error for a registered country without a bench hook, naming the folder to add.
    static func missingHook(_ code: String) -> GeneratorError {
        GeneratorError(
            file: "Sources/FuelBench/Countries/\(code)/",
            reason: "\(code) is registered in CountryRegistry but has no bench hook: add this folder with "
                + "`extension <its FeedCountry type>: BenchCountry` naming its CountryFeed (geography, day service, "
                + "feed writer)")
    }

    /// The time zone of each registered country, from its built-in metadata (`adapters/<CC>/source.json`).
    static let timeZones: [String: TimeZone] = Dictionary(
        uniqueKeysWithValues: CountryRegistry.codes.compactMap { code in
            guard let config = try? CountryConfig.load(country: code, adaptersDirectory: nil),
                let zone = TimeZone(identifier: config.timeZone)
            else { return nil }
            return (code, zone)
        })

    /// A country's time zone; UTC for a country without usable metadata (which a build refuses anyway).
    static func timeZone(_ code: String) -> TimeZone { timeZones[code] ?? .gmt }

    /// The country whose service a URL belongs to, by its host.
    static func country(of url: String) -> String? {
        let host = URLComponents(string: url)?.host ?? ""
        return byCode.values.first { host.hasSuffix($0.service.host) }?.country
    }
}
