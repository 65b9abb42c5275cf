import FuelFeeds

/// The registered countries for test targets that do not depend on `FuelFeeds` themselves: a test that means "every
/// country" reads the registry, so adding a country edits no test.
public enum RegisteredCountries {
    /// ``FuelFeeds/CountryRegistry/codes``: every supported country's code, sorted.
    public static var codes: [String] { CountryRegistry.codes }

    /// The registered countries the shared documents describe, sorted: every one but a scaffold that
    /// `scripts/new-country` made and nobody has finished yet (``FuelFeeds/CountryConfig/scaffold``), whose notes are
    /// its own `docs/countries/<CC>.md`.
    public static var documented: [String] {
        codes.filter { code in
            (try? CountryConfig.load(country: code, adaptersDirectory: nil))?.scaffold != true
        }
    }
}
