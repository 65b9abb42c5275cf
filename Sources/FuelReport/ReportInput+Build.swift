import Foundation
import FuelFormat

extension ReportInput {
    /// What the report shows of `build`, compared with `previous` when given.
    /// - Parameters:
    ///   - fuel: the fuel the map colours by when it opens.
    ///   - title: the page's title line.
    public static func of(
        _ build: PublishedBuild, previous: PublishedBuild?, fuel: FuelCode, title: String
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
            return country
        }
        let changes = previous.map { BuildComparison.between($0, build).cellChanges } ?? [:]
        return ReportInput(
            builtAt: build.index.builtAt, gridDegrees: build.index.gridDegrees, stations: build.stations,
            cells: build.index.tiles, cellChanges: changes, hasPrevious: previous != nil, countries: countries,
            fuel: fuel, title: title)
    }
}
