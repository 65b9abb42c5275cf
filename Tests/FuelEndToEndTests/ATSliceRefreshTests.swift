import Foundation
import FuelFeeds
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelBuild
@testable import FuelFetch

/// AT fetched in slices stays honest about time: a fetch refreshes one slice of the districts, and the build dates
/// each price by its own file's fetch, kept unchanged since it was first seen. Fetch over an in-memory E-Control,
/// then build in process, so no server or executable starts.
@Suite struct ATSliceRefreshTests {
    /// `2026-12-03T08:00:00Z` plus `hours` and `minutes`.
    static func time(_ hours: Int, _ minutes: Int = 0) -> String {
        String(format: "2026-12-03T%02d:%02d:00Z", 8 + hours, minutes)
    }

    static func date(_ time: String) throws -> Date {
        Date(timeIntervalSince1970: TimeInterval(try #require(UTCTime.parse(time))))
    }

    struct Run {
        let austria = InMemoryAustria()
        let transport: ScriptedTransport
        let root = RepositoryPaths.temporaryDirectory("at-slices")
        var adapters: URL { root.appendingPathComponent("adapters") }
        var feeds: URL { root.appendingPathComponent("feeds") }

        init(slices: Int) throws {
            transport = austria.transport()
            try InMemoryAustria.writeSource(slices: slices, into: adapters)
        }

        func fetch(at time: String) async throws {
            var options = FetchOptions(feedsDirectory: feeds, adaptersDirectory: adapters, countries: ["AT"])
            let now = try ATSliceRefreshTests.date(time)
            options.now = { now }
            let report = try await FeedFetcher(options: options, client: transport).run()
            #expect(report.failures.isEmpty, "\(report.failures.map { String(describing: $0.error) })")
        }

        /// Builds AT with its built-in metadata into `out`, then reads back the published tiles and stations.
        func build(into out: String, at time: String) async throws -> (tiles: [String: Data], stations: [Station]) {
            let out = root.appendingPathComponent(out)
            let options = BuildOptions(
                feedsDirectory: feeds, outputDirectory: out, adaptersDirectory: nil, countries: ["AT"],
                builtAt: try ATSliceRefreshTests.date(time))
            _ = try await Builder(options: options).run()
            let tiles = TreeSnapshot.take(out.appendingPathComponent("fuel")).filter { $0.key.hasPrefix("tiles/") }
            let published = try #require(try PreviousBuild(output: OutputDirectory(root: out)))
            return (tiles, try published.stations(of: "AT"))
        }
    }

    /// An AT slice refresh keeps the other slices' times: every slice is fetched once (the first fetch, which has
    /// no files to keep, asks them all), then prices change in every district and one more fetch refreshes slice 0
    /// only. Exactly that slice's prices take the new values and that fetch's time; every other station keeps its
    /// values, its first-seen time and its tile's bytes. A first build from the same files dates each slice by its
    /// own files' fetch, not by the last fetch.
    @Test(arguments: [2, 3, 6])
    func anATSliceRefreshKeepsTheOtherSlicesTimes(_ slices: Int) async throws {
        let run = try Run(slices: slices)
        defer { try? FileManager.default.removeItem(at: run.root) }
        var before: (tiles: [String: Data], stations: [Station]) = ([:], [])
        for hour in 0..<slices {
            try await run.fetch(at: Self.time(hour))
            before = try await run.build(into: "out", at: Self.time(hour, 5))
        }
        #expect(before.stations.count == InMemoryAustria.districts.count)
        for station in before.stations {
            #expect(
                station.prices.count == 3 && station.prices.allSatisfy { $0.updated == (try? Self.date(Self.time(0))) })
        }

        run.austria.changePrices(in: InMemoryAustria.districts)
        try await run.fetch(at: Self.time(slices))
        let after = try await run.build(into: "out", at: Self.time(slices, 5))

        let refreshed = Set(
            InMemoryAustria.districts.filter { ATFetchPlan.slice(of: $0, count: slices) == 0 }.map(
                InMemoryAustria.stationID))
        #expect(refreshed.count == InMemoryAustria.districts.count / slices)
        let old = Dictionary(uniqueKeysWithValues: before.stations.map { ($0.id, $0) })
        for station in after.stations {
            let previous = try #require(old[station.id])
            let tile = "tiles/\(Grid.standard.key(latitude: station.latitude, longitude: station.longitude)).json"
            if refreshed.contains(station.id) {
                for price in station.prices {
                    #expect(price.updated == (try Self.date(Self.time(slices))), "\(station.id) \(price.fuel)")
                    #expect(previous.prices.first { $0.fuel == price.fuel }?.price != price.price)
                }
                #expect(after.tiles[tile] != before.tiles[tile], "\(tile)")
            } else {
                #expect(station == previous, "\(station.id) changed although its slice was not fetched")
                #expect(after.tiles[tile] == before.tiles[tile], "\(tile) changed")
            }
        }

        // Without a previous build, each price is dated by its own file's fetch: slice 0 by the last fetch, slice s
        // by fetch s.
        let fresh = try await run.build(into: "fresh", at: Self.time(slices, 5))
        for station in fresh.stations {
            let district = try #require(InMemoryAustria.districts.first { InMemoryAustria.stationID($0) == station.id })
            let slice = ATFetchPlan.slice(of: district, count: slices)
            let expected = try Self.date(Self.time(slice == 0 ? slices : slice))
            #expect(station.prices.allSatisfy { $0.updated == expected }, "\(station.id) in slice \(slice)")
        }
    }
}
