import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelBuild

/// AT publishes no price times: a price the previous build published unchanged keeps its `updated`, the time this
/// publisher first saw it, so a refetch of the same response leaves AT's tiles byte-identical.
@Suite struct FirstSeenTimesTests {
    static let firstFetch = "2026-11-30T08:00:00Z"
    static let secondFetch = "2026-11-30T09:00:00Z"

    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        /// Response files the first fetch did not return (the second returns every fixture).
        var missingAtFirst: [String] = []
        /// A text replacement in one response file before the second fetch: the first `old` after `record`.
        var edit: (file: String, record: String, old: String, new: String)?
        /// The format-1 tiles the second build writes differently or anew.
        var changedTiles: Set<String>
        /// The prices, as `<station id> <fuel>`, dated by the second fetch; every other is dated by the first.
        var secondFetchPrices: Set<String>
        var testDescription: String { label }
    }

    static let cases = [
        Case(label: "an identical response", changedTiles: [], secondFetchPrices: []),
        Case(
            label: "one changed price",
            edit: ("by-region-PB-501-DIE.json", #""id":700204,"#, #""amount":1.479"#, #""amount":1.469"#),
            changedTiles: ["95_26"], secondFetchPrices: ["AT-700204 diesel"]),
        Case(
            label: "new stations",
            missingAtFirst: ["by-region-PB-601-DIE.json", "by-region-PB-601-GAS.json", "by-region-PB-601-SUP.json"],
            changedTiles: ["94_30"],
            secondFetchPrices: [
                "AT-700101 diesel", "AT-700101 gasoline_95", "AT-700102 diesel", "AT-700102 gasoline_95",
                "AT-700103 diesel", "AT-700103 gasoline_95", "AT-700104 diesel", "AT-700105 cng",
            ]),
    ]

    @Test(arguments: cases)
    func aRefetchChangesOnlyThePricesThatChanged(_ change: Case) async throws {
        let root = RepositoryPaths.temporaryDirectory("first-seen")
        defer { try? FileManager.default.removeItem(at: root) }
        let feeds = root.appendingPathComponent("feeds")
        let out = root.appendingPathComponent("out")
        try Self.placeResponses(in: feeds, fetchedAt: Self.firstFetch, leaving: change.missingAtFirst)
        let first = try await Self.build(feeds, out, builtAt: "2026-11-30T08:05:00Z")
        #expect(first.tileChanges == nil, "no previous build")
        let before = Self.tiles(out)

        try Self.placeResponses(in: feeds, fetchedAt: Self.secondFetch)
        if let edit = change.edit {
            let file = feeds.appendingPathComponent("AT/" + edit.file)
            let text = try String(contentsOf: file, encoding: .utf8)
            let record = try #require(text.range(of: edit.record)).lowerBound
            let target = try #require(text.range(of: edit.old, range: record..<text.endIndex))
            try text.replacingCharacters(in: target, with: edit.new).write(to: file, atomically: true, encoding: .utf8)
        }
        let second = try await Self.build(feeds, out, builtAt: "2026-11-30T09:05:00Z")
        let after = Self.tiles(out)

        let changed = Set(after.keys.filter { after[$0] != before[$0] })
        #expect(changed == change.changedTiles)
        #expect(second.reusedTiles == second.tiles - change.changedTiles.count, "unchanged tiles are reused")
        #expect(second.tileChanges?.changed == change.changedTiles.intersection(before.keys).count)

        var dated: [String: String] = [:]
        for tile in after.values {
            let decoded = try JSONDecoder().decode(Tile.self, from: Data(Gzip.decompress([UInt8](tile))))
            for station in decoded.stations {
                for price in station.prices {
                    dated["\(station.id) \(price.fuel.rawValue)"] = UTCTime.format(price.updated)
                }
            }
        }
        #expect(dated.count == 14, "every AT price of the fixtures")
        for (price, updated) in dated {
            let expected = change.secondFetchPrices.contains(price) ? Self.secondFetch : Self.firstFetch
            #expect(updated == expected, "\(price)")
        }
    }
}

extension FirstSeenTimesTests {
    struct KeyCase: Sendable, CustomTestStringConvertible {
        var label: String
        /// The previous build's price of station `AT-1`.
        var previous: FuelPrice
        /// The same station id, or another.
        var station = "AT-1"
        var keepsEarlierTime: Bool
        var testDescription: String { label }
    }

