import Dispatch
import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat
import Synchronization

/// What to generate.
public struct GeneratorOptions: Sendable {
    /// Country sizes as a multiple of the real ones (1 = about 52,000 stations; fractions allowed).
    public var scale: Double
    public var seed: UInt64
    /// The feeds folder to write, laid out as `fuel-publish build --feeds` reads it.
    public var output: URL
    /// The feeds' reference time (their "now"), UTC seconds; fixed so the same seed gives the same bytes.
    public var referenceTime: Int64
    /// Share of stations whose prices changed since the unperturbed feed (0.05 for the republish benchmark).
    public var changedFraction: Double
    public var countries: [String]
    /// Nested changes: each station draws its own threshold, and changes once `changedFraction` passes it, so a
    /// larger fraction changes a superset of the stations a smaller one changed, each to the same new price (a day
    /// that grows the fraction changes stations one by one). False keeps the evenly spread share.
    public var nestedChanges = false

    /// 2026-11-30T07:00:00Z: 08:00 in Rome, the time of IT's `prezzo_alle_8`.
    public static let defaultReferenceTime: Int64 = 1_796_022_000

    public init(
        scale: Double, seed: UInt64, output: URL, referenceTime: Int64 = GeneratorOptions.defaultReferenceTime,
        changedFraction: Double = 0, countries: [String] = FeedGenerator.countries
    ) {
        self.scale = scale
        self.seed = seed
        self.output = output
        self.referenceTime = referenceTime
        self.changedFraction = changedFraction
        self.countries = countries
    }

    /// The number of stations to write for a country whose real size is `base`.
    func stations(_ base: Int) -> Int { max(1, Int((Double(base) * scale).rounded())) }
}

/// What was written for one country.
public struct GeneratedCountry: Sendable, Codable, Equatable {
    public var country: String
    /// Distinct stations written.
    public var stations: Int
    /// Stations written valid by design: placed in the country, with at least one current price (or, in FR, a
    /// shortage). The build must publish exactly these.
    public var expectedValid: Int
    /// Rows, objects or elements written (what the feed counts as records).
    public var records: Int
    /// Stations whose prices were changed by `changedFraction`.
    public var changed: Int
    /// Files written, relative to the feeds folder, sorted.
    public var files: [String]
    public var bytes: Int
    /// Quirks written, by kind; invalidating ones are marked `(rejected)`.
    public var quirks: [String: Int]

    /// A country about to be written, nothing counted yet; one record per station unless the writer says otherwise.
    init(country: String, stations: Int) {
        self.country = country
        self.stations = stations
        expectedValid = 0
        records = stations
        changed = 0
        files = []
        bytes = 0
        quirks = [:]
    }

    /// Counts one quirk written.
    mutating func count(_ quirk: String) { quirks[quirk, default: 0] += 1 }
}

/// Everything a generation wrote.
public struct GenerationReport: Sendable, Codable, Equatable {
    public var scale: Double
    public var seed: UInt64
    public var referenceTime: String
    public var countries: [GeneratedCountry]

    public var stations: Int { countries.reduce(0) { $0 + $1.stations } }
    public var expectedValid: Int { countries.reduce(0) { $0 + $1.expectedValid } }

    /// One line per country and a total.
    public func text() -> String {
        var lines: [String] = []
        for country in countries {
            var line =
                "\(country.country): \(country.stations) stations written, \(country.expectedValid) expected valid, "
            line += "\(country.records) records, \(country.files.count) files, \(ByteCount.format(country.bytes))"
            if country.changed > 0 { line += ", \(country.changed) stations with changed prices" }
            lines.append(line)
            for (quirk, count) in country.quirks.sorted(by: { $0.key < $1.key }) where count > 0 {
                lines.append("    \(quirk): \(count)")
            }
        }
        lines.append("total: \(stations) stations written, \(expectedValid) expected valid")
        return lines.joined(separator: "\n")
    }

    /// The report as JSON with sorted keys.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "{}"
    }
}

/// One generated file, for the fetch manifest.
struct GeneratedFile: Sendable {
    /// Relative to the feeds folder, `CC/name`.
    var path: String
    /// The endpoint a real fetch would have downloaded it from.
    var url: String
}

/// Writes synthetic feeds in the registered countries' real formats, deterministically: the same options give the
/// same bytes. Each country's writer is its ``BenchCountry`` hook in `Countries/<CC>/`.
public enum FeedGenerator {
    /// The countries it can write: every registered country, sorted.
    public static var countries: [String] { CountryRegistry.codes }

    /// Writes every requested country (in parallel) and `DIR/manifest.json`.
    /// - Throws: ``GeneratorError`` when a file cannot be written, on an unknown country, or on a registered country
    ///   without a bench hook (naming the folder to add).
    public static func generate(_ options: GeneratorOptions) throws -> GenerationReport {
        for country in options.countries { _ = try BenchCountries.hook(country) }
        guard options.scale > 0, options.scale.isFinite else {
            throw GeneratorError(file: options.output.path, reason: "the scale must be a positive number")
        }
        let requested = Array(Set(options.countries)).sorted()
        let results = Mutex([String: Result<(GeneratedCountry, [GeneratedFile]), any Error>]())
        DispatchQueue.concurrentPerform(iterations: requested.count) { position in
            let country = requested[position]
            let result = Result { try generate(country, options) }
            results.withLock { $0[country] = result }
        }
        var generated: [GeneratedCountry] = []
        var files: [GeneratedFile] = []
        for country in requested {
            guard let result = results.withLock({ $0[country] }) else { continue }
            let (summary, written) = try result.get()
            generated.append(summary)
            files += written
        }
        try writeManifest(files, countries: requested, options: options)
        return GenerationReport(
            scale: options.scale, seed: options.seed, referenceTime: UTCTime.format(seconds: options.referenceTime),
            countries: generated)
    }

