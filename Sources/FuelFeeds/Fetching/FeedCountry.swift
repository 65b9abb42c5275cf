/// Everything the code knows about one country: how to parse its files (``FeedAdapter``), which fetch settings it
/// reads, and the plan that downloads its files. Each country is one folder under `Countries/<CC>/`, registered once
/// in ``CountryRegistry``, the list that both fetching and building read.
public protocol FeedCountry: FeedAdapter {
    /// The keys of `source.json`'s `"fetch"` object that only this country reads, as its own type (the transport
    /// keys every country reads, such as `url` and the timeouts, are ``TransportSettings``); the settings make the
    /// plan that downloads the country's files.
    associatedtype OwnFetchSettings: CountryFetchSettings

    /// The top-level keys of `source.json` that only this country reads, as its own type; none by default.
    associatedtype OwnSourceSettings: CountrySourceSettings = NoSourceSettings

    /// Every kind of reason the country's adapter raises: its own, declared in `Countries/<CC>/<CC>Reasons.swift`,
    /// and the shared ones it uses (``Reason/Kind/shared``). ``Reason/catalog`` and the countries a kind names as
    /// its ``Reason/Kind/origin`` are read from these lists.
    var reasonKinds: [Reason.Kind] { get }
}

extension FeedCountry {
    /// The keys of ``OwnFetchSettings``.
    public var ownFetchSettingKeys: [String] { OwnFetchSettings.keys }

    /// Decodes ``OwnSourceSettings`` from the whole of `source.json`.
    /// - Throws: `DecodingError` when one of its keys has the wrong type.
    public func decodeOwnSourceSettings(from decoder: any Decoder) throws -> any CountrySourceSettings {
        try OwnSourceSettings(from: decoder)
    }

    /// ``OwnFetchSettings`` with every key left out.
    public var defaultFetchSettings: any CountryFetchSettings { OwnFetchSettings() }

    /// Reads ``OwnFetchSettings`` from a `"fetch"` object.
    /// - Throws: ``FetchSettingError`` naming a key of the wrong type or out of range.
    public func readOwnFetchSettings(_ reader: FetchSettingsReader) throws(FetchSettingError)
        -> any CountryFetchSettings
    {
        try OwnFetchSettings(reader)
    }
}

/// How one country's files are downloaded, and the one light request per file of `fetch --check`.
public protocol FeedFetchPlan: Sendable {
    /// Every base URL the plan asks, the main one first: each must be http(s), and a `caFile` applies to the host of
    /// the first only.
    var endpoints: [String] { get }

    /// The light requests of `fetch --check`, each with how to read its answer.
    var probes: [FeedProbe] { get }

    /// Downloads the country's files through `session`. The session keeps every download unless the plan discards
    /// it; when this throws, the session removes them all and the previous files stay.
    /// - Throws: ``FetchError`` naming the file and what is wrong.
    func fetch(_ session: any FeedSession) async throws
}

/// What a fetch plan downloads through: conditional GETs, retries, the polite rate, the size cap and the shape
/// check, into staging files that replace the previous ones only when the whole plan succeeds.
public protocol FeedSession: Sendable {
    /// The country code.
    var country: String { get }

    /// Downloads `url` as the feeds-relative `relativePath` and checks it has `shape`.
    /// - Throws: ``FetchError`` naming the file, the URL (redacted) and what went wrong.
    func download(_ url: String, as relativePath: String, shape: FeedShape) async throws -> FeedDownload

    /// Drops a download from the country's set and removes its staging file.
    func discard(_ download: FeedDownload)

    /// Which of `count` slices this fetch refreshes, `0..<count`, for a plan that refreshes its files in slices (AT's
    /// `slices`): the slice after the one the country's last successful fetch refreshed, as the manifest records it,
    /// else 0. Fetching records the slice only when the whole fetch succeeds, so a failed fetch does not advance.
    func slice(of count: Int) -> Int

    /// Keeps the previous fetch's file at `relativePath` in the country's new set as it is, without asking the
    /// publisher: its bytes and its manifest entry, `fetchedAt` included, so the build dates its prices by when it
    /// was really fetched.
    /// - Returns: false when there is no such file to keep (never fetched, or not on disk with its recorded size).
    func keepPrevious(_ relativePath: String) -> Bool
}

extension FeedSession {
    /// An error about one of this country's files.
    public func failure(_ file: String, _ reason: String) -> FetchError {
        FetchError(country: country, file: file, reason: reason)
    }
}
