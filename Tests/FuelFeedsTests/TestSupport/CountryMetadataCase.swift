import Foundation
import FuelFormat
import Testing

@testable import FuelFeeds

/// What a country's `adapters/<CC>/` metadata must say once loaded.
struct CountryMetadataCase: Sendable, CustomTestStringConvertible {
    var country: String
    var licence: String
    var timeZone: String
    var boxes: [String]
    var fetch: FetchSettings
    var testDescription: String { country }

    /// Loads the country's metadata and checks it against the case and against what the sources and fetching need.
    func expectLoaded() throws {
        let config = try FeedRun.config(country)
        #expect(config.country == country)
        #expect(config.licence == licence)
        #expect(config.licenceUrl.hasPrefix("https://"))
        #expect(!config.publisher.isEmpty && !config.attribution.isEmpty && !config.coverage.isEmpty)
        #expect(config.timeZone == timeZone)
        #expect(TimeZone(identifier: config.timeZone) != nil)
        #expect(config.maxPriceAgeDays == 30)
        #expect(config.boxes.map(\.name) == boxes)
        #expect(config.fetch == fetch)
        #expect(!config.fuels.fuels.isEmpty)
        #expect(CountryRegistry.country(country)?.country == country)
    }
}

/// A place that a country's bounding boxes must or must not hold.
struct BoxPlace: Sendable, CustomTestStringConvertible {
    var country: String
    var name: String
    var latitude: Double
    var longitude: Double
    var inside: Bool
    var testDescription: String { "\(country) \(name)" }

    /// Whether the country's boxes hold the place is whether it should.
    func expectInBoxes() throws {
        #expect(try FeedRun.config(country).contains(latitude: latitude, longitude: longitude) == inside)
    }
}