    private static func generate(_ country: String, _ options: GeneratorOptions) throws -> (
        GeneratedCountry, [GeneratedFile]
    ) {
        let folder = options.output.appendingPathComponent(country, isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw GeneratorError(file: folder.path, reason: "cannot create the folder: \(error)")
        }
        let hook = try BenchCountries.hook(country)
        let written = try hook.writeFeed(context: GenerationContext(country: hook, options: options), folder: folder)
        var summary = written.0
        let files = written.1
        summary.files = files.map(\.path).sorted()
        summary.bytes = files.reduce(0) { total, file in
            let path = options.output.appendingPathComponent(file.path).path
            return total + fileSize(path)
        }
        return (summary, files)
    }

    static func fileSize(_ path: String) -> Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// `DIR/manifest.json` as a fetch writes it: every file fetched at the reference time with status 200.
    private static func writeManifest(_ files: [GeneratedFile], countries: [String], options: GeneratorOptions) throws {
        let fetchedAt = UTCTime.format(seconds: options.referenceTime)
        var manifest = FeedManifest()
        let existing = (try? FeedManifest.load(feedsDirectory: options.output)) ?? nil
        if let existing {
            // Keep the other countries of an earlier partial generation.
            manifest.files = existing.files.filter { !countries.contains(String($0.key.prefix(2))) }
            manifest.countries = existing.countries.filter { !countries.contains($0.key) }
        }
        for file in files {
            let url = options.output.appendingPathComponent(file.path)
            let digest: [UInt8]
            do {
                digest = try Digest.sha256(fileAt: url)
            } catch {
                throw GeneratorError(file: url.path, reason: "cannot read back: \(error)")
            }
            manifest.files[file.path] = FeedManifest.FileEntry(
                url: file.url, fetchedAt: fetchedAt, status: 200, bytes: fileSize(url.path), sha256: Digest.hex(digest))
        }
        for country in countries {
            manifest.countries[country] = FeedManifest.CountryEntry(status: "ok", fetchedAt: fetchedAt)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let target = options.output.appendingPathComponent(FeedManifest.fileName)
        do {
            try encoder.encode(manifest).write(to: target)
        } catch {
            throw GeneratorError(file: target.path, reason: "cannot write the manifest: \(error)")
        }
    }
}

/// A price a format writer is about to write: millis and its feed time, seconds since 1970.
protocol GeneratedPrice {
    var price: Int { get set }
    var time: Int64 { get set }
}

/// Per-country helpers shared by the format writers: per-station random streams, quirk schedules, price changes.
struct GenerationContext: Sendable {
    let country: String
    let options: GeneratorOptions
    let times: PriceTimes
    let geography: CountryGeography

    init(country: any BenchCountry, options: GeneratorOptions) {
        self.country = country.country
        self.options = options
        times = PriceTimes(reference: options.referenceTime)
        geography = country.geography
    }

    /// The random stream of one station (and one purpose), independent of every other station.
    func rng(_ index: Int, _ purpose: String) -> SplitMix64 {
        SplitMix64(options.seed, SplitMix64.tag(country), UInt64(index), SplitMix64.tag(purpose))
    }

    /// Evenly spread records carrying a quirk at `rate`.
    func schedule(_ quirk: String, rate: Double) -> QuirkSchedule {
        QuirkSchedule(rate: rate, seed: options.seed, country: country, quirk: quirk)
    }

    /// True when a station's prices changed: evenly spread, so exactly that share of the stations (less the
    /// invalid ones, which are never changed), and never station 0, which carries the newest time.
    func isChanged(_ index: Int) -> Bool {
        if options.nestedChanges {
            var threshold = rng(index, "change threshold")
            return index > 0 && threshold.unit() < options.changedFraction
        }
        return options.changedFraction > 0 && schedule("changed prices", rate: options.changedFraction).hits(index)
    }

    /// Moves a changed station's prices and dates them as changed, only those of the last 30 days with
    /// `recentOnly`, and counts the station as changed.
    func change<Price: GeneratedPrice>(
        _ prices: inout [Price], of index: Int, recentOnly: Bool, _ summary: inout GeneratedCountry
    ) {
        var change = rng(index, "change")
        for position in prices.indices where !recentOnly || prices[position].time > times.reference - 30 * 86_400 {
            prices[position].price = moved(prices[position].price, &change)
            prices[position].time = times.changed(&change)
        }
        summary.changed += 1
    }

    /// A price moved by 0.5 to 4 cents up or down.
    func moved(_ millis: Int, _ rng: inout SplitMix64) -> Int {
        let delta = rng.int(in: 5...40)
        return rng.chance(0.5) || millis - delta < 400 ? millis + delta : millis - delta
    }

    /// A station's price for a fuel: the national base, the station's own level and a little per-fuel noise.
    func price(base: Int, level: Int, _ rng: inout SplitMix64) -> Int {
        max(base / 2, base + level + Int(rng.gaussian() * 12))
    }

    /// A station's price level against the national average, in millis.
    func level(_ rng: inout SplitMix64) -> Int { Int(rng.gaussian() * 45) }
}
