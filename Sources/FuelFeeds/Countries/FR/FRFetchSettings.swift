extension FRAdapter: FeedCountry {
    public typealias OwnFetchSettings = FRFetchSettings
}

/// FR reads no key of its own from the `"fetch"` object: `url` is the instantané ZIP.
public struct FRFetchSettings: CountryFetchSettings {
    public static let keys: [String] = []

    public init() {}

    public init(_ reader: FetchSettingsReader) throws(FetchSettingError) {}

    public func plan(_ source: FetchSource) throws(FetchSettingError) -> any FeedFetchPlan {
        FRFetchPlan(url: try source.requiredURL())
    }
}
