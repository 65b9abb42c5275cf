import Foundation
import FuelFormat

/// How a build differs from an earlier one, per country: stations added, removed and moved, prices changed per
/// fuel, tiles changed, added and removed. `fuel-publish diff` prints it; the map report outlines its cells.
public struct BuildComparison: Sendable, Encodable, Equatable {
    /// A station named in the comparison.
    public struct Example: Sendable, Encodable, Equatable {
        public var id: String
        /// The name, else the brand, else nil (FR publishes neither).
        public var name: String?
        /// How far it moved, for a moved station.
        public var metres: Int?
    }

    /// One station's price of one fuel, before and after.
    public struct PriceMove: Sendable, Encodable, Equatable {
        public var id: String
        public var name: String?
        public var old: Double
        public var new: Double
        /// `new − old`, rounded to 0.1 cent.
        public var change: Double
    }

    /// One fuel's price changes within a country.
    public struct FuelChanges: Sendable, Encodable, Equatable {
        /// The fuel code, with the service in brackets where prices say it: `diesel (self)`.
        public var fuel: String
        /// Stations in both builds whose price of this fuel differs.
        public var changed: Int
        /// Median of those changes, €/l (or €/kg for a fuel sold by weight).
        public var medianChange: Double
        /// Up to 5 largest rises, largest first, and falls, largest first.
        public var rises: [PriceMove]
        public var falls: [PriceMove]
    }

    /// Tiles that differ, by their stored bytes.
    public struct TileCounts: Sendable, Encodable, Equatable {
        public var changed = 0
        public var added = 0
        public var removed = 0
    }

    /// One country's differences.
    public struct Country: Sendable, Encodable, Equatable {
        public var country: String
        public var stationsBefore: Int
        public var stationsAfter: Int
        public var added: Int
        public var removed: Int
        /// Stations in both builds more than 100 m from where they were.
        public var moved: Int
        /// Stations in both builds with at least one price that changed.
        public var stationsWithPriceChanges: Int
        /// Up to 10 of each, by id.
        public var addedExamples: [Example]
        public var removedExamples: [Example]
        public var movedExamples: [Example]
        /// Per fuel, by code.
        public var prices: [FuelChanges]
        /// Tiles holding the country's stations in either build.
        public var tiles: TileCounts
    }

    /// The builds' `builtAt`.
    public var oldBuiltAt: Date
    public var newBuiltAt: Date
    /// Every country of either build, by code.
    public var countries: [Country]
    /// All tiles.
    public var tiles: TileCounts
    /// Each cell that differs, by key.
    public var cellChanges: [String: ReportInput.CellChange]
    /// The new build's verdict against the old, when the caller computed it (``BuildVerdict/of(_:previous:thresholds:)``).
    public var verdict: BuildVerdict?

    /// A station farther than this from where it was has moved.
    public static let movedMetres = 100.0
    /// Examples listed per kind.
    public static let examples = 10

    /// Compares two builds.
    public static func between(_ old: PublishedBuild, _ new: PublishedBuild) -> BuildComparison {
        var cellChanges: [String: ReportInput.CellChange] = [:]
        for (key, digest) in new.tileDigests {
            guard let before = old.tileDigests[key] else {
                cellChanges[key] = .added
                continue
            }
            if before != digest { cellChanges[key] = .changed }
        }
        for key in old.tileDigests.keys where new.tileDigests[key] == nil { cellChanges[key] = .removed }

        let oldByID = old.stationsByID
        let newByID = new.stationsByID
        let countries = Set(old.index.countries.keys).union(new.index.countries.keys)
            .union(old.stations.map(\.country)).union(new.stations.map(\.country)).sorted()
        let comparisons = countries.map { country in
            compare(country, old: old, new: new, oldByID: oldByID, newByID: newByID, cellChanges: cellChanges)
        }
        var tiles = TileCounts()
        for change in cellChanges.values {
            switch change {
            case .changed: tiles.changed += 1
            case .added: tiles.added += 1
            case .removed: tiles.removed += 1
            }
        }
        return BuildComparison(
            oldBuiltAt: old.index.builtAt, newBuiltAt: new.index.builtAt, countries: comparisons, tiles: tiles,
            cellChanges: cellChanges)
    }

