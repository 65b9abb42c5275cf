import Foundation
import FuelBuild
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
        /// Since when it is carried forward, and for how long; nil when fresh.
        public var carriedSince: Date?
        public var carriedHours: Double?
    }

    public var index: String
    public var builtAt: Date
    public var buildAgeHours: Double
    public var countries: [Country]
    /// Why the dataset is not healthy: the build too old, a country carried too long. Empty when healthy.
    public var problems: [String]

    /// Checks the index at `base` (`https://tiles.example.com` or a folder holding `<prefix>index.json`).
    /// - Parameters:
    ///   - maxAgeHours: the build may be at most this old.
    ///   - maxCarriedHours: a country may be carried forward for at most this long.
    /// - Throws: ``StatusError`` when the index cannot be fetched or read.
    public static func check(
        base: String, prefix: String = TileFormat.defaultPrefix, maxAgeHours: Double, maxCarriedHours: Double,
        now: Date = Date(), client: any HTTPTransport = HTTPClient()
    ) async throws -> PublishedStatus {
        let location = indexLocation(base: base, prefix: prefix)
        let bytes = try await read(location, client: client)
        let limit = Self.maxIndexBytes
        let index: (builtAt: Date, countries: [String: CountrySummary])
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
                index = (snapshot.builtAt, snapshot.countries)
            } else {
                let tiles = try JSONDecoder().decode(TileIndex.self, from: json)
                index = (tiles.builtAt, tiles.countries)
            }
        } catch let error as StatusError {
            throw error
        } catch {
            throw StatusError(
                message: "\(HTTPRedaction.url(location)): not a readable index: \(ErrorText.describe(error))")
        }
        func hours(since date: Date) -> Double { now.timeIntervalSince(date) / 3600 }
        let format = Self.format
        var problems: [String] = []
        let buildAge = hours(since: index.builtAt)
        if -buildAge * 3600 > Publisher.clockSkewAllowance {
            problems.append(
                "the build of \(UTCTime.format(index.builtAt)) lies \(format(-buildAge)) h in the future: a build "
                    + "from a machine with a wrong clock (the next honest upload replaces it)")
        }
        if buildAge > maxAgeHours {
            problems.append(
                "the build of \(UTCTime.format(index.builtAt)) is \(format(buildAge)) h old, over --max-age \(format(maxAgeHours)) h"
            )
        }
        let countries = index.countries.keys.sorted().compactMap { code -> Country? in
            guard let summary = index.countries[code] else { return nil }
            let carried = summary.carriedSince.map(hours(since:))
            if let carried, let since = summary.carriedSince, carried > maxCarriedHours {
                problems.append(
                    "\(code) has been carried forward since \(UTCTime.format(since)), \(format(carried)) h, over "
                        + "--max-carried \(format(maxCarriedHours)) h")
            }
            return Country(
                country: code, stations: summary.stations, updated: summary.updated,
                ageHours: hours(since: summary.updated), carriedSince: summary.carriedSince, carriedHours: carried)
        }
        return PublishedStatus(
            index: HTTPRedaction.url(location), builtAt: index.builtAt, buildAgeHours: buildAge, countries: countries,
            problems: problems)
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
            lines.append(line)
        }
        lines += problems.map { "problem: \($0)" }
        lines.append(problems.isEmpty ? "ok" : "STALE")
        return lines
    }

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

    private static func format(_ hours: Double) -> String { String(format: "%.1f", hours) }
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
