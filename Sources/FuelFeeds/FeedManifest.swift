import Foundation
import FuelCodecs
import FuelFormat

/// `DIR/manifest.json`, written by fetching: what was downloaded, when, and whether each country's fetch succeeded.
///
/// The build reads it to refuse a country whose last fetch failed, and the AT adapter reads fetch times from it,
/// because the E-Control responses carry no price time of their own.
public struct FeedManifest: Sendable, Codable, Equatable {
    /// The outcome of a country's last fetch.
    public struct CountryEntry: Sendable, Codable, Equatable {
        /// `"ok"` or `"failed"`.
        public var status: String
        public var fetchedAt: String
        /// Why it failed, when it did.
        public var error: String?
        /// For a country fetched in slices (AT's `slices`): the slice, `0..<slices`, that its last successful fetch
        /// refreshed; the next fetch refreshes the one after it. A failed fetch leaves both as they were. Nil for a
        /// country fetched whole.
        public var slice: Int?
        /// How many slices ``slice`` counts in.
        public var slices: Int?

        public init(status: String, fetchedAt: String, error: String? = nil, slice: Int? = nil, slices: Int? = nil) {
            self.status = status
            self.fetchedAt = fetchedAt
            self.error = error
            self.slice = slice
            self.slices = slices
        }

        /// The slice of `count` the next fetch refreshes: the one after ``slice``, wrapping to 0, else 0.
        public func nextSlice(of count: Int) -> Int {
            guard let slice, count > 1 else { return 0 }
            return (slice + 1) % count
        }

        public var failed: Bool { status != "ok" }
    }

    public var version: Int
    /// Keyed by the path relative to `DIR`, for example `"AT/by-region-PB-101-DIE.json"`.
    public var files: [String: FileEntry]
    /// Keyed by country code.
    public var countries: [String: CountryEntry]

    public init(files: [String: FileEntry] = [:], countries: [String: CountryEntry] = [:]) {
        version = 1
        self.files = files
        self.countries = countries
    }

    /// The manifest's file name inside the feeds folder.
    public static let fileName = "manifest.json"

    /// Loads `DIR/manifest.json`; nil when there is none (hand-placed feeds, samples).
    /// - Throws: when the file exists but is malformed.
    public static func load(feedsDirectory: URL) throws -> FeedManifest? {
        let file = feedsDirectory.appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        return try JSONDecoder().decode(FeedManifest.self, from: data)
    }

    /// Since when every file of `country`'s last fetch has been byte-identical, from the files' ``FileEntry/unchangedSince``: the
    /// latest of those times, as the newest change in any file. Nil when the country has no files in the manifest
    /// or any of them lacks the time.
    public func unchangedSince(country: String) -> String? {
        let entries = files.filter { $0.key.hasPrefix(country + "/") }.values
        guard !entries.isEmpty else { return nil }
        var latest: (seconds: Int64, text: String)?
        for entry in entries {
            guard let text = entry.unchangedSince, let seconds = UTCTime.parse(text) else { return nil }
            if latest.map({ seconds > $0.seconds }) ?? true { latest = (seconds, text) }
        }
        return latest?.text
    }

    /// The entry of a file, given its URL inside `DIR`.
    public func entry(for file: URL) -> FileEntry? {
        let parts = file.standardizedFileURL.pathComponents
        guard parts.count >= 2 else { return nil }
        return files[parts[parts.count - 2] + "/" + parts[parts.count - 1]]
    }
}
