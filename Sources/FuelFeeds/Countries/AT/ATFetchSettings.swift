extension ATAdapter: FeedCountry {
    public typealias OwnFetchSettings = ATFetchSettings
}

/// AT's own keys of the `"fetch"` object; `url` is the E-Control API base (`…/sprit/1.0`).
public struct ATFetchSettings: CountryFetchSettings {
    /// `fuelTypes`: the fuels asked for in every district, a list of E-Control codes (default `DIE`, `SUP`, `GAS`).
    public var fuelTypes: [String]?

    public static let keys = ["fuelTypes"]

    public init() {}

    public init(fuelTypes: [String]? = nil) { self.fuelTypes = fuelTypes }

    public init(_ reader: FetchSettingsReader) throws(FetchSettingError) {
        fuelTypes = try reader.strings("fuelTypes")
    }

    public func plan(_ source: FetchSource) throws(FetchSettingError) -> any FeedFetchPlan {
        let url = try source.requiredURL()
        var plan = ATFetchPlan(base: url.hasSuffix("/") ? String(url.dropLast()) : url)
        plan.fuelTypes = fuelTypes ?? plan.fuelTypes
        return plan
    }
}
