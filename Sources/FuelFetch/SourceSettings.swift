import Foundation
import FuelFeeds
import FuelHTTP

/// How to fetch one country: the `"fetch"` object of `adapters/<CC>/source.json`, checked and with defaults.
///
/// The transport keys every country reads (all values are strings, as `CountryConfig.fetch` holds them):
/// - `url`: the country's endpoint (what it is, the country's ``FeedCountry/fetchPlan(_:)`` says). Overridden by
///   `--endpoint CC=URL` or `FUEL_ENDPOINT_<CC>`.
/// - `connectTimeout`, `totalTimeout`, `stallTimeout` (seconds), `maxBytes` (per country, default 200 MB).
/// - `attempts`, `retryBaseDelay`, `retryMaxDelay` (seconds): the retry policy.
/// - `requestsPerSecond`: the pace of requests to the publisher (default 2; `--rate` overrides it).
/// - `header.<Name>`: a request header sent to this publisher with every request (DGEG answers 404 to some
///   clients without `Referer` and `X-Requested-With`).
/// - `caFile`: a PEM file beside `source.json` whose certificates are trusted, on top of the system's store, for
///   requests to the host of the plan's first endpoint only. Verification is never turned off.
///
/// Each country reads its own keys too (``FeedCountry/fetchSettingKeys``) into its typed plan, for example PT
/// `pageSize` and `fuelTypeIds`, IT `registryFile`, `pricesFile`, `registryUrl`, `pricesUrl`, AT `fuelTypes`, ES
/// `checkUrl`.
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

    /// The keys every country reads.
    static let transportKeys: Set<String> = [
        "url", "connectTimeout", "totalTimeout", "stallTimeout", "maxBytes", "attempts", "retryBaseDelay",
        "retryMaxDelay", "requestsPerSecond", "caFile",
    ]

    /// The prefix of a header setting: `header.Referer`.
    static let headerPrefix = "header."

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

    /// Reads the settings of a country.
    /// - Parameters:
    ///   - fetch: the `"fetch"` object, nil when `source.json` has none.
    ///   - endpointOverride: a URL from the command line or environment; replaces `url`.
    ///   - file: the `source.json` path, for error messages.
    ///   - metadata: reads a file beside `source.json` (the `caFile`); by default from the folder of `file`.
    /// - Throws: ``FetchError`` naming the file and the key that is missing, unknown or malformed.
    public static func parse(
        country: String, fetch: [String: String]?, endpointOverride: String?, file: String,
        metadata: ((String) -> (bytes: Data?, path: String))? = nil
    ) throws -> SourceSettings {
        let object = fetch ?? [:]
        func fail(_ reason: String) -> FetchError { FetchError(country: country, file: file, reason: reason) }
        guard let feedCountry = CountryRegistry.country(country) else {
            throw fail("no fetcher for this country (supported: \(CountryRegistry.codes.joined(separator: ", ")))")
        }
        let knownKeys = transportKeys.union(feedCountry.fetchSettingKeys)
        if let unknown = object.keys.sorted().first(where: { !knownKeys.contains($0) && !$0.hasPrefix(headerPrefix) }) {
            throw fail("unknown fetch setting \"\(unknown)\" (known: \(knownKeys.sorted().joined(separator: ", ")))")
        }
        if fetch == nil && endpointOverride == nil {
            throw fail("has no \"fetch\" object, so there is no endpoint to fetch (or pass --endpoint \(country)=URL)")
        }
        if let endpointOverride, let problem = endpointProblem(endpointOverride) {
            // The override, not source.json, is what is wrong: name where it came from.
            throw FetchError(
                country: country, file: "--endpoint \(country)=URL (or FUEL_ENDPOINT_\(country))", reason: problem)
        }
        let source = FetchSource(
            url: endpointOverride ?? object["url"], urlOverridden: endpointOverride != nil, settings: object)
        let plan: any FeedFetchPlan
        do { plan = try feedCountry.fetchPlan(source) } catch { throw fail(error.reason) }
        for candidate in plan.endpoints {
            if let problem = endpointProblem(candidate) { throw fail(problem) }
        }
        var settings = SourceSettings(plan: plan)
        func number(_ key: String, _ range: ClosedRange<Double>) throws -> Double? {
            do { return try source.number(key, in: range) } catch { throw fail(error.reason) }
        }
        settings.connectTimeout = try number("connectTimeout", 0.1...600) ?? settings.connectTimeout
        settings.totalTimeout = try number("totalTimeout", 0.1...86_400) ?? settings.totalTimeout
        settings.stallTimeout = try number("stallTimeout", 1...3600) ?? settings.stallTimeout
        settings.maxBytes = try number("maxBytes", 1...1e12).map { Int($0) } ?? settings.maxBytes
        settings.requestsPerSecond = try number("requestsPerSecond", 0...1000) ?? settings.requestsPerSecond
        let attempts = try number("attempts", 1...20).map { Int($0) } ?? settings.retry.maxAttempts
        let base = try number("retryBaseDelay", 0...600) ?? settings.retry.baseDelay
        let maxDelay = try number("retryMaxDelay", 0...3600) ?? settings.retry.maxDelay
        settings.retry = RetryPolicy(maxAttempts: attempts, baseDelay: base, maxDelay: maxDelay)
        for key in object.keys.sorted() where key.hasPrefix(headerPrefix) {
            let name = String(key.dropFirst(headerPrefix.count))
            let value = object[key] ?? ""
            let token = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_"))
            guard !name.isEmpty, name.unicodeScalars.allSatisfy(token.contains),
                !value.contains(where: { $0.isNewline || $0 == "\0" })
            else { throw fail("fetch setting \"\(key)\" is not a usable header") }
            settings.headers.append(HTTPHeader(name, value))
        }
        if let caFile = object["caFile"] {
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
