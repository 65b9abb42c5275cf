import Foundation
import FuelFormat

/// Writes a small, deterministic published tree (`OUT/fuel/{index.json,sources.json,brands/CC.json,tiles/KEY.json}`,
/// every file gzipped) from `Station` values, for client tests that need a build without running the publisher.
public enum TileFixtures {
    /// The build time written into fixture indexes: 2025-09-27T18:00:00Z.
    public static let builtAt = Date(timeIntervalSince1970: 1_758_996_000)

    /// A query point south of Lisbon, near the 38.5°N / 9.0°W grid corner: a 10 km circle needs four tiles,
    /// 76_-19, 76_-18, 77_-19 and 77_-18.
    public static let corner = (latitude: 38.52, longitude: -8.98)

    /// The four cells a 10 km lookup at ``corner`` needs, sorted.
    public static let cornerTiles = ["76_-19", "76_-18", "77_-19", "77_-18"]

    /// Stations spread over the four corner cells, some outside 10 km, plus one in Porto (another cell).
    public static let lisbonStations: [Station] = [
        station(
            "PT-1001", "Galp", "Galp Azeitão", "EN 379, Azeitão", 38.5200, -9.0150, [diesel(1.579), petrol(1.719)]),
        station("PT-1002", "Repsol", "Repsol Coina", "Rua da Coina 2", 38.5850, -9.0500, [diesel(1.559)]),
        station("PT-1003", "BP", "BP Barreiro", "Av. do Barreiro 10", 38.6600, -9.0700, [diesel(1.599)]),
        station("PT-2001", "Prio", "Prio Palmela", "Rua de Palmela 5", 38.5690, -8.9010, [diesel(1.499), lpg(0.899)]),
        station(
            "PT-2002", "Galp", "Galp Setúbal", "Av. Luísa Todi 1", 38.5250, -8.8930,
            [diesel(1.589), petrol(1.729), FuelPrice(fuel: .gasoline98, price: 1.849, updated: days(2))]),
        station("PT-2003", "Intermarché", "Intermarché Quinta do Conde", nil, 38.5590, -8.9950, [petrol(1.689)]),
        station("PT-3001", "Cepsa", "Cepsa Aldeia", "Estrada 3", 38.4700, -9.0300, [diesel(1.569), petrol(1.699)]),
        station("PT-3002", "GALP", "Galp Vila Fresca", "Rua 4", 38.4950, -9.0050, [diesel(1.609)]),
        station(
            "PT-4001", "BP", "BP Tróia", "Tróia", 38.4900, -8.9000,
            [
                FuelPrice(fuel: .diesel, price: 1.619, updated: hours(3), service: .selfService),
                FuelPrice(fuel: .diesel, price: 1.719, updated: hours(3), service: .fullService),
                FuelPrice(fuel: .cng, price: 1.459, updated: days(1), unit: .kilogram),
            ]),
        station("PT-4002", nil, nil, "Rua Igual 1", 38.4800, -8.9600, [diesel(1.529)]),
        station("PT-4003", "Prio", "Prio Gémea", "Rua Igual 1", 38.4800, -8.9600, [diesel(1.539)]),
        station("PT-9001", "Galp", "Galp Porto", "Rua do Porto", 41.1500, -8.6100, [diesel(1.599)]),
    ]

