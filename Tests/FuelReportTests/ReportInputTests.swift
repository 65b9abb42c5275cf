import Foundation
import FuelFormat
import FuelReport
import Testing
import _FuelTestSupport

/// ``ReportInput``: the cell a station is drawn in is the cell its tile is published under.
@Suite struct ReportInputTests {
    @Test(arguments: [(38.72, -9.14, "77_-19"), (-0.1, -0.1, "-1_-1"), (41.5, 1.9, "83_3")])
    func aStationsCellIsItsTileKey(_ latitude: Double, _ longitude: Double, _ key: String) {
        let station = Station(id: "PT-1", country: "PT", latitude: latitude, longitude: longitude, prices: [])
        let input = ReportInput(
            builtAt: Date(timeIntervalSince1970: 0), gridDegrees: 0.5, stations: [station], cells: [key],
            cellChanges: [:], hasPrevious: false, countries: [], fuel: .diesel, title: "t")
        #expect(input.tileKey(of: station) == key)
    }
}

/// ``ReportInput/of(_:previous:fuel:title:)`` on real builds of the samples: the table's columns, and the cells
/// that changed since a previous build.
@Suite(.tags(.executable)) struct ReportInputOfBuildTests {
    @Test func theTableAndTheChangedCellComeFromTheBuilds() throws {
        let root = RepositoryPaths.temporaryDirectory("report-input")
        defer { try? FileManager.default.removeItem(at: root) }
        let feeds = root.appendingPathComponent("feeds")
        try FileManager.default.copyItem(at: RepositoryPaths.samples(), to: feeds)
        try Executable.publishBuild(
            feeds: feeds, out: root.appendingPathComponent("old"), builtAt: "2026-11-30T08:00:00Z")
        // One Spanish price changes: its cell, and only it, changes.
        let spain = feeds.appendingPathComponent("ES/estaciones-terrestres-barcelona-2025-09-27-first40.json")
        let text = try String(contentsOf: spain, encoding: .utf8)
        let price = try #require(text.range(of: #""Precio Gasoleo A":"1,339""#))
        try text.replacingCharacters(in: price, with: #""Precio Gasoleo A":"1,349""#).write(
            to: spain, atomically: true, encoding: .utf8)
        try Executable.publishBuild(
            feeds: feeds, out: root.appendingPathComponent("new"), builtAt: "2026-12-01T08:00:00Z")

        let old = try PublishedBuild.load(root.appendingPathComponent("old"))
        let new = try PublishedBuild.load(root.appendingPathComponent("new"))
        let input = ReportInput.of(new, previous: old, fuel: .diesel, title: "t")
        #expect(input.hasPrevious)
        #expect(input.cellChanges.count == 1)
        #expect(input.cellChanges.values.first == .changed)
        #expect(input.stations.count == new.stations.count)
        #expect(input.countries.map(\.country) == RegisteredCountries.codes)
        let austria = try #require(input.countries.first)
        #expect(austria.rejected == ["no-current-price": 5], "from the saved report")
        #expect(austria.previousStations == austria.stations)
        for country in input.countries {
            #expect(country.tiles > 0 && country.bytes > 0, "\(country.country)")
            #expect(abs(country.feedAgeHours - new.index.builtAt.timeIntervalSince(country.feedTime) / 3600) < 1e-9)
        }
        // Each country's trend is read with its build: one day so far, since the build's day.
        for country in input.countries {
            #expect(country.trend?.days.map(\.day) == ["2026-12-01"], "\(country.country)")
            #expect(country.trend?.since == "2026-12-01" && country.trendProblem == nil, "\(country.country)")
        }
        // Without a previous build nothing is outlined; a copy of a fuel/ folder reads as a build too.
        let copy = root.appendingPathComponent("copy/fuel")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("old/fuel").resolvingSymlinksInPath(), to: copy)
        let alone = ReportInput.of(try PublishedBuild.load(copy), previous: nil, fuel: .diesel, title: "t")
        #expect(!alone.hasPrevious && alone.cellChanges.isEmpty)
        #expect(alone.stations.count == old.stations.count)
        // A trend the index lists that cannot be read is said in its row, and the report is still made.
        try Data("not gzip".utf8).write(to: copy.appendingPathComponent("trends/ES.json"))
        let damaged = ReportInput.of(try PublishedBuild.load(copy), previous: nil, fuel: .diesel, title: "t")
        let damagedSpain = try #require(damaged.countries.first { $0.country == "ES" })
        let problem = damagedSpain.trendProblem ?? ""
        #expect(damagedSpain.trend == nil && problem.hasPrefix("ES.json: "), "\(problem)")
        #expect(damaged.countries.filter { $0.trend != nil }.count == 4)
    }
}
