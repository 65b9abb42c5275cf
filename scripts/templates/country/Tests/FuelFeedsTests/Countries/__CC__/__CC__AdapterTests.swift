import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelFeeds

/// The scaffolded __CC__ adapter (scripts/new-country) on its sample and on broken copies of it. Replace these with
/// tests on real captures when the real parser is written.
@Suite struct __CC__AdapterTests {
    static let header = "id;name;brand;latitude;longitude;address;city;hours;updated;Diesel;Super 95"

    static func parse(_ lines: [String]) throws -> FeedParseResult {
        let input = try FeedFixture.input(
            country: "__CC__", texts: ["stations.csv": ([header] + lines).joined(separator: "\n") + "\n"])
        return try __CC__Adapter().parse(input)
    }

    @Test func theSampleParses() throws {
        let result = try FeedRun.sample("__CC__")
        #expect(result.records == 2)
        #expect(result.reasons.isEmpty)
        #expect(result.stations.map(\.id) == ["__CC__-1001", "__CC__-1002"])
        let harbour = try #require(result.stations.first)
        #expect(harbour.name == "Harbour Station")
        #expect(harbour.brand == "Template Fuel")
        #expect(harbour.city == "Template Town")
        #expect(harbour.latitude == 60.391263 && harbour.longitude == 5.322054)
        #expect(harbour.openingHours == "Mo-Su 06:00-22:00")
        #expect(harbour.prices.map(\.fuel) == [.diesel, .gasoline95])
        #expect(harbour.prices.map(\.price) == [1.849, 1.929])
        #expect(result.stations.last?.openingHours == "24/7")
        #expect(result.stations.last?.prices.count == 1)
        let newest = try #require(ISO8601DateFormatter().date(from: "2026-06-10T07:15:00Z"))
        #expect(result.referenceTime == newest)
    }

    @Test func theFixtureIsTheSample() throws {
        let sample = try Data(contentsOf: RepositoryPaths.sample("__CC__").appendingPathComponent("stations.csv"))
        #expect(try Data(FeedFixture.bytes("__CC__/stations.csv")) == sample)
    }

    @Test func unknownFuelsAndEmptyCoordinatesAreCounted() throws {
        let input = try FeedFixture.input(
            country: "__CC__",
            texts: [
                "stations.csv": """
                id;name;brand;latitude;longitude;address;city;hours;updated;Diesel;Kerosene
                1;A;;60.3;5.3;;;;2026-06-10 08:30;1.8;2.1
                2;B;;;;;;;2026-06-10 08:30;1.8;

                """
            ])
        let result = try __CC__Adapter().parse(input)
        #expect(result.stations.map(\.id) == ["__CC__-1"])
        #expect(result.reasons[.unknownFuel(name: "Kerosene")] == 1)
        #expect(result.reasons[.emptyCoordinates] == 1)
    }

    struct BadInput: CustomTestStringConvertible, Sendable {
        var name: String
        var lines: [String]
        var reason: String
        var testDescription: String { name }
    }

    static let badInputs = [
        BadInput(name: "too few fields", lines: ["1;A;;60.3;5.3;;;;2026-06-10 08:30;1.8"], reason: "has 10 fields"),
        BadInput(name: "empty id", lines: [";A;;60.3;5.3;;;;2026-06-10 08:30;1.8;"], reason: "the id is empty"),
        BadInput(
            name: "text for a coordinate", lines: ["1;A;;north;5.3;;;;2026-06-10 08:30;1.8;"],
            reason: "are not numbers"),
        BadInput(
            name: "a time without minutes", lines: ["1;A;;60.3;5.3;;;;2026-06-10;1.8;"], reason: "is not a time"),
        BadInput(
            name: "hours that are not opening_hours", lines: ["1;A;;60.3;5.3;;;always;2026-06-10 08:30;1.8;"],
            reason: "are not opening_hours"),
        BadInput(
            name: "text for a price", lines: ["1;A;;60.3;5.3;;;;2026-06-10 08:30;cheap;"],
            reason: "price \"cheap\" is not a number"),
        BadInput(
            name: "a station twice",
            lines: ["1;A;;60.3;5.3;;;;2026-06-10 08:30;1.8;", "1;A;;60.3;5.3;;;;2026-06-10 08:30;1.8;"],
            reason: "listed twice"),
    ]

    @Test(arguments: badInputs)
    func aBrokenLineThrowsWithItsLine(_ bad: BadInput) throws {
        let error = try #require(throws: FeedError.self) { try Self.parse(bad.lines) }
        #expect(error.reason.contains(bad.reason), "\(error.reason)")
        #expect(error.location == "line \(bad.lines.count + 1)")
    }

    @Test func aWrongHeaderThrows() throws {
        let input = try FeedFixture.input(country: "__CC__", texts: ["stations.csv": "id,name\n1,A\n"])
        let error = try #require(throws: FeedError.self) { try __CC__Adapter().parse(input) }
        #expect(error.reason.contains("the header must start id;name;brand"))
        #expect(error.location == "line 1")
    }

    @Test func theRepositorysSettingsReachThePlan() throws {
        let fetch = try #require(try FeedRun.config("__CC__").fetch)
        let plan = try #require(
            try fetch.own.plan(FetchSource(url: fetch.transport.url, urlOverridden: false)) as? __CC__FetchPlan)
        #expect(plan.url == "https://example.invalid/__CC__/stations.csv")
        #expect(plan.endpoints == [plan.url])
    }
}
