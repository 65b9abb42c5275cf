import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat

/// What the next build needs of one published country, kept in the form it needs, so that it never reads the
/// country's tiles back:
/// - each cell's station objects exactly as the tiles hold them (``CountryTiles/Cell``), with the country's brand
///   counts and trend figures: a country whose inputs did not change is taken from these whole;
/// - per price of each station, its slot, value, `updated` and last change: a changed country's ``LastChanges`` and
///   ``FirstSeenTimes`` are made from these.
///
/// The build keeps it beside `OUT/fuel` (never uploaded), one file per country, `OUT/.kept-state/<CC>`, in a format
/// read without Foundation's decoder (``encoded(country:build:)`` gives the layout). Like the other sidecars it is
/// trusted only for the build `OUT/fuel` links to, and only whole: a version, build, country or checksum that does not
/// match, or a station count other than the published index's, makes the build read the tiles instead, with a note.
struct KeptState: Sendable, Equatable {
    /// One published price.
    struct Price: Sendable, Equatable {
        var station: String
        var slot: LastChanges.Key
        /// The value in thousandths, as published.
        var thousandths: Int64
        /// `updated`, in whole seconds.
        var updated: Int64
        /// `was` in thousandths and `changed` in whole seconds, when the price has a last change.
        var was: Int64?
        var changed: Int64?
    }

    /// The country's published stations, those without a price included.
    var stations: Int
    /// JSON bytes of the station objects, separators not counted (``CountryTiles/stationBytes``).
    var stationBytes: Int
    /// The earliest `changed` of any price, in seconds; nil when no price has a last change. Once it is older than
    /// ``LastChanges/window`` the published bytes would change without any input changing, so the cells are not
    /// taken whole.
    var earliestChange: Int64?
    /// Stations per normalised brand; nil is the unknown brand.
    var brandCounts: [String?: Int]
    /// The trend figures of the stations' displayed prices (``CountryTiles/trendFigures``).
    var trendFigures: [TrendFile.Figures]
    /// Each cell's station objects, as published.
    var cells: [TileKey: CountryTiles.Cell]
    /// The price lines as written (one per price, stations by id): parsed by ``prices()`` only when a
    /// changed feed needs them.
    var priceLines: [UInt8]

    /// The folder in `OUT` holding one file per country.
    static let folderName = ".kept-state"
    static let version = 2
    static let magic = "fueltiles-kept-state"

    /// Why a kept state cannot be used: for the note that says the tiles were read instead.
    struct Unusable: Error, Sendable, CustomStringConvertible {
        let description: String
    }

    /// The state of a country as it is published: `stations`, the validated stations in their final form, and
    /// `tiles`, their encoding, before its cells are handed to the assembler.
    init(stations: [Station], tiles: CountryTiles) {
        var lines: [UInt8] = []
        lines.reserveCapacity(stations.count * 160)
        var earliest: Int64?
        // By id, so that the same stations give the same lines whether they came from a feed or from tiles.
        for position in stations.indices.sorted(by: { DatasetAssembler.idPrecedes(stations[$0].id, stations[$1].id) }) {
            let station = stations[position]
            for price in station.prices {
                var kept = Price(
                    station: station.id, slot: LastChanges.Key(price), thousandths: Self.thousandths(price.price),
                    updated: Self.seconds(price.updated))
                if let was = price.was, let changed = price.changed {
                    kept.was = Self.thousandths(was)
                    kept.changed = Self.seconds(changed)
                    earliest = Swift.min(earliest ?? .max, Self.seconds(changed))
                }
                Self.appendLine(kept, to: &lines)
            }
        }
        self.init(
            stations: tiles.stationCount, stationBytes: tiles.stationBytes, earliestChange: earliest,
            brandCounts: tiles.brandCounts, trendFigures: tiles.trendFigures, cells: tiles.cells, priceLines: lines)
    }

    init(
        stations: Int, stationBytes: Int, earliestChange: Int64?, brandCounts: [String?: Int],
        trendFigures: [TrendFile.Figures], cells: [TileKey: CountryTiles.Cell], priceLines: [UInt8]
    ) {
        self.stations = stations
        self.stationBytes = stationBytes
        self.earliestChange = earliestChange
        self.brandCounts = brandCounts
        self.trendFigures = trendFigures
        self.cells = cells
        self.priceLines = priceLines
    }

    static func thousandths(_ value: Double) -> Int64 { Int64((value * 1000).rounded()) }
    static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

    /// True when the country, built again at `builtAt` from the same inputs, publishes exactly these cells: no last
    /// change has aged out of its window since.
    func cellsHold(at builtAt: Date) -> Bool {
        guard let earliestChange else { return true }
        return LastChanges.isCurrent(Date(timeIntervalSince1970: TimeInterval(earliestChange)), builtAt: builtAt)
    }

    /// The country's tiles, taken from the state: the same cells, brands and figures its build encoded.
    func tiles(config: CountryConfig, referenceTime: Date) -> CountryTiles {
        CountryTiles(
            config: config, referenceTime: referenceTime, stationCount: stations, stationBytes: stationBytes,
            brandCounts: brandCounts, trendFigures: trendFigures, keptCells: cells)
    }

    // MARK: OUT

    /// The kept state of `country` for the build `OUT/fuel` links to, which published `stations` stations of it, and
    /// the file's bytes (which ``Sink/rewrite(_:country:)`` keeps for the next build when nothing changed).
    /// - Throws: ``Unusable`` when there is none, it cannot be used, or it counts other stations.
    static func load(
        _ country: String, stations: Int, from output: OutputDirectory
    ) throws(Unusable) -> (state: KeptState, file: [UInt8]) {
        guard let build = output.currentBuildName() else { throw Unusable(description: "no build is published") }
        let url = output.root.appendingPathComponent(folderName).appendingPathComponent(country)
        guard let file = FileBytes.contents(of: url.path) else {
            throw Unusable(description: "\(folderName)/\(country) is missing")
        }
        let state = try KeptState(parsing: file, country: country, build: build)
        guard state.stations == stations else {
            throw Unusable(description: "it counts \(state.stations) stations, the published index \(stations)")
        }
        return (state, file)
    }
}
