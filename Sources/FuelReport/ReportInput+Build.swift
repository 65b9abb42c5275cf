import Foundation
import FuelBuild
import FuelFeeds
import FuelFormat

extension ReportInput {
    /// What the report shows of `build`, compared with `previous` when given.
    /// - Parameters:
    ///   - fuel: the fuel the map colours by when it opens.
    ///   - title: the page's title line.
    ///   - adaptersDirectory: where each country's `source.json` (its coverage boxes) is read; nil for the built-in.
    public static func of(
        _ build: PublishedBuild, previous: PublishedBuild?, fuel: FuelCode, title: String,
        adaptersDirectory: URL? = nil
    ) -> ReportInput {
        var tilesOfCountry: [String: Set<String>] = [:]
        for station in build.stations {
            if let key = build.tileOfStation[station.id] { tilesOfCountry[station.country, default: []].insert(key) }
        }
        let reported = Dictionary(
            (build.report?.countries ?? []).map { ($0.country, $0) }, uniquingKeysWith: { first, _ in first })
        let countries = build.index.countries.keys.sorted().map { code -> Country in
            let summary = build.index.countries[code]
            let tiles = tilesOfCountry[code] ?? []
            var country = Country(
                country: code, stations: summary?.stations ?? 0,
                previousStations: previous?.index.countries[code]?.stations,
                rejected: reported[code]?.rejected ?? [:], feedTime: summary?.updated ?? build.index.builtAt,
                feedAgeHours: build.index.builtAt.timeIntervalSince(summary?.updated ?? build.index.builtAt) / 3600,
                carriedSince: summary?.carriedSince, tiles: tiles.count,
                bytes: tiles.reduce(0) { $0 + (build.tileBytes[$1] ?? 0) })
            country.reasons = reported[code]?.reasons ?? [:]
            country.trend = build.trends[code]
            country.trendProblem = build.trendProblems[code]
            country.coverage =
                (try? CountryConfig.load(country: code, adaptersDirectory: adaptersDirectory))?.boxes ?? []
            return country
        }
        var input = ReportInput(
            builtAt: build.index.builtAt, gridDegrees: build.index.gridDegrees, stations: build.stations,
            cells: build.index.tiles, cellChanges: [:], hasPrevious: previous != nil, countries: countries,
            fuel: fuel, title: title)
        if let previous {
            input.previousStations = previous.stations
            input.cellChanges = cellChanges(build, previous: previous)
        }
        return input
    }

    /// Cells whose tile bytes changed (by digest), and cells filled or emptied: judged by the stations in them, so a
    /// cell's stations, not its file, say whether it holds any.
    private static func cellChanges(_ build: PublishedBuild, previous: PublishedBuild) -> [String: CellChange] {
        var changes = BuildComparison.between(previous, build).cellChanges.filter { $0.value == .changed }
        let now = stationCells(build)
        let before = stationCells(previous)
        for key in now.subtracting(before) { changes[key] = .added }
        for key in before.subtracting(now) { changes[key] = .removed }
        return changes
    }

    private static func stationCells(_ build: PublishedBuild) -> Set<String> {
        let grid = Grid(degrees: build.index.gridDegrees)
        return Set(build.stations.map { grid.key(latitude: $0.latitude, longitude: $0.longitude).description })
    }
}
