import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelBuild

/// The last change of a price (`was`, `changed`): set when the previous build published another value, kept while
/// the price holds (30 days at most), gone after a gap; a build whose prices did not change writes the same tiles.
@Suite struct LastChangesTests {
    static let spanishFeed = "ES/estaciones-terrestres-barcelona-2025-09-27-first40.json"
    static let oldPrice = #""Precio Gasoleo A":"1,339""#
    static let newPrice = #""Precio Gasoleo A":"1,349""#

    /// Every price that has a last change, as `<station> <fuel> <was> → <price> at <changed>`.
    static func changes(_ out: URL) throws -> [String] {
        var found: [String] = []
        for (path, bytes) in TreeSnapshot.take(out.appendingPathComponent("fuel")) where path.hasPrefix("tiles/") {
            let tile = try JSONDecoder().decode(Tile.self, from: Data(try Gzip.decompress([UInt8](bytes))))
            for station in tile.stations {
                for price in station.prices where price.was != nil || price.changed != nil {
                    let changed = price.changed.map(UTCTime.format) ?? "-"
                    found.append(
                        "\(station.id) \(price.fuel.rawValue) \(price.was ?? -1) → \(price.price) at \(changed)")
                }
            }
        }
        return found.sorted()
    }

    static func tiles(_ out: URL) -> [String: Data] {
        TreeSnapshot.take(out.appendingPathComponent("fuel")).filter { $0.key.hasPrefix("tiles/") }
    }

    @Test func exactlyTheChangedPriceGainsItsLastChangeAndKeepsIt() async throws {
        let folder = try SampleBuildFolder("last-change")
        defer { folder.remove() }
        let (feeds, out) = (folder.feeds, folder.out)
        _ = try await CountryReuseTests.build(feeds, out, builtAt: "2026-10-01T05:00:00Z")
        #expect(try Self.changes(out).isEmpty, "a first build has no previous one to change from")
        let first = Self.tiles(out)

        try CountryReuseTests.edit(feeds, Self.spanishFeed, Self.oldPrice, Self.newPrice)
        _ = try await CountryReuseTests.build(feeds, out, builtAt: "2026-10-02T05:00:00Z")
        let changes = try Self.changes(out)
        // No fetch manifest: the build's time is when the new value was first seen.
        #expect(changes.count == 1, "\(changes)")
        #expect(changes.first?.hasSuffix("diesel 1.339 → 1.349 at 2026-10-02T05:00:00Z") == true, "\(changes)")
        let second = Self.tiles(out)
        let changedTiles = second.keys.filter { second[$0] != first[$0] }
        #expect(changedTiles.count == 1, "\(changedTiles.sorted())")

        // An unchanged build keeps the last change, and so every tile's bytes.
        _ = try await CountryReuseTests.build(feeds, out, builtAt: "2026-10-20T05:00:00Z")
        #expect(try Self.changes(out) == changes)
        #expect(Self.tiles(out) == second)

        // 30 days after the change it is no longer published.
        let feedsCopy = try String(contentsOf: feeds.appendingPathComponent(Self.spanishFeed), encoding: .utf8)
        try (feedsCopy + " ").write(
            to: feeds.appendingPathComponent(Self.spanishFeed), atomically: true, encoding: .utf8)
        _ = try await CountryReuseTests.build(feeds, out, builtAt: "2026-11-02T05:00:01Z")
        #expect(try Self.changes(out).isEmpty)
    }

    @Test func aReusedCountryDropsALastChangePastItsWindowToo() async throws {
        let folder = try SampleBuildFolder("last-change-reused")
        defer { folder.remove() }
        let (feeds, out) = (folder.feeds, folder.out)
        _ = try await CountryReuseTests.build(feeds, out, builtAt: "2026-10-01T05:00:00Z")
        try CountryReuseTests.edit(feeds, Self.spanishFeed, Self.oldPrice, Self.newPrice)
        _ = try await CountryReuseTests.build(feeds, out, builtAt: "2026-10-02T05:00:00Z")
        #expect(try Self.changes(out).count == 1)

        // The same feeds 30 days and a second later: ES is reused, not parsed, and its last change is gone.
        let late = try await CountryReuseTests.build(feeds, out, builtAt: "2026-11-01T05:00:01Z")
        #expect(CountryReuseTests.outcomes(late.events)["ES"] == "reused")
        #expect(try Self.changes(out).isEmpty)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var previous: [Station]
        var current: FuelPrice
        var builtAt: TimeInterval = 40 * 86_400
        var was: Double?
        var changed: TimeInterval?
        var testDescription: String { name }
    }

    static func station(_ prices: [FuelPrice]) -> Station {
        Station(id: "ES-1", country: "ES", latitude: 41.5, longitude: 1.9, prices: prices)
    }

    static func price(_ value: Double, service: ServiceKind? = nil, was: Double? = nil, changed: TimeInterval? = nil)
        -> FuelPrice
    {
        FuelPrice(
            fuel: .diesel, price: value, updated: Date(timeIntervalSince1970: 0), service: service, was: was,
            changed: changed.map { Date(timeIntervalSince1970: $0) })
    }

    static let seenAt: TimeInterval = 39 * 86_400

    static let cases = [
        Case(name: "a new value", previous: [station([price(1.5)])], current: price(1.6), was: 1.5, changed: seenAt),
        Case(
            name: "a value equal to the thousandth", previous: [station([price(1.5)])], current: price(1.5000001)),
        Case(name: "the station was absent", previous: [], current: price(1.6)),
        Case(
            name: "the fuel was absent", previous: [station([price(1.5, service: .selfService)])], current: price(1.6)),
        Case(
            name: "an unchanged price keeps its change",
            previous: [station([price(1.6, was: 1.5, changed: 20 * 86_400)])],
            current: price(1.6), was: 1.5, changed: 20 * 86_400),
        Case(
            name: "a change 30 days old is kept", previous: [station([price(1.6, was: 1.5, changed: 10 * 86_400)])],
            current: price(1.6), was: 1.5, changed: 10 * 86_400),
        Case(
            name: "a change over 30 days old is dropped",
            previous: [station([price(1.6, was: 1.5, changed: 10 * 86_400 - 1)])], current: price(1.6)),
        Case(
            name: "a second change replaces the first",
            previous: [station([price(1.6, was: 1.5, changed: 20 * 86_400)])], current: price(1.55), was: 1.6,
            changed: seenAt),
    ]

    @Test(arguments: cases) func theLastChange(_ test: Case) {
        var stations = [Self.station([test.current])]
        LastChanges(previous: test.previous).apply(
            to: &stations, seenAt: Date(timeIntervalSince1970: Self.seenAt),
            builtAt: Date(timeIntervalSince1970: test.builtAt))
        let price = stations[0].prices[0]
        #expect(price.was == test.was)
        #expect(price.changed == test.changed.map { Date(timeIntervalSince1970: $0) })
    }
}
