extension ITAdapter: FeedCountry {
    public typealias OwnFetchSettings = ITFetchSettings
    public typealias OwnSourceSettings = ITSourceSettings
}

/// IT's own keys of the `"fetch"` object. `url` is the folder that holds both files (`registryFile` and
/// `pricesFile` name them); the settings may give the two files' URLs instead, as `registryUrl` and `pricesUrl`,
/// unless the command line overrides the folder.
public struct ITFetchSettings: CountryFetchSettings {
    /// `registryFile`: the registry's name in the `url` folder (default `anagrafica_impianti_attivi.csv`).
    public var registryFile: String?
    /// `pricesFile`: the prices' name in the `url` folder (default `prezzo_alle_8.csv`).
    public var pricesFile: String?
    /// `registryUrl`: the registry's own URL, with ``pricesUrl``.
    public var registryUrl: String?
    /// `pricesUrl`: the prices' own URL, with ``registryUrl``.
    public var pricesUrl: String?

    public static let keys = ["registryFile", "pricesFile", "registryUrl", "pricesUrl"]

    public init() {}

    public init(
        registryFile: String? = nil, pricesFile: String? = nil, registryUrl: String? = nil, pricesUrl: String? = nil
    ) {
        self.registryFile = registryFile
        self.pricesFile = pricesFile
        self.registryUrl = registryUrl
        self.pricesUrl = pricesUrl
    }

    public init(_ reader: FetchSettingsReader) throws(FetchSettingError) {
        registryFile = try reader.string("registryFile")
        pricesFile = try reader.string("pricesFile")
        registryUrl = try reader.string("registryUrl")
        pricesUrl = try reader.string("pricesUrl")
    }

    public func plan(_ source: FetchSource) throws(FetchSettingError) -> any FeedFetchPlan {
        if !source.urlOverridden {
            switch (registryUrl, pricesUrl) {
            case (let registry?, let prices?): return ITFetchPlan(registryURL: registry, pricesURL: prices)
            case (nil, nil): break
            default:
                throw FetchSettingError(
                    "the \"fetch\" object needs both \"registryUrl\" and \"pricesUrl\", or a \"url\" folder")
            }
        }
        let url = try source.requiredURL()
        let folder = url.hasSuffix("/") ? url : url + "/"
        return ITFetchPlan(
            registryURL: folder + (registryFile ?? ITAdapter.registryFile),
            pricesURL: folder + (pricesFile ?? ITAdapter.pricesFile))
    }
}
