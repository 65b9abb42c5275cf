import Foundation
import FuelFeeds
import FuelHTTP

/// How to fetch one country: the `"fetch"` object of `adapters/<CC>/source.json`, checked and with defaults.
///
/// Keys (all values are strings, as `CountryConfig.fetch` holds them):
/// - `url`: ES the document, FR the instantané ZIP, IT the folder holding both CSV files, PT the
///   `PesquisarPostos` endpoint, AT the API base (`…/sprit/1.0`). Overridden by `--endpoint CC=URL` or
///   `FUEL_ENDPOINT_<CC>` (for IT: the folder of both files).
/// - IT may give the two files' URLs instead: `registryUrl` and `pricesUrl`.
/// - `connectTimeout`, `totalTimeout`, `stallTimeout` (seconds), `maxBytes` (per file, default 200 MB).
/// - `attempts`, `retryBaseDelay`, `retryMaxDelay` (seconds): the retry policy.
/// - `requestsPerSecond`: the pace of requests to the publisher (default 2; `--rate` overrides it).
/// - `header.<Name>`: a request header sent to this publisher with every request (DGEG answers 404 to some
///   clients without `Referer` and `X-Requested-With`).
/// - `checkUrl`: the light request of `fetch --check` where `url` is not light (ES: one small province).
/// - `caFile`: a PEM file beside `source.json` whose certificates are trusted, on top of the system's store, for
///   requests to the host of `url` only. Verification is never turned off.
/// - PT: `pageSize` (records per page, default 20000: the whole country in one page), `fuelTypeIds` (the
///   `idsTiposComb` filter, comma-separated). IT: `registryFile`, `pricesFile`. AT: `fuelTypes` (default
///   `DIE,SUP,GAS`).
public struct SourceSettings: Sendable, Equatable {
    public var url: String
    public var connectTimeout: Double = 30
    public var totalTimeout: Double = 900
    public var stallTimeout: Double = 60
    public var maxBytes: Int = 200 * 1024 * 1024
    public var retry = RetryPolicy(maxAttempts: 4, baseDelay: 2, maxDelay: 60)
    public var requestsPerSecond: Double = 2
    public var pageSize: Int = 20_000
    /// PT: the `idsTiposComb` ids asked for; empty sends no filter.
    public var fuelTypeIDs: [String] = []
    /// Headers sent with every request to this publisher, sorted by name.
    public var headers: [HTTPHeader] = []
    /// PEM certificates from `caFile`, trusted for ``trustedHost`` only.
    public var extraCertificateAuthorities: [UInt8]?
    /// The host of `url`, the only one the extra certificates apply to.
    public var trustedHost: String?
    /// What `fetch --check` asks for instead of `url` (ES: its smallest filtered query).
    public var checkURL: String?
    public var registryFile = "anagrafica_impianti_attivi.csv"
    public var pricesFile = "prezzo_alle_8.csv"
    public var fuelTypes = ["DIE", "SUP", "GAS"]
    /// IT: the full URLs of the two files, when the settings give them instead of a folder (and nothing overrides).
    public var registryURL: String?
    public var pricesURL: String?

    public init(url: String) { self.url = url }

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

    /// PT: the `PesquisarPostos` URL of one page, with the fuel-type filter when there is one.
    public func portugalPage(_ page: Int, size: Int) -> String {
        let separator = url.contains("?") ? "&" : "?"
        let filter = fuelTypeIDs.isEmpty ? "" : "idsTiposComb=\(fuelTypeIDs.joined(separator: ","))&"
        return "\(url)\(separator)\(filter)qtdPorPagina=\(size)&pagina=\(page)"
    }

    private static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static let knownKeys: Set<String> = [
        "url", "connectTimeout", "totalTimeout", "stallTimeout", "maxBytes", "attempts", "retryBaseDelay",
        "retryMaxDelay", "requestsPerSecond", "pageSize", "registryFile", "pricesFile", "fuelTypes", "registryUrl",
        "pricesUrl", "caFile", "fuelTypeIds", "checkUrl",
    ]

