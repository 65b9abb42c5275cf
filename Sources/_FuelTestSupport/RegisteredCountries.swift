import FuelFeeds

/// The registered countries for test targets that do not depend on `FuelFeeds` themselves: a test that means "every
/// country" reads the registry, so adding a country edits no test.
public enum RegisteredCountries {
    /// ``FuelFeeds/CountryRegistry/codes``: every supported country's code, sorted.
    public static var codes: [String] { CountryRegistry.codes }
}