    private static func compare(
        _ country: String, old: PublishedBuild, new: PublishedBuild, oldByID: [String: Station],
        newByID: [String: Station], cellChanges: [String: ReportInput.CellChange]
    ) -> Country {
        let before = old.stations.filter { $0.country == country }
        let after = new.stations.filter { $0.country == country }
        let added = after.filter { oldByID[$0.id] == nil }.sorted { $0.id < $1.id }
        let removed = before.filter { newByID[$0.id] == nil }.sorted { $0.id < $1.id }
        var moved: [Example] = []
        var moves: [String: [PriceMove]] = [:]
        var repriced = Set<String>()
        for station in after.sorted(by: { $0.id < $1.id }) {
            guard let previous = oldByID[station.id] else { continue }
            let metres =
                Earth.distanceKm(
                    fromLatitude: previous.latitude, longitude: previous.longitude, toLatitude: station.latitude,
                    longitude: station.longitude) * 1000
            if metres > movedMetres {
                moved.append(Example(id: station.id, name: name(station), metres: Int(metres.rounded())))
            }
            // A fuel can have a self-service and an attended price (IT): each is compared with its own.
            let oldPrices = Dictionary(
                previous.prices.map { (Self.priceKey($0), $0.price) }, uniquingKeysWith: { first, _ in first })
            for price in station.prices {
                guard let was = oldPrices[Self.priceKey(price)], was != price.price else { continue }
                let change = ((price.price - was) * 1000).rounded() / 1000
                repriced.insert(station.id)
                moves[Self.priceKey(price), default: []].append(
                    PriceMove(id: station.id, name: name(station), old: was, new: price.price, change: change))
            }
        }
        let prices = moves.keys.sorted().map { fuel -> FuelChanges in
            let all = moves[fuel] ?? []
            let changes = all.map(\.change).sorted()
            let middle = changes.count / 2
            let median = changes.count % 2 == 1 ? changes[middle] : (changes[middle - 1] + changes[middle]) / 2
            let rises = all.filter { $0.change > 0 }.sorted { ($0.change, $1.id) > ($1.change, $0.id) }
            let falls = all.filter { $0.change < 0 }.sorted { ($0.change, $0.id) < ($1.change, $1.id) }
            return FuelChanges(
                fuel: fuel, changed: all.count, medianChange: (median * 10000).rounded() / 10000,
                rises: Array(rises.prefix(5)), falls: Array(falls.prefix(5)))
        }
        let keys = Set(before.compactMap { old.tileOfStation[$0.id] } + after.compactMap { new.tileOfStation[$0.id] })
        var tiles = TileCounts()
        for key in keys {
            switch cellChanges[key] {
            case .changed?: tiles.changed += 1
            case .added?: tiles.added += 1
            case .removed?: tiles.removed += 1
            case nil: break
            }
        }
        return Country(
            country: country, stationsBefore: before.count, stationsAfter: after.count, added: added.count,
            removed: removed.count, moved: moved.count, stationsWithPriceChanges: repriced.count,
            addedExamples: added.prefix(examples).map { Example(id: $0.id, name: name($0), metres: nil) },
            removedExamples: removed.prefix(examples).map { Example(id: $0.id, name: name($0), metres: nil) },
            movedExamples: Array(moved.prefix(examples)), prices: prices, tiles: tiles)
    }

    private static func name(_ station: Station) -> String? { station.name ?? station.brand }

    /// `diesel`, or `diesel (self)` and `diesel (attended)` where a station sells both ways.
    static func priceKey(_ price: FuelPrice) -> String {
        price.service.map { "\(price.fuel.rawValue) (\($0.rawValue))" } ?? price.fuel.rawValue
    }

    private enum CodingKeys: String, CodingKey { case oldBuiltAt, newBuiltAt, countries, tiles, cellChanges, verdict }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(UTCTime.format(oldBuiltAt), forKey: .oldBuiltAt)
        try container.encode(UTCTime.format(newBuiltAt), forKey: .newBuiltAt)
        try container.encode(countries, forKey: .countries)
        try container.encode(tiles, forKey: .tiles)
        try container.encode(cellChanges.mapValues(\.rawValue), forKey: .cellChanges)
        try container.encodeIfPresent(verdict, forKey: .verdict)
    }
}