    static let earlier = Date(timeIntervalSince1970: 1_796_000_000)
    static let fetched = earlier.addingTimeInterval(3600)
    /// This build's price: self-service CNG per kg, labelled, at 1.399.
    static let current = FuelPrice(
        fuel: .cng, price: 1.399, updated: fetched, unit: .kilogram, service: .selfService, label: "CNG")

    static let keyCases: [KeyCase] = {
        func previous(_ change: (inout FuelPrice) -> Void) -> FuelPrice {
            var price = current
            price.updated = earlier
            change(&price)
            return price
        }
        return [
            KeyCase(label: "the same price", previous: previous { _ in }, keepsEarlierTime: true),
            KeyCase(
                label: "the same value written apart", previous: previous { $0.price = 1.3990000001 },
                keepsEarlierTime: true),
            KeyCase(label: "another value", previous: previous { $0.price = 1.409 }, keepsEarlierTime: false),
            KeyCase(label: "another fuel", previous: previous { $0.fuel = .lng }, keepsEarlierTime: false),
            KeyCase(label: "another unit", previous: previous { $0.unit = .cubicMetre }, keepsEarlierTime: false),
            KeyCase(label: "another service", previous: previous { $0.service = nil }, keepsEarlierTime: false),
            KeyCase(label: "another label", previous: previous { $0.label = "Erdgas" }, keepsEarlierTime: false),
            KeyCase(
                label: "another station", previous: previous { _ in }, station: "AT-2", keepsEarlierTime: false),
            KeyCase(
                label: "a previous time after this fetch", previous: previous { $0.updated = fetched + 60 },
                keepsEarlierTime: false),
        ]
    }()

    @Test(arguments: keyCases)
    func aPriceKeepsItsTimeOnlyWhenEveryPartOfItIsUnchanged(_ keyCase: KeyCase) {
        let times = FirstSeenTimes(previous: [
            Station(id: keyCase.station, country: "AT", latitude: 48.2, longitude: 16.4, prices: [keyCase.previous])
        ])
        var stations = [Station(id: "AT-1", country: "AT", latitude: 48.2, longitude: 16.4, prices: [Self.current])]
        let kept = times.apply(to: &stations)
        #expect(kept == (keyCase.keepsEarlierTime ? 1 : 0))
        #expect(stations[0].prices[0].updated == (keyCase.keepsEarlierTime ? Self.earlier : Self.fetched))
        #expect(stations[0].prices[0].price == 1.399, "only the time changes")
    }

    /// Copies the AT fixtures' responses into `feeds/AT`, less `leaving`, with a manifest dating them `fetchedAt`.
    static func placeResponses(in feeds: URL, fetchedAt: String, leaving: [String] = []) throws {
        let fixtures = RepositoryPaths.feedFixtures().appendingPathComponent("AT")
        let folder = feeds.appendingPathComponent("AT")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [String: FeedManifest.FileEntry] = [:]
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter {
            $0.hasSuffix(".json") && !$0.hasPrefix("_") && !leaving.contains($0)
        }
        for name in names.sorted() {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(name), to: folder.appendingPathComponent(name))
            files["AT/" + name] = FeedManifest.FileEntry(
                url: "https://api.e-control.at/sprit/1.0/" + name, fetchedAt: fetchedAt, status: 200, bytes: 1,
                sha256: "")
        }
        let manifest = FeedManifest(files: files, countries: ["AT": .init(status: "ok", fetchedAt: fetchedAt)])
        try JSONEncoder().encode(manifest).write(to: feeds.appendingPathComponent(FeedManifest.fileName))
    }

    /// Builds AT from `feeds` into `out`.
    static func build(_ feeds: URL, _ out: URL, builtAt: String) async throws -> BuildReport {
        let seconds = try #require(UTCTime.parse(builtAt))
        let options = BuildOptions(
            feedsDirectory: feeds, outputDirectory: out, adaptersDirectory: nil, countries: ["AT"],
            builtAt: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return try await Builder(options: options).run().0
    }

    /// The published format-1 tiles, gzipped, by key.
    static func tiles(_ out: URL) -> [String: Data] {
        var tiles: [String: Data] = [:]
        for (path, bytes) in TreeSnapshot.take(out.appendingPathComponent("fuel"))
        where path.hasPrefix("tiles/") && path.hasSuffix(".json") {
            tiles[String(path.dropFirst("tiles/".count).dropLast(".json".count))] = bytes
        }
        return tiles
    }
}
