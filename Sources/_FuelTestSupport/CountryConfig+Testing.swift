import Foundation
import FuelFeeds
import FuelFormat

extension CountryConfig {
    /// A configuration for tests that need boxes and an age limit but no real metadata: a `source.json` of test
    /// values, read the way the real ones are (an unnamed box is named after the country).
    public static func testing(
        country: String, boxes: [Box], maxPriceAgeDays: Int = 30, timeZone: String = "Europe/Lisbon"
    ) -> CountryConfig {
        let source: [String: Any] = [
            "version": 1, "country": country, "publisher": "Test publisher",
            "url": "https://example.invalid/\(country)",
            "licence": "Test licence", "licenceUrl": "https://example.invalid/licence",
            "attribution": "Test attribution",
            "coverage": "Test coverage", "timeZone": timeZone, "maxPriceAgeDays": maxPriceAgeDays,
            "boxes": boxes.map { box in
                [
                    "name": box.name ?? country, "south": box.south, "west": box.west, "north": box.north,
                    "east": box.east,
                ]
            },
        ]
        do {
            return try JSONDecoder().decode(CountryConfig.self, from: JSONSerialization.data(withJSONObject: source))
        } catch {
            preconditionFailure("the test metadata of \(country) does not read: \(error)")
        }
    }
}
