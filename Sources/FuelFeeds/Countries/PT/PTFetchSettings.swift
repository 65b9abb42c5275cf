extension PTAdapter: FeedCountry {
    public typealias OwnFetchSettings = PTFetchSettings
}

/// PT's own keys of the `"fetch"` object; `url` is DGEG's `PesquisarPostos`.
public struct PTFetchSettings: CountryFetchSettings {
    /// `pageSize`: rows a page, 1 to 10,000,000 (default 20,000: the whole country in one page).
    public var pageSize: Int?
    /// `fuelTypeIds`: the `idsTiposComb` filter, a list of DGEG's fuel-type numbers (default: no filter).
    public var fuelTypeIds: [Int]?

    public static let keys = ["pageSize", "fuelTypeIds"]

    public init() {}

    public init(pageSize: Int? = nil, fuelTypeIds: [Int]? = nil) {
        self.pageSize = pageSize
        self.fuelTypeIds = fuelTypeIds
    }

    public init(_ reader: FetchSettingsReader) throws(FetchSettingError) {
        pageSize = try reader.wholeNumber("pageSize", in: 1...10_000_000)
        fuelTypeIds = try reader.wholeNumbers("fuelTypeIds", in: 0...Int(Int32.max))
    }

    public func plan(_ source: FetchSource) throws(FetchSettingError) -> any FeedFetchPlan {
        var plan = PTFetchPlan(url: try source.requiredURL())
        plan.pageSize = pageSize ?? plan.pageSize
        plan.fuelTypeIDs = fuelTypeIds ?? plan.fuelTypeIDs
        return plan
    }
}
