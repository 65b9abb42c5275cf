import FuelFeeds

extension CountryConfig {
    /// A configuration for tests that need boxes and an age limit but no real metadata.
    public static func testing(
        country: String, boxes: [Box], maxPriceAgeDays: Int = 30, timeZone: String = "Europe/Lisbon"
    ) -> CountryConfig {
        var config = CountryConfig(
            version: 1, country: country, publisher: "Test publisher", url: "https://example.invalid/\(country)",
            licence: "Test licence", licenceUrl: "https://example.invalid/licence", attribution: "Test attribution",
            coverage: "Test coverage", timeZone: timeZone, maxPriceAgeDays: maxPriceAgeDays, boxes: boxes, fetch: nil)
        config.brands = BrandAliases()
        return config
    }
}
