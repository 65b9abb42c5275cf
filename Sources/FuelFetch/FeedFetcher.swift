import Foundation
import FuelFeeds
import FuelFormat
import FuelHTTP

/// What to fetch, from where, and how politely.
public struct FetchOptions: Sendable {
    /// The feeds folder (`DIR/<CC>/…`, `DIR/manifest.json`).
    public var feedsDirectory: URL
    /// The adapter metadata folder (`adapters/<CC>/source.json`); nil reads the metadata built into the executables.
    public var adaptersDirectory: URL?
    /// Countries to fetch; nil: every country configured under the adapters folder that fetching supports.
    public var countries: [String]?
    /// `--endpoint CC=URL`: replaces the `url` of a country's fetch settings (wins over the environment).
    public var endpointOverrides: [String: String] = [:]
    /// The process environment, read for `FUEL_ENDPOINT_<CC>`.
    public var environment: [String: String] = [:]
    /// `--rate`: requests per second to each publisher, replacing `requestsPerSecond`.
    public var requestsPerSecond: Double?
    /// `--attempts`: attempts per request, replacing every country's `attempts`.
    public var attempts: Int?
    /// `--retry-delay`: seconds before the first retry, replacing every country's `retryBaseDelay`.
    public var retryBaseDelay: Double?
    /// Touch no network and write nothing: report what the feeds folder already holds.
    public var offline = false
    /// `--due`: fetch only the countries whose ``RefreshSchedule`` says they are due (never fetched, last fetch
    /// failed, or its time has come); the others keep their files and manifest entries untouched.
    public var onlyDue = false
    /// The clock for manifest times and for what is due (`fetch --now` replays a moment).
    public var now: @Sendable () -> Date = { Date() }

    public init(feedsDirectory: URL, adaptersDirectory: URL?, countries: [String]? = nil) {
        self.feedsDirectory = feedsDirectory
        self.adaptersDirectory = adaptersDirectory
        self.countries = countries
    }

