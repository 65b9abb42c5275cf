/// Where a country's plan is to fetch from: the `url` setting, or the command line's override of it, for
/// ``CountryFetchSettings/plan(_:)``.
public struct FetchSource: Sendable {
    /// `--endpoint CC=URL` (or `FUEL_ENDPOINT_<CC>`), else the `url` setting; nil when neither is given.
    public var url: String?
    /// True when ``url`` comes from the command line or the environment, which then wins over every URL setting.
    public var urlOverridden: Bool

    public init(url: String?, urlOverridden: Bool) {
        self.url = url
        self.urlOverridden = urlOverridden
    }

    /// ``url``, or an error saying the `"fetch"` object has none.
    public func requiredURL() throws(FetchSettingError) -> String {
        guard let url, !url.isEmpty else { throw FetchSettingError("the \"fetch\" object has no \"url\"") }
        return url
    }
}

/// A fetch setting that is missing, unknown or malformed, named in ``reason``; the caller adds the country and the
/// file.
public struct FetchSettingError: Error, Sendable, Equatable {
    /// What is wrong, naming the key.
    public var reason: String

    public init(_ reason: String) { self.reason = reason }
}
