import Foundation
import FuelCodecs
import FuelFormat

/// Turns one country's raw feed files into station facts.
///
/// An adapter parses and normalises (ids, canonical fuels, UTC times, brands through the alias table); it does not
/// validate coordinates, price bands or ages: the publisher's shared validation step does that for every country.
public protocol FeedAdapter: Sendable {
    /// ISO 3166-1 alpha-2 code, for example `"ES"`.
    var country: String { get }

    /// Parses every feed file of the country.
    /// - Throws: ``FeedError`` naming the country, the file and, where it applies, the line or record.
    func parse(_ input: FeedInput) throws -> FeedParseResult

    /// What a price's `updated` says for this country: the feed's own time (the default), or, for a feed that
    /// publishes none, when this publisher first saw the price.
    var priceTimes: PriceTimes { get }
}

/// What a country's `updated` times mean.
public enum PriceTimes: Sendable, Equatable {
    /// The feed's own time for each price (a document time or a time per price).
    case feed
    /// The feed has no price time: the adapter stamps each price with its fetch time, and the build keeps the
    /// previous build's `updated` for a price it published unchanged (same station, fuel, unit, service, label and
    /// value), so `updated` is when this publisher first saw the station at that price.
    case firstSeen
}

extension FeedAdapter {
    /// The feed's own times, unless the adapter says otherwise.
    public var priceTimes: PriceTimes { .feed }
}

/// What an adapter gets: where the country's files are and how the country is configured.
public struct FeedInput: Sendable {
    /// `DIR/<CC>`.
    public var folder: URL
    /// The country's metadata from `adapters/<CC>/`.
    public var config: CountryConfig
    /// The fetch manifest of `DIR`, when fetching wrote one.
    public var manifest: FeedManifest?

    public init(folder: URL, config: CountryConfig, manifest: FeedManifest? = nil) {
        self.folder = folder
        self.config = config
        self.manifest = manifest
    }

    /// The country code.
    public var country: String { config.country }

    /// The feed files in the folder with one of the extensions, sorted by name, skipping hidden files and
    /// metadata (names that start with `_` or `.`).
    /// - Throws: ``FeedError`` when the folder is missing or holds no such file.
    public func files(withExtensions extensions: Set<String>) throws -> [URL] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw FeedError(country: country, file: folder.path, reason: "the feed folder is missing or unreadable")
        }
        let files = names.sorted()
            .filter { !$0.hasPrefix("_") && !$0.hasPrefix(".") }
            .filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .map { folder.appendingPathComponent($0) }
        guard !files.isEmpty else {
            let list = extensions.sorted().map { "*.\($0)" }.joined(separator: " or ")
            throw FeedError(country: country, file: folder.path, reason: "no feed file (\(list)) in the folder")
        }
        return files
    }

    /// A clock for the country's time zone.
    /// - Throws: ``FeedError`` naming the metadata file when the zone is unknown.
    public func localClock() throws -> LocalClock {
        guard let clock = LocalClock(zoneIdentifier: config.timeZone) else {
            throw FeedError(
                country: country, file: "adapters/\(country)/source.json",
                reason: "unknown time zone \(config.timeZone)")
        }
        return clock
    }

    /// Reads a whole file.
    /// - Throws: ``FeedError`` when it cannot be read or is empty.
    public func read(_ file: URL) throws -> [UInt8] {
        guard let bytes = FileBytes.contents(of: file.path) else {
            throw FeedError(country: country, file: file.path, reason: "cannot read the file")
        }
        guard !bytes.isEmpty else { throw FeedError(country: country, file: file.path, reason: "the file is empty") }
        return bytes
    }
}

/// What an adapter found: stations before validation, plus counts for the build report.
public struct FeedParseResult: Sendable {
    /// Parsed stations, ids prefixed with the country, brands normalised, prices in canonical order.
    public var stations: [Station]
    /// The feed's own reference time: the document time, or the newest price time where there is none.
    /// Price ages are measured against it, never against the wall clock.
    public var referenceTime: Date
    /// Records read: stations, rows or objects, as the format counts them.
    public var records: Int
    /// What the adapter dropped (scopes ``Reason/Scope/station`` and ``Reason/Scope/price``) or counted
    /// (``Reason/Scope/counter``), by reason.
    public var reasons: ReasonTally
    /// Remarks for the report, for example that file times stood in for missing fetch times.
    public var notes: [String]

    public init(
        stations: [Station],
        referenceTime: Date,
        records: Int,
        reasons: ReasonTally = [:],
        notes: [String] = []
    ) {
        self.stations = stations
        self.referenceTime = referenceTime
        self.records = records
        self.reasons = reasons
        self.notes = notes
    }

    /// Records the adapter had to drop, by reason (for example ``Reason/emptyCoordinates``).
    public var rejects: ReasonTally { reasons.rejects }
    /// Things worth knowing that dropped no station, by reason (for example ``Reason/unknownPriceKey(key:)``).
    public var counters: ReasonTally { reasons.counters }
}

/// A feed that cannot be used. The build refuses to publish when any configured country throws one.
public struct FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    public var country: String
    /// The file's path.
    public var file: String
    /// Where in the file, for example `"line 12"` or `"record 3 (IDEESS 1736)"`; nil for the whole file.
    public var location: String?
    /// What is wrong, in words a user can act on.
    public var reason: String

    public init(country: String, file: String, location: String? = nil, reason: String) {
        self.country = country
        self.file = file
        self.location = location
        self.reason = reason
    }

    public var description: String {
        var text = "\(country): \(file)"
        if let location { text += ", \(location)" }
        return text + ": \(reason)"
    }
}
