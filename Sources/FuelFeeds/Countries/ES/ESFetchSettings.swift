extension ESAdapter: FeedCountry {
    public typealias OwnFetchSettings = ESFetchSettings
}

/// ES's own keys of the `"fetch"` object; `url` is MITECO's `EstacionesTerrestres` document.
public struct ESFetchSettings: CountryFetchSettings {
    /// `checkUrl`: the light request of `fetch --check` (the smallest filtered query, `…/FiltroProvincia/52`);
    /// dropped when the command line overrides `url`.
    public var checkUrl: String?

    public static let keys = ["checkUrl"]

    public init() {}

    public init(checkUrl: String? = nil) { self.checkUrl = checkUrl }

    public init(_ reader: FetchSettingsReader) throws(FetchSettingError) {
        checkUrl = try reader.string("checkUrl")
    }

    public func plan(_ source: FetchSource) throws(FetchSettingError) -> any FeedFetchPlan {
        ESFetchPlan(url: try source.requiredURL(), checkURL: source.urlOverridden ? nil : checkUrl)
    }
}