    /// The prefix of a header setting: `header.Referer`.
    static let headerPrefix = "header."

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
        if let unknown = object.keys.sorted().first(where: { !knownKeys.contains($0) && !$0.hasPrefix(headerPrefix) }) {
            throw fail("unknown fetch setting \"\(unknown)\" (known: \(knownKeys.sorted().joined(separator: ", ")))")
        }
        let fileURLs = endpointOverride == nil ? [object["registryUrl"], object["pricesUrl"]].compactMap { $0 } : []
        if !fileURLs.isEmpty && fileURLs.count != 2 {
            throw fail("the \"fetch\" object needs both \"registryUrl\" and \"pricesUrl\", or a \"url\" folder")
        }
        guard let url = endpointOverride ?? object["url"] ?? fileURLs.first, !url.isEmpty else {
            throw fail(
                fetch == nil
                    ? "has no \"fetch\" object, so there is no endpoint to fetch (or pass --endpoint \(country)=URL)"
                    : "the \"fetch\" object has no \"url\"")
        }
        for candidate in [url] + fileURLs where !(candidate.hasPrefix("https://") || candidate.hasPrefix("http://")) {
            throw fail("endpoint \(HTTPRedaction.url(candidate)) is not an http(s) URL")
        }
        var settings = SourceSettings(url: url)
        if fileURLs.count == 2 {
            settings.registryURL = fileURLs[0]
            settings.pricesURL = fileURLs[1]
        }
        func number(_ key: String, _ range: ClosedRange<Double>) throws -> Double? {
            guard let text = object[key] else { return nil }
            guard let value = Double(text), range.contains(value) else {
                throw fail(
                    "fetch setting \"\(key)\" must be a number in \(range.lowerBound)…\(range.upperBound), got \"\(text)\""
                )
            }
            return value
        }
        settings.connectTimeout = try number("connectTimeout", 0.1...600) ?? settings.connectTimeout
        settings.totalTimeout = try number("totalTimeout", 0.1...86_400) ?? settings.totalTimeout
        settings.stallTimeout = try number("stallTimeout", 1...3600) ?? settings.stallTimeout
        settings.maxBytes = try number("maxBytes", 1...1e12).map { Int($0) } ?? settings.maxBytes
        settings.requestsPerSecond = try number("requestsPerSecond", 0...1000) ?? settings.requestsPerSecond
        settings.pageSize = try number("pageSize", 1...10_000_000).map { Int($0) } ?? settings.pageSize
        let attempts = try number("attempts", 1...20).map { Int($0) } ?? settings.retry.maxAttempts
        let base = try number("retryBaseDelay", 0...600) ?? settings.retry.baseDelay
        let maxDelay = try number("retryMaxDelay", 0...3600) ?? settings.retry.maxDelay
        settings.retry = RetryPolicy(maxAttempts: attempts, baseDelay: base, maxDelay: maxDelay)
        settings.checkURL = endpointOverride == nil ? object["checkUrl"] : nil
        settings.registryFile = object["registryFile"] ?? settings.registryFile
        settings.pricesFile = object["pricesFile"] ?? settings.pricesFile
        if let fuels = object["fuelTypes"] {
            settings.fuelTypes = list(fuels)
            guard !settings.fuelTypes.isEmpty else { throw fail("fetch setting \"fuelTypes\" is empty") }
        }
        if let ids = object["fuelTypeIds"] {
            settings.fuelTypeIDs = list(ids)
            guard !settings.fuelTypeIDs.isEmpty, settings.fuelTypeIDs.allSatisfy({ Int($0) != nil }) else {
                throw fail("fetch setting \"fuelTypeIds\" must be comma-separated numbers, got \"\(ids)\"")
            }
        }
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
            settings.trustedHost = URLComponents(string: url)?.host?.lowercased()
        }
        return settings
    }
}
