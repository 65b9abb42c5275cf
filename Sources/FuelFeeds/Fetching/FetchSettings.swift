/// A country's own keys of `source.json`'s `"fetch"` object, typed: one struct per country, in its folder under
/// `Countries/<CC>/`, named by its ``FeedCountry/OwnFetchSettings``.
public protocol CountryFetchSettings: Sendable, Equatable {
    /// The keys this country reads, besides the ``TransportSettings/keys`` every country reads.
    static var keys: [String] { get }

    /// Settings that leave every key out: the country's defaults.
    init()

    /// Reads the country's keys of a `"fetch"` object.
    /// - Throws: ``FetchSettingError`` naming a key of the wrong type or out of range.
    init(_ reader: FetchSettingsReader) throws(FetchSettingError)

    /// The plan that downloads the country's files from `source`.
    /// - Throws: ``FetchSettingError`` when the settings and `source` name no endpoint.
    func plan(_ source: FetchSource) throws(FetchSettingError) -> any FeedFetchPlan
}

extension CountryFetchSettings {
    /// True when `other` is settings of the same country that are equal to these.
    func isEqual(to other: any CountryFetchSettings) -> Bool { (other as? Self) == self }
}

/// `source.json`'s `"fetch"` object, decoded and checked when the metadata is loaded: the keys every country reads
/// and the country's own.
public struct FetchSettings: Sendable, Equatable {
    /// The endpoint and how to ask it.
    public var transport: TransportSettings
    /// The keys only this country reads, as its own type.
    public var own: any CountryFetchSettings

    public init(transport: TransportSettings = TransportSettings(), own: any CountryFetchSettings) {
        self.transport = transport
        self.own = own
    }

    /// Reads a `"fetch"` object for `country`: every key known, each of its type and in range, and an endpoint
    /// named (a `url`, or what the country takes instead).
    /// - Throws: ``FetchSettingError`` naming the key that is unknown, missing or malformed.
    public init(
        _ object: [String: FetchSettingValue], for country: any FeedCountry
    ) throws(FetchSettingError) {
        let known = Set(TransportSettings.keys).union(country.ownFetchSettingKeys)
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            let hint = unknown.hasPrefix("header.") ? "; request headers go in the \"headers\" object" : ""
            throw FetchSettingError(
                "unknown fetch setting \"\(unknown)\" (known: \(known.sorted().joined(separator: ", ")))\(hint)")
        }
        let reader = FetchSettingsReader(object)
        transport = try TransportSettings(reader)
        own = try country.readOwnFetchSettings(reader)
        _ = try own.plan(FetchSource(url: transport.url, urlOverridden: false))
    }

    public static func == (lhs: FetchSettings, rhs: FetchSettings) -> Bool {
        lhs.transport == rhs.transport && lhs.own.isEqual(to: rhs.own)
    }
}
