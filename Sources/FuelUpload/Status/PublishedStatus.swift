import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP

/// How old a published dataset is, read from its `index.json` over HTTP(S) or from a folder: what
/// `fuel-publish status` prints and what any outside monitor can check.
public struct PublishedStatus: Sendable, Equatable {
    /// One country's line.
    public struct Country: Sendable, Equatable {
        public var country: String
        public var stations: Int
        /// The feed's own time, and its age at the check.
        public var updated: Date
        public var ageHours: Double
        /// The most its feed time may be behind the check; nil when no limit applies.
        public var feedAgeLimit: FeedAgeLimit?
        /// Since when it is carried forward, and for how long; nil when fresh.
        public var carriedSince: Date?
        public var carriedHours: Double?

        /// True when its feed time is older than its limit.
        public var feedTooOld: Bool { feedAgeLimit.map { ageHours > $0.hours } ?? false }
    }

    /// How old a country's feed time may be at the check, and what set the limit (named in the problem).
    public struct FeedAgeLimit: Sendable, Equatable {
        public var hours: Double
        /// `maxFeedAgeHours in adapters/ES/source.json`, or `--max-feed-age`.
        public var setBy: String

        public init(hours: Double, setBy: String) {
            self.hours = hours
            self.setBy = setBy
        }
    }

    /// One reason the dataset is not healthy; `status --json` writes it as it is: `{"kind":…,"country":…,
    /// "sentence":…}`, `country` only when there is one.
    public struct Problem: Sendable, Equatable, Encodable {
        /// What kind of problem: a stable code for monitors (`--json`).
        public enum Kind: String, Sendable, CaseIterable, Encodable {
            case buildInFuture = "build-in-future"
            case buildTooOld = "build-too-old"
            case carriedTooLong = "carried-too-long"
            case feedTooOld = "feed-too-old"
        }

        public var kind: Kind
        /// The country it is about; nil for the build as a whole.
        public var country: String?
        public var sentence: String
    }

    public var index: String
    /// When the ages were judged: now, or `--now`.
    public var checkedAt: Date
    public var builtAt: Date
    public var buildAgeHours: Double
    /// The limits the ages were judged against: `--max-age` and `--max-carried`.
    public var maxAgeHours: Double
    public var maxCarriedHours: Double
    public var countries: [Country]
    /// Why the dataset is not healthy: the build too old or from the future, a country carried too long or its feed
    /// time too old. Empty when healthy.
    public var problems: [Problem]

    /// Checks the index at `base` (`https://tiles.example.com` or a folder holding `<prefix>index.json`).
    /// - Parameters:
    ///   - maxAgeHours: the build may be at most this old.
    ///   - maxCarriedHours: a country may be carried forward for at most this long.
    ///   - feedAgeLimits: how old each country's feed time may be, by code; a country without one is not judged.
    /// - Throws: ``StatusError`` when the index cannot be fetched or read.
    public static func check(
        base: String, prefix: String = TileFormat.defaultPrefix, maxAgeHours: Double, maxCarriedHours: Double,
        feedAgeLimits: [String: FeedAgeLimit] = [:], now: Date = Date(), client: any HTTPTransport = HTTPClient()
    ) async throws -> PublishedStatus {
        let location = indexLocation(base: base, prefix: prefix)
        let index = try decodeIndex(try await read(location, client: client), location: location)
        func hours(since date: Date) -> Double { now.timeIntervalSince(date) / 3600 }
        let countries = index.countries.keys.sorted().compactMap { code -> Country? in
            guard let summary = index.countries[code] else { return nil }
            return Country(
                country: code, stations: summary.stations, updated: summary.updated,
                ageHours: hours(since: summary.updated), feedAgeLimit: feedAgeLimits[code],
                carriedSince: summary.carriedSince, carriedHours: summary.carriedSince.map(hours(since:)))
        }
        var status = PublishedStatus(
            index: HTTPRedaction.url(location), checkedAt: now, builtAt: index.builtAt,
            buildAgeHours: hours(since: index.builtAt), maxAgeHours: maxAgeHours, maxCarriedHours: maxCarriedHours,
            countries: countries, problems: [])
        status.problems = status.judge()
        return status
    }

    /// Every problem of the ages against the limits, the build's first, then each country's in code order.
    private func judge() -> [Problem] {
        let format = Self.format
        var problems: [Problem] = []
        if -buildAgeHours * 3600 > Publisher.clockSkewAllowance {
            problems.append(
                Problem(
                    kind: .buildInFuture,
                    sentence: "the build of \(UTCTime.format(builtAt)) lies \(format(-buildAgeHours)) h in the "
                        + "future: a build from a machine with a wrong clock (the next honest upload replaces it)"))
        }
        if buildAgeHours > maxAgeHours {
            problems.append(
                Problem(
                    kind: .buildTooOld,
                    sentence: "the build of \(UTCTime.format(builtAt)) is \(format(buildAgeHours)) h old, over "
                        + "--max-age \(format(maxAgeHours)) h"))
        }
        for country in countries {
            if let since = country.carriedSince, let carried = country.carriedHours, carried > maxCarriedHours {
                problems.append(
                    Problem(
                        kind: .carriedTooLong, country: country.country,
                        sentence: "\(country.country) has been carried forward since \(UTCTime.format(since)), "
                            + "\(format(carried)) h, over --max-carried \(format(maxCarriedHours)) h"))
            }
            if let limit = country.feedAgeLimit, country.feedTooOld {
                problems.append(
                    Problem(
                        kind: .feedTooOld, country: country.country,
                        sentence: "\(country.country)'s feed time \(UTCTime.format(country.updated)) is "
                            + "\(format(country.ageHours)) h old, over \(format(limit.hours)) h (\(limit.setBy)): "
                            + "no published price of it is newer; check the feed and the publish job's fetch"))
            }
        }
        return problems
    }

