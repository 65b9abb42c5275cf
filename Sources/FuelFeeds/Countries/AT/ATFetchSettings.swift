extension ATAdapter: FeedCountry {
    public typealias OwnFetchSettings = ATFetchSettings
}

/// AT's own keys of the `"fetch"` object; `url` is the E-Control API base (`…/sprit/1.0`).
public struct ATFetchSettings: CountryFetchSettings {
    /// `fuelTypes`: the fuels asked for in every district, a list of E-Control codes (default `DIE`, `SUP`, `GAS`).
    public var fuelTypes: [String]?
    /// `slices`, 1 to 24: each fetch refreshes one slice of the districts, the next slice the next fetch (default 1,
    /// the whole crawl every fetch); see ``ATFetchPlan/slices``.
    public var slices: Int?

    public static let keys = ["fuelTypes", "slices"]

    public init() {}

    public init(fuelTypes: [String]? = nil, slices: Int? = nil) {
        self.fuelTypes = fuelTypes
        self.slices = slices
    }

    public init(_ reader: FetchSettingsReader) throws(FetchSettingError) {
        fuelTypes = try reader.strings("fuelTypes")
        slices = try reader.wholeNumber("slices", in: ATFetchPlan.sliceRange)
    }

    public func plan(_ source: FetchSource) throws(FetchSettingError) -> any FeedFetchPlan {
        let url = try source.requiredURL()
        var plan = ATFetchPlan(base: url.hasSuffix("/") ? String(url.dropLast()) : url)
        plan.fuelTypes = fuelTypes ?? plan.fuelTypes
        plan.slices = slices ?? plan.slices
        return plan
    }
}
