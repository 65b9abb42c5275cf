/// IT's own keys of `adapters/IT/source.json`, beside the ones every country has.
public struct ITSourceSettings: CountrySourceSettings {
    /// The most price rows, in percent, that may name no station of the registry before the pair is refused as cut
    /// short (default: no limit).
    public var maxUnmatchedPricePercent: Double?

    public init() {}

    public init(maxUnmatchedPricePercent: Double?) { self.maxUnmatchedPricePercent = maxUnmatchedPricePercent }
}
