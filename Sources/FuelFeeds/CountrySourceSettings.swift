/// A country's own top-level keys of `adapters/<CC>/source.json`, those no other country reads, as its own type in
/// its folder (``FeedCountry/OwnSourceSettings``), decoded with the rest of the file. Most countries have none.
public protocol CountrySourceSettings: Sendable, Equatable, Decodable {
    /// Settings that leave every key out.
    init()
}

/// The ``FeedCountry/OwnSourceSettings`` of a country that reads only the keys every country reads.
public struct NoSourceSettings: CountrySourceSettings {
    public init() {}
    public init(from decoder: any Decoder) throws {}
}

/// A country's own settings of `source.json` (``CountryConfig/own``), whichever country's they are.
public struct CountryOwnSettings: Sendable, Equatable {
    /// The settings, of the country's ``FeedCountry/OwnSourceSettings`` type.
    public var value: any CountrySourceSettings

    public init(_ value: any CountrySourceSettings = NoSourceSettings()) { self.value = value }

    /// The settings as the country's own type; that type's defaults when they are another country's.
    public subscript<Settings: CountrySourceSettings>(_ type: Settings.Type) -> Settings {
        value as? Settings ?? Settings()
    }

    public static func == (lhs: CountryOwnSettings, rhs: CountryOwnSettings) -> Bool {
        func same<Settings: CountrySourceSettings>(_ left: Settings) -> Bool { (rhs.value as? Settings) == left }
        return same(lhs.value)
    }
}
