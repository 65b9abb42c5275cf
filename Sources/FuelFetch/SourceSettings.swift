import Foundation
import FuelFeeds
import FuelHTTP

/// How to fetch one country: the `"fetch"` object of `adapters/<CC>/source.json`, typed and checked when the
/// metadata was loaded (``FetchSettings``), with the command line's endpoint override and the defaults applied.
///
/// The transport keys every country reads (``TransportSettings``), as JSON types them:
/// - `url` (a string): the country's endpoint (what it is, the country's own settings say). Overridden by
///   `--endpoint CC=URL` or `FUEL_ENDPOINT_<CC>`.
/// - `connectTimeout`, `totalTimeout`, `stallTimeout` (numbers, seconds), `maxBytes` (a whole number, per country,
///   default 200 MB).
/// - `attempts` (a whole number), `retryBaseDelay`, `retryMaxDelay` (numbers, seconds): the retry policy.
/// - `requestsPerSecond` (a number): the pace of requests to the publisher (default 2; `--rate` overrides it).
/// - `headers` (an object of strings): request headers sent to this publisher with every request, by name (DGEG
///   answers 404 to some clients without `Referer` and `X-Requested-With`).
/// - `caFile` (a string): a PEM file beside `source.json` whose certificates are trusted, on top of the system's
///   store, for requests to the host of the plan's first endpoint only. Verification is never turned off.
/// - `maxRequestsPerDay` (a whole number) and `minInterval` (a number, seconds): the politeness budget, enforced by
///   ``RequestBudget``; none by default.
/// - `refreshMinutes` (a whole number) and `refreshAfter` (`HH:MM`, local): when the country is due again, for a run
///   that fetches only what is due (``RefreshSchedule``); without either, a country is always due.
///
/// Each country reads its own keys too, into its own type (``FeedCountry/OwnFetchSettings``, in its folder), which
/// makes its plan: for example PT `pageSize` (a whole number) and `fuelTypeIds` (a list of numbers), IT
/// `registryUrl` and `pricesUrl` (strings), AT `fuelTypes` (a list of strings) and `slices` (a whole number), ES
/// `checkUrl` (a string).
public struct SourceSettings: Sendable {
    /// What the country downloads, from where: its own typed settings.
    public var plan: any FeedFetchPlan
    public var connectTimeout: Double = 30
    public var totalTimeout: Double = 900
    public var stallTimeout: Double = 60
    public var maxBytes: Int = 200 * 1024 * 1024
    public var retry = RetryPolicy(maxAttempts: 4, baseDelay: 2, maxDelay: 60)
    public var requestsPerSecond: Double = 2
    /// Headers sent with every request to this publisher, sorted by name.
    public var headers: [HTTPHeader] = []
    /// PEM certificates from `caFile`, trusted for ``trustedHost`` only.
    public var extraCertificateAuthorities: [UInt8]?
    /// The host of the plan's first endpoint, the only one the extra certificates apply to.
    public var trustedHost: String?
    /// The most requests to this publisher in one UTC day; nil: no cap.
    public var maxRequestsPerDay: Int?
    /// The least seconds from one fetch of the country to the next; nil: none.
    public var minInterval: Double?
    /// When the country is due again after a fetch; nil: always.
    public var refresh: RefreshSchedule?

    public init(plan: any FeedFetchPlan) { self.plan = plan }

    /// The plan's main endpoint.
    public var url: String { plan.endpoints.first ?? "" }

    /// A GET of `url` to this publisher into `file`: the source's headers plus `extraHeaders`, its timeouts, gzip,
    /// and its extra certificates where they apply.
    public func request(
        _ url: String, extraHeaders: [HTTPHeader] = [], into file: URL, maxBytes: Int
    ) -> HTTPRequest {
        HTTPRequest(
            url: url, headers: headers + extraHeaders, responseFile: file, maxResponseBytes: maxBytes,
            connectTimeout: connectTimeout, totalTimeout: totalTimeout, stallTimeout: stallTimeout, acceptGzip: true,
            extraCertificateAuthorities: certificateAuthorities(for: url))
    }

    /// The extra certificates to trust for a request to `requestURL`: only when it goes to ``trustedHost``.
    public func certificateAuthorities(for requestURL: String) -> [UInt8]? {
        guard let extraCertificateAuthorities, let trustedHost,
            URLComponents(string: requestURL)?.host?.lowercased() == trustedHost
        else { return nil }
        return extraCertificateAuthorities
    }

