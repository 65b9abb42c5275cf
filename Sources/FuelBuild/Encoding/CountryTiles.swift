import Foundation
import FuelFeeds
import FuelFormat
import FuelPublishing

/// One country's stations, encoded for the tiles they fall in: each cell's station objects as JSON, in id order,
/// ready to be joined with the other countries' into the tile.
///
/// A build encodes a country as soon as it is validated, on the worker that parsed it. Its `Station` values can go
/// then, so a build holds each station once as compact JSON instead of several copies of the struct, and the
/// encoding overlaps the parsing of the countries still being read.
public struct CountryTiles: Sendable {
    /// One cell's stations of this country.
    struct Cell: Sendable, Equatable {
        /// The station ids, in the order of `json`: byte order of their UTF-8, as the tile wants them.
        var ids: [String]
        /// The station objects separated by commas: the inside of a tile's `stations` array (a slice, so that the
        /// cells of a kept state share the bytes of the file they were read from).
        var json: ArraySlice<UInt8>
        /// Where each station's object ends in `json`; the next one starts one byte later, after its comma.
        var ends: [Int]

        /// The bytes of the station at `position`.
        func station(_ position: Int) -> ArraySlice<UInt8> {
            let start = json.startIndex
            return json[(start + (position == 0 ? 0 : ends[position - 1] + 1))..<(start + ends[position])]
        }
    }

    public var config: CountryConfig
    public var referenceTime: Date
    /// Set when the stations are the previous build's, carried forward: its last fresh build's `builtAt`.
    public var carriedSince: Date?
    /// Stations encoded.
    public var stationCount: Int
    /// JSON bytes of the country's station objects, separators not counted.
    public var stationBytes: Int
    /// Stations per normalised brand; nil is the unknown brand.
    var brandCounts: [String?: Int]
    /// The figures of the stations' displayed prices per fuel and unit: the row a trend gets for the build's day
    /// (``TrendFile/Day/init(day:stations:)``).
    var trendFigures: [TrendFile.Figures]
    /// The cells holding at least one station of the country (emptied once handed to a ``TileAssembler``).
    var cells: [TileKey: Cell]
    /// How many cells hold its stations.
    public var cellCount: Int
    /// True when the cells are the previous build's, taken whole from its kept state (``KeptState``): a tile made
    /// only of such cells, of the same countries as before, is the previous build's tile (``TileAssembler``).
    var cellsAreKept = false
    /// The cells holding its stations, unsorted (empty once handed to a ``TileAssembler``).
    package var cellKeys: [TileKey] { Array(cells.keys) }

    /// A country taken from a build's kept state: its cells, counts and figures as that build encoded them.
    init(
        config: CountryConfig, referenceTime: Date, stationCount: Int, stationBytes: Int, brandCounts: [String?: Int],
        trendFigures: [TrendFile.Figures], keptCells: [TileKey: Cell]
    ) {
        self.config = config
        self.referenceTime = referenceTime
        self.stationCount = stationCount
        self.stationBytes = stationBytes
        self.brandCounts = brandCounts
        self.trendFigures = trendFigures
        cells = keptCells
        cellCount = keptCells.count
        cellsAreKept = true
    }

    /// Encodes a validated country on the given grid.
    public init(_ dataset: CountryDataset, grid: Grid = .standard) {
        config = dataset.config
        referenceTime = dataset.referenceTime
        carriedSince = dataset.carriedSince
        let stations = dataset.stations
        stationCount = stations.count
        var members: [TileKey: [Int]] = [:]
        var brands: [String?: Int] = [:]
        for (position, station) in stations.enumerated() {
            members[grid.key(latitude: station.latitude, longitude: station.longitude), default: []].append(position)
            brands[station.brand, default: 0] += 1
        }
        brandCounts = brands
        trendFigures = TrendFile.Day(day: "", stations: stations).fuels
        var cells: [TileKey: Cell] = [:]
        cells.reserveCapacity(members.count)
        var total = 0
        var writer = JSONWriter(capacity: 1 << 16)
        for (key, positions) in members {
            let ordered = positions.sorted { DatasetAssembler.idPrecedes(stations[$0].id, stations[$1].id) }
            writer.removeAll()
            var ends: [Int] = []
            ends.reserveCapacity(ordered.count)
            for position in ordered {
                if !ends.isEmpty { writer.raw(byte: UInt8(ascii: ",")) }
                TileEncoder.writeStation(stations[position], to: &writer)
                ends.append(writer.bytes.count)
            }
            total += writer.bytes.count - (ordered.count - 1)
            cells[key] = Cell(ids: ordered.map { stations[$0].id }, json: ArraySlice(writer.bytes), ends: ends)
        }
        stationBytes = total
        self.cells = cells
        cellCount = cells.count
    }
}
