import Foundation

/// A country's fetch settings as `source.json` and the command line give them, for ``FeedCountry/fetchPlan(_:)``.
public struct FetchSource: Sendable {
    /// `--endpoint CC=URL` (or `FUEL_ENDPOINT_<CC>`), else the `url` setting; nil when neither is given.
    public var url: String?
    /// True when ``url`` comes from the command line or the environment, which then wins over every URL setting.
    public var urlOverridden: Bool
    /// The whole `"fetch"` object; a country reads its own keys from it.
    public var settings: [String: String]

    public init(url: String?, urlOverridden: Bool, settings: [String: String]) {
        self.url = url
        self.urlOverridden = urlOverridden
        self.settings = settings
    }

    /// ``url``, or an error saying the `"fetch"` object has none.
    public func requiredURL() throws(FetchSettingError) -> String {
        guard let url, !url.isEmpty else { throw FetchSettingError("the \"fetch\" object has no \"url\"") }
        return url
    }

    /// A number setting within `range`; nil when absent.
    public func number(_ key: String, in range: ClosedRange<Double>) throws(FetchSettingError) -> Double? {
        guard let text = settings[key] else { return nil }
        guard let value = Double(text), range.contains(value) else {
            throw FetchSettingError(
                "fetch setting \"\(key)\" must be a number in \(range.lowerBound)…\(range.upperBound), got \"\(text)\"")
        }
        return value
    }

    /// A comma-separated list setting, trimmed, never empty; nil when absent.
    public func list(_ key: String) throws(FetchSettingError) -> [String]? {
        guard let text = settings[key] else { return nil }
        let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !items.isEmpty else { throw FetchSettingError("fetch setting \"\(key)\" is empty") }
        return items
    }
}

/// A fetch setting that is missing or malformed; the caller adds the country and the file.
public struct FetchSettingError: Error, Sendable, Equatable {
    /// What is wrong, naming the key.
    public var reason: String

    public init(_ reason: String) { self.reason = reason }
}