    /// Writes the tree for `stations` under `out/fuel`, tiles on `gridDegrees` cells.
    /// - Parameter extraTiles: keys listed in the index with no tile file (a cell pruned after the index was read).
    /// - Returns: the `out/fuel` folder.
    @discardableResult
    public static func write(
        _ stations: [Station],
        to out: URL,
        gridDegrees: Double = Grid.standard.degrees,
        builtAt: Date = TileFixtures.builtAt,
        extraTiles: [String] = []
    ) throws -> URL {
        let fuel = out.appendingPathComponent("fuel", isDirectory: true)
        let manager = FileManager.default
        try manager.createDirectory(at: fuel.appendingPathComponent("tiles"), withIntermediateDirectories: true)
        try manager.createDirectory(at: fuel.appendingPathComponent("brands"), withIntermediateDirectories: true)
        let grid = Grid(degrees: gridDegrees)
        let cells = Dictionary(grouping: stations) { grid.key(latitude: $0.latitude, longitude: $0.longitude) }
        var written: [URL] = []

        for (key, members) in cells {
            let tile = Tile(key: key, stations: members.sorted { $0.id < $1.id })
            written.append(try writeJSON(tile, to: fuel.appendingPathComponent(TileFormat.tilePath(key))))
        }
        var countries: [String: CountrySummary] = [:]
        for (country, members) in Dictionary(grouping: stations, by: \.country) {
            let newest = members.flatMap(\.prices).map(\.updated).max() ?? builtAt
            countries[country] = CountrySummary(stations: members.count, updated: newest)
            let brands = Dictionary(grouping: members, by: \.brand).map {
                BrandsFile.Entry(brand: $0, stations: $1.count)
            }
            .sorted { ($1.stations, $0.brand ?? "") < ($0.stations, $1.brand ?? "") }
            written.append(
                try writeJSON(
                    BrandsFile(country: country, brands: brands),
                    to: fuel.appendingPathComponent(TileFormat.brandsPath(country))))
        }
        let sources = countries.keys.sorted().map { country in
            SourcesFile.Source(
                country: country, publisher: "Test fixture", url: "http://127.0.0.1/fixture", licence: "CC0",
                licenceUrl: "http://127.0.0.1/licence", attribution: "Test fixture", coverage: "test",
                updated: countries[country]!.updated, stations: countries[country]!.stations)
        }
        written.append(
            try writeJSON(SourcesFile(sources: sources), to: fuel.appendingPathComponent(TileFormat.sourcesPath)))
        let keys = (cells.keys.map(\.description) + extraTiles).sorted()
        let index = TileIndex(gridDegrees: gridDegrees, builtAt: builtAt, tiles: keys, countries: countries)
        written.append(try writeJSON(index, to: fuel.appendingPathComponent(TileFormat.indexPath)))
        try gzipInPlace(written)
        return fuel
    }

    /// Writes a plain (not gzipped) JSON value; used to overwrite a single file in tests.
    @discardableResult
    public static func writeJSON(_ value: some Encodable, to url: URL) throws -> URL {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(value).write(to: url)
        return url
    }

    /// Gzips files in place with `gzip -n -9` (no name, no time: deterministic bytes).
    public static func gzipInPlace(_ files: [URL]) throws {
        guard !files.isEmpty else { return }
        guard try CapturedRun.run("gzip", ["-n", "-9", "-f"] + files.map(\.path)).status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "gzip failed on fixtures"])
        }
        for file in files {
            let zipped = URL(fileURLWithPath: file.path + ".gz")
            try FileManager.default.moveItem(at: zipped, to: file)
        }
    }

    /// The JSON inside a gzipped published file, decompressed by the system `gzip` (independent of FuelClient).
    public static func gunzip(_ url: URL) throws -> Data {
        let result = try CapturedRun.run("gzip", ["-dc", url.path])
        guard result.status == 0 else {
            throw CocoaError(
                .fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "gzip -d failed on \(url.path)"])
        }
        return result.stdoutBytes
    }

    // MARK: - Building stations

    /// Seconds before ``builtAt``.
    public static func hours(_ count: Double) -> Date { builtAt.addingTimeInterval(-count * 3600) }
    public static func days(_ count: Double) -> Date { hours(count * 24) }

    private static func diesel(_ price: Double) -> FuelPrice {
        FuelPrice(fuel: .diesel, price: price, updated: hours(2))
    }

    private static func petrol(_ price: Double) -> FuelPrice {
        FuelPrice(fuel: .gasoline95, price: price, updated: hours(5))
    }

    private static func lpg(_ price: Double) -> FuelPrice { FuelPrice(fuel: .lpg, price: price, updated: days(3)) }

    private static func station(
        _ id: String,
        _ brand: String?,
        _ name: String?,
        _ address: String?,
        _ latitude: Double,
        _ longitude: Double,
        _ prices: [FuelPrice]
    ) -> Station {
        Station(
            id: id, country: "PT", name: name, brand: brand, address: address, city: "Setúbal", latitude: latitude,
            longitude: longitude, prices: prices.sorted(by: FuelPrice.canonicalOrder))
    }
}