    /// What is wrong with an endpoint, credentials redacted; nil for an http(s) URL with a host.
    public static func endpointProblem(_ url: String) -> String? {
        let lowered = url.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"),
            let host = URLComponents(string: url)?.host, !host.isEmpty
        else {
            return "endpoint \(HTTPRedaction.url(url)) is not an http(s) URL like https://example.org/feed"
        }
        return nil
    }

    /// The settings of a country, with the override and the defaults applied.
    /// - Parameters:
    ///   - fetch: the `"fetch"` object as ``CountryConfig/load(country:adaptersDirectory:)`` read it, nil when
    ///     `source.json` has none.
    ///   - endpointOverride: a URL from the command line or environment; replaces `url`.
    ///   - file: the `source.json` path, for error messages.
    ///   - metadata: reads a file beside `source.json` (the `caFile`); by default from the folder of `file`.
    /// - Throws: ``FetchError`` naming the file and what is missing or unusable.
    public static func parse(
        country: String, fetch: FetchSettings?, endpointOverride: String?, file: String,
        metadata: ((String) -> (bytes: Data?, path: String))? = nil
    ) throws -> SourceSettings {
        func fail(_ reason: String) -> FetchError { FetchError(country: country, file: file, reason: reason) }
        guard let feedCountry = CountryRegistry.country(country) else {
            throw fail("no fetcher for this country (supported: \(CountryRegistry.codes.joined(separator: ", ")))")
        }
        if fetch == nil && endpointOverride == nil {
            throw fail("has no \"fetch\" object, so there is no endpoint to fetch (or pass --endpoint \(country)=URL)")
        }
        if let endpointOverride, let problem = endpointProblem(endpointOverride) {
            // The override, not source.json, is what is wrong: name where it came from.
            throw FetchError(
                country: country, file: "--endpoint \(country)=URL (or FUEL_ENDPOINT_\(country))", reason: problem)
        }
        let fetch = fetch ?? FetchSettings(own: feedCountry.defaultFetchSettings)
        let transport = fetch.transport
        let source = FetchSource(url: endpointOverride ?? transport.url, urlOverridden: endpointOverride != nil)
        let plan: any FeedFetchPlan
        do { plan = try fetch.own.plan(source) } catch { throw fail(error.reason) }
        for candidate in plan.endpoints {
            if let problem = endpointProblem(candidate) { throw fail(problem) }
        }
        var settings = SourceSettings(plan: plan)
        settings.connectTimeout = transport.connectTimeout ?? settings.connectTimeout
        settings.totalTimeout = transport.totalTimeout ?? settings.totalTimeout
        settings.stallTimeout = transport.stallTimeout ?? settings.stallTimeout
        settings.maxBytes = transport.maxBytes ?? settings.maxBytes
        settings.requestsPerSecond = transport.requestsPerSecond ?? settings.requestsPerSecond
        settings.retry = RetryPolicy(
            maxAttempts: transport.attempts ?? settings.retry.maxAttempts,
            baseDelay: transport.retryBaseDelay ?? settings.retry.baseDelay,
            maxDelay: transport.retryMaxDelay ?? settings.retry.maxDelay)
        settings.maxRequestsPerDay = transport.maxRequestsPerDay
        settings.minInterval = transport.minInterval
        settings.headers = (transport.headers ?? [:]).sorted { $0.key < $1.key }.map { HTTPHeader($0.key, $0.value) }
        if let caFile = transport.caFile {
            let beside = { (name: String) -> (bytes: Data?, path: String) in
                let path = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(name).path
                return (FileManager.default.contents(atPath: path), path)
            }
            let (bytes, path) = (metadata ?? beside)(caFile)
            guard !caFile.contains("/"), let data = bytes else {
                throw fail("fetch setting \"caFile\": cannot read \(path) (a PEM file beside source.json)")
            }
            guard String(decoding: data, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") else {
                throw fail("fetch setting \"caFile\": \(path) holds no PEM certificate")
            }
            settings.extraCertificateAuthorities = [UInt8](data)
            settings.trustedHost = URLComponents(string: settings.url)?.host?.lowercased()
        }
        return settings
    }
}
