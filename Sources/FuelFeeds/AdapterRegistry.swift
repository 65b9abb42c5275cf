import FuelCodecs

/// The adapter of each supported country.
public enum AdapterRegistry {
    /// Every adapter, by country code.
    public static let adapters: [String: any FeedAdapter] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.country, $0) })

    private static let all: [any FeedAdapter] = [
        // One line per country; each adapter lives in Adapters/<CC>/.
        AustriaAdapter(),
        SpainAdapter(),
        FRAdapter(),
        ITAdapter(),
        PortugalAdapter(),
    ]

    /// The adapter for a country, or nil when none is built in.
    public static func adapter(for country: String) -> (any FeedAdapter)? { adapters[country] }
}