    /// The endpoint override for a country: the flag, else `FUEL_ENDPOINT_<CC>`.
    public func endpointOverride(for country: String) -> String? {
        endpointOverrides[country] ?? environment["FUEL_ENDPOINT_\(country)"].flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// Fetches the national feeds into the feeds folder: all countries at once, each all-or-nothing.
///
/// A country's files are downloaded into hidden staging files, checked, and only renamed into `DIR/<CC>/` when the
/// whole set is good; on any failure the previous files stay byte-identical and the manifest marks the country
/// failed, so the build refuses it. The manifest is rewritten atomically after each country.
public struct FeedFetcher: Sendable {
    public var options: FetchOptions
    let client: any HTTPTransport

    public init(options: FetchOptions, client: any HTTPTransport = HTTPClient()) {
        self.options = options
        self.client = client
    }

    /// The countries this run covers, sorted.
    public var countries: [String] {
        let chosen =
            options.countries
            ?? CountryRegistry.configuredCountries(adaptersDirectory: options.adaptersDirectory)
        return Array(Set(chosen)).sorted()
    }

    /// Fetches every chosen country; never throws for a country's failure (see the report).
    /// - Throws: ``FetchError`` only when the existing manifest is unreadable or cannot be written.
    public func run(events: @escaping @Sendable (FetchEvent) -> Void = { _ in }) async throws -> FetchReport {
        let feeds = options.feedsDirectory
        let previous: FeedManifest?
        do { previous = try FeedManifest.load(feedsDirectory: feeds) } catch {
            throw FetchError(
                country: "-", file: feeds.appendingPathComponent(FeedManifest.fileName).path,
                reason: "the manifest is unreadable: \(ErrorText.describe(error))")
        }
        if options.offline {
            let report = offlineReport(previous)
            for result in report.results { events(.finished(result)) }
            return report
        }
        StagingLeftovers.remove(in: feeds, countries: countries)
        let store = ManifestStore(feedsDirectory: feeds, manifest: previous ?? FeedManifest())
        let budget = RequestBudget(feedsDirectory: feeds, now: options.now())
        let results = await withTaskGroup(of: CountryFetchResult.self) { group in
            for country in countries {
                group.addTask {
                    events(.started(country: country))
                    let result = await fetchCountry(
                        country, previous: previous, store: store, budget: budget, events: events)
                    events(.finished(result))
                    return result
                }
            }
            var results: [CountryFetchResult] = []
            for await result in group { results.append(result) }
            return results
        }
        try budget.save()
        try await store.flushError()
        return FetchReport(results: results)
    }

    private func fetchCountry(
        _ country: String, previous: FeedManifest?, store: ManifestStore, budget: RequestBudget,
        events: @escaping @Sendable (FetchEvent) -> Void
    ) async -> CountryFetchResult {
        let stopwatch = Stopwatch()
        let now = options.now()
        let fetchedAt = UTCTime.format(now)
        var downloader: FeedDownloader?
        // A last fetch dated further ahead than the clock tolerance is a bad clock's: the country is due at once, and
        // no minInterval counts from it, or it would be skipped (or refused) until that date.
        let lastFetch = previous?.countries[country].flatMap { UTCTime.parse($0.fetchedAt) }
            .map { Date(timeIntervalSince1970: TimeInterval($0)) }
        let fromTheFuture = lastFetch.map { $0.timeIntervalSince(now) > Self.clockTolerance } ?? false
        let warning = fromTheFuture ? lastFetch.map { Self.futureWarning(country, lastFetch: $0, now: now) } : nil
        do {
            let settings = try settings(for: country)
            if options.onlyDue, !fromTheFuture, let entry = previous?.countries[country], !entry.failed,
                let schedule = settings.refresh, let last = lastFetch, !schedule.isDue(lastFetch: last, now: now)
            {
                // Nothing is sent and nothing written: the files and manifest entry of the last fetch stay.
                let files = (previous?.files.keys.filter { $0.hasPrefix(country + "/") } ?? []).sorted()
                return CountryFetchResult(
                    country: country, files: files, seconds: stopwatch.seconds,
                    notDueUntil: schedule.nextDue(after: last))
            }
            if !fromTheFuture,
                let refusal = RequestBudget.tooSoon(
                    country, lastFetch: previous?.countries[country]?.fetchedAt, now: now,
                    minInterval: settings.minInterval, file: "\(country)/")
            {
                // Nothing was sent: the last fetch's files and manifest entries stay as they are.
                return CountryFetchResult(country: country, seconds: stopwatch.seconds, error: refusal)
            }
            let current = FeedDownloader(
                country: country, feedsDirectory: options.feedsDirectory, settings: settings, client: client,
                previous: previous, now: options.now, events: events,
                claim: { file throws(FetchError) in
                    try budget.claim(country, limit: settings.maxRequestsPerDay, file: file)
                })
            downloader = current
            do { try await settings.plan.fetch(current) } catch {
                current.discardAll()
                throw error
            }
            let staged = current.staged
            let files = try commit(staged, country: country, previous: previous)
            await store.succeeded(
                country: country, files: staged, fetchedAt: fetchedAt, slice: current.refreshedSlice)
            return CountryFetchResult(
                country: country, files: files, downloaded: staged.count { $0.staged != nil },
                reused: staged.count(where: \.reused), kept: staged.count(where: \.carried),
                bytes: current.bytesReceived, seconds: stopwatch.seconds, warning: warning)
        } catch {
            let failure =
                error as? FetchError
                ?? FetchError(country: country, file: "\(country)/", reason: String(describing: error))
            await store.failed(country: country, error: failure, fetchedAt: fetchedAt)
            return CountryFetchResult(
                country: country, bytes: downloader?.bytesReceived ?? 0, seconds: stopwatch.seconds, error: failure,
                warning: warning)
        }
    }

    /// How far ahead of the clock a last fetch may be dated before it counts as a bad clock's: the build's own
    /// tolerance for `builtAt` (10 minutes).
    public static let clockTolerance: TimeInterval = 600

    /// The warning for a last fetch dated in the future.
    static func futureWarning(_ country: String, lastFetch: Date, now: Date) -> String {
        "\(country)'s last fetch is dated \(UTCTime.format(lastFetch)), "
            + String(format: "%.1f h", lastFetch.timeIntervalSince(now) / 3600)
            + " ahead of this run's clock (\(UTCTime.format(now))): a bad clock's, so \(country) was fetched as due"
    }

    /// The country's fetch settings with the command-line overrides applied.
    func settings(for country: String) throws -> SourceSettings {
        let adapters = options.adaptersDirectory
        let sourceFile = CountryConfig.metadataFile(country: country, name: "source.json", adaptersDirectory: adapters)
        let config: CountryConfig
        do {
            config = try CountryConfig.load(country: country, adaptersDirectory: options.adaptersDirectory)
        } catch let error as FeedError {
            throw FetchError(country: country, file: error.file, reason: error.reason)
        } catch {
            throw FetchError(country: country, file: sourceFile.path, reason: String(describing: error))
        }
        var settings = try SourceSettings.parse(
            country: country, fetch: config.fetch, endpointOverride: options.endpointOverride(for: country),
            file: sourceFile.path,
            metadata: { CountryConfig.metadataFile(country: country, name: $0, adaptersDirectory: adapters) })
        if let rate = options.requestsPerSecond { settings.requestsPerSecond = rate }
        if let transport = config.fetch?.transport {
            settings.refresh = RefreshSchedule(transport, timeZone: TimeZone(identifier: config.timeZone) ?? .gmt)
        }
        if options.attempts != nil || options.retryBaseDelay != nil {
            settings.retry = RetryPolicy(
                maxAttempts: options.attempts ?? settings.retry.maxAttempts,
                baseDelay: options.retryBaseDelay ?? settings.retry.baseDelay, maxDelay: settings.retry.maxDelay,
                maxRetryAfter: settings.retry.maxRetryAfter)
        }
        return settings
    }

    /// Renames the staged files into place and removes files of the previous fetch that the new set lacks.
    private func commit(_ staged: [StagedFile], country: String, previous: FeedManifest?) throws -> [String] {
        let feeds = options.feedsDirectory
        for file in staged {
            guard let source = file.staged else { continue }
            let target = feeds.appendingPathComponent(file.relativePath)
            guard rename(source.path, target.path) == 0 else {
                let reason = ErrorText.system(errno)
                for other in staged { if let leftover = other.staged { removeQuietly(leftover) } }
                throw FetchError(country: country, file: file.relativePath, reason: "cannot move into place: \(reason)")
            }
        }
        let kept = Set(staged.map(\.relativePath))
        let stale = (previous?.files.keys ?? [:].keys).filter { $0.hasPrefix(country + "/") && !kept.contains($0) }
        for path in stale { removeQuietly(feeds.appendingPathComponent(path)) }
        return kept.sorted()
    }

    /// Offline: what each country's folder already holds; nothing is fetched or written.
    private func offlineReport(_ manifest: FeedManifest?) -> FetchReport {
        let results = countries.map { country -> CountryFetchResult in
            let folder = options.feedsDirectory.appendingPathComponent(country)
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { !$0.hasPrefix(".") }.sorted()
            if let entry = manifest?.countries[country], entry.failed {
                let reason = "offline, and the last fetch failed: \(entry.error ?? "no reason recorded")"
                return CountryFetchResult(
                    country: country, files: names.map { "\(country)/\($0)" },
                    error: FetchError(country: country, file: "\(country)/", reason: reason))
            }
            guard !names.isEmpty else {
                let reason = "offline, and \(folder.path) holds no feed files"
                return CountryFetchResult(
                    country: country, error: FetchError(country: country, file: "\(country)/", reason: reason))
            }
            return CountryFetchResult(country: country, files: names.map { "\(country)/\($0)" }, offline: true)
        }
        return FetchReport(results: results)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