    /// The build time and countries of an index in either format, as sent (gzipped or not).
    /// - Throws: ``StatusError`` naming `location` when it does not inflate within the cap or does not decode.
    private static func decodeIndex(
        _ bytes: [UInt8], location: String
    ) throws -> (builtAt: Date, countries: [String: CountrySummary]) {
        let limit = Self.maxIndexBytes
        do {
            let json: Data
            do {
                json = Data(bytes.starts(with: [0x1F, 0x8B]) ? try Gzip.decompress(bytes, limit: limit) : bytes)
            } catch {
                throw StatusError(
                    message: "\(HTTPRedaction.url(location)): not a readable index: it does not inflate within "
                        + "\(ByteCount.format(limit)), far above any real index; stopped there (\(ErrorText.describe(error)))"
                )
            }
            // Format 2's index (under `fuel/v2/`) says the same of the build's age and countries.
            let version = try JSONDecoder().decode(VersionProbe.self, from: json).version ?? TileFormat.version
            if version == Format2.version {
                let snapshot = try JSONDecoder().decode(Format2Index.self, from: json)
                return (snapshot.builtAt, snapshot.countries)
            }
            let tiles = try JSONDecoder().decode(TileIndex.self, from: json)
            return (tiles.builtAt, tiles.countries)
        } catch let error as StatusError {
            throw error
        } catch {
            throw StatusError(
                message: "\(HTTPRedaction.url(location)): not a readable index: \(ErrorText.describe(error))")
        }
    }

    /// Where the index of `prefix` under `base` is: `<base>/<prefix>index.json`, a URL or a path.
    public static func indexLocation(base: String, prefix: String = TileFormat.defaultPrefix) -> String {
        base.hasSuffix("/") ? base + prefix + TileFormat.indexPath : base + "/" + prefix + TileFormat.indexPath
    }

    /// The printed report: the build, one line per country, then each problem.
    public var lines: [String] {
        var lines = ["\(index): built \(UTCTime.format(builtAt)), \(Self.format(buildAgeHours)) h ago"]
        for country in countries {
            var line =
                "  \(country.country): \(country.stations) stations, feed time \(UTCTime.format(country.updated)) "
                + "(\(Self.format(country.ageHours)) h old)"
            if let since = country.carriedSince, let hours = country.carriedHours {
                line += ", CARRIED since \(UTCTime.format(since)) (\(Self.format(hours)) h)"
            }
            if let limit = country.feedAgeLimit, country.feedTooOld {
                line += ", feed time OLD (over \(Self.format(limit.hours)) h)"
            }
            lines.append(line)
        }
        lines += problems.map { "problem: \($0.sentence)" }
        lines.append(verdict)
        return lines
    }

    /// The last line of the report: `ok`, or `STALE` when there is a problem.
    public var verdict: String { problems.isEmpty ? "ok" : "STALE" }

    /// The most an index may take, as sent and inflated: the client's kind of cap, far above any real index.
    public static let maxIndexBytes = 16 << 20

    private static func read(_ location: String, client: any HTTPTransport) async throws -> [UInt8] {
        guard location.hasPrefix("http://") || location.hasPrefix("https://") else {
            guard let file = FileHandle(forReadingAtPath: location) else {
                throw StatusError(message: "\(location): no such file")
            }
            defer { try? file.close() }
            let data = (try? file.read(upToCount: maxIndexBytes + 1)) ?? Data()
            guard data.count <= maxIndexBytes else {
                throw StatusError(
                    message: "\(location): over \(ByteCount.format(maxIndexBytes)), far above any real index; not read")
            }
            return [UInt8](data)
        }
        do {
            let response = try await client.send(
                HTTPRequest(
                    url: location, headers: [HTTPHeader("Cache-Control", "no-cache")], maxResponseBytes: maxIndexBytes,
                    connectTimeout: 15, totalTimeout: 60, stallTimeout: 30, acceptGzip: true))
            try response.requireSuccess()
            return response.body
        } catch {
            throw StatusError(message: "cannot fetch the published index: \(error)")
        }
    }

    static func format(_ hours: Double) -> String { String(format: "%.1f", hours) }
}

/// Why the published status could not be read.
public struct StatusError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// The `"version"` of an index, read before choosing its type.
private struct VersionProbe: Decodable {
    var version: Int?
}
