import Foundation
import FuelFormat
import FuelReport
import Testing
import _FuelTestSupport

/// ``ReportPage`` opened in headless Chromium (``ReportBrowser``) on real builds: it requests nothing, logs no error,
/// draws every station the build published, recolours for another fuel, and shows a hovered station's details.
/// Each test leaves its page and a screenshot in `.build/report-screenshots/`.
@Suite(.tags(.browser), .serialized) struct ReportPageBrowserTests {
    /// The legend the page must show for `fuel`: min, median and max of the stations' litre prices (self service
    /// where a station has both), in thousandths of a euro, the median of an even count rounded half up.
    static func legend(_ input: ReportInput, fuel: FuelCode) -> String {
        let prices = input.stations.compactMap { price($0, fuel: fuel) }.map(thousandths).sorted()
        guard let low = prices.first, let high = prices.last else { return "no prices" }
        let middle = prices.count / 2
        let median = prices.count % 2 == 1 ? prices[middle] : (prices[middle - 1] + prices[middle] + 1) / 2
        return "min \(euros(low)) · median \(euros(median)) · max \(euros(high)) €/l"
    }

    static func price(_ station: Station, fuel: FuelCode) -> FuelPrice? {
        let matches = station.prices.filter { $0.fuel == fuel && $0.unit == .litre }
        return matches.first { $0.service == .selfService } ?? matches.first
    }

    static func thousandths(_ price: FuelPrice) -> Int { Int((price.price * 1000).rounded()) }

    static func euros(_ thousandths: Int) -> String {
        "\(thousandths / 1000).\(String(repeating: "0", count: 3 - String(thousandths % 1000).count))\(thousandths % 1000)"
    }

    /// The named station with a diesel price farthest from any other, so the mouse on its dot finds it alone.
    static func loneStation(_ input: ReportInput) throws -> Station {
        let candidates = input.stations.filter { $0.name != nil && price($0, fuel: .diesel) != nil }
        func gap(_ station: Station) -> Double {
            input.stations.lazy.filter { $0.id != station.id }.map {
                hypot($0.latitude - station.latitude, $0.longitude - station.longitude)
            }.min() ?? .infinity
        }
        return try #require(candidates.max { gap($0) < gap($1) }, "no named station with a diesel price")
    }

    /// What every opened page must show: no request but its own load, no error, every station drawn.
    static func expectClean(_ run: ReportBrowser.Run, stations: Int, sourceLocation: SourceLocation = #_sourceLocation)
    {
        #expect(run.blockedRequests == [], "the page made requests", sourceLocation: sourceLocation)
        #expect(run.allowedRequests == 1, sourceLocation: sourceLocation)
        #expect(run.consoleErrors == [], sourceLocation: sourceLocation)
        #expect(run.pageErrors == [], sourceLocation: sourceLocation)
        #expect(run.dialogs == [], sourceLocation: sourceLocation)
        #expect(run.report.stationCount == stations, sourceLocation: sourceLocation)
        #expect(run.report.stationsDrawn == stations, sourceLocation: sourceLocation)
        #expect(
            run.countText == "\(stations.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) "
                + "stations drawn", sourceLocation: sourceLocation)
        if let screenshot = run.screenshot {
            let bytes = FileManager.default.contents(atPath: screenshot) ?? Data()
            #expect(
                bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "no PNG at \(screenshot)", sourceLocation: sourceLocation)
        } else {
            Issue.record("no screenshot written", sourceLocation: sourceLocation)
        }
    }

    /// The hovered station's tooltip: name, diesel price, its time and its tile.
    static func expectTooltip(_ run: ReportBrowser.Run, of station: Station, in input: ReportInput) throws {
        let tooltip = try #require(run.hover?.tooltip, "no tooltip for \(station.id)")
        let diesel = try #require(price(station, fuel: .diesel))
        let name = try #require(station.name)
        #expect(tooltip.contains(name), "\(tooltip)")
        #expect(tooltip.contains("diesel \(euros(thousandths(diesel))) €/l"), "\(tooltip)")
        #expect(tooltip.contains("updated \(UTCTime.format(diesel.updated))"), "\(tooltip)")
        #expect(tooltip.contains("tile \(input.tileKey(of: station))"), "\(tooltip)")
    }

    @Test(.tags(.executable)) func theSampleBuildRequestsNothingAndDrawsEveryStation() throws {
        let build = try BuiltReport.samples()
        defer { build.remove() }
        let station = try Self.loneStation(build.input)
        let run = try ReportBrowser.open(
            ReportPage.html(build.input), named: "samples", hover: station.id, fuel: "lpg", zoom: true)

        Self.expectClean(run, stations: build.stationCount)
        #expect(run.report.cellsDrawn == build.index.tiles.count)
        #expect(run.report.fuel == "diesel")
        #expect(run.report.legend == Self.legend(build.input, fuel: .diesel))
        try Self.expectTooltip(run, of: station, in: build.input)
        let change = try #require(run.fuelChange)
        #expect(change.fuel == "lpg")
        #expect(change.legend == Self.legend(build.input, fuel: .lpg))
        #expect(change.legend != run.report.legend)
        #expect(change.legendTicks != run.legendTicks, "the legend on the page did not change")
        #expect(change.stationsDrawn == build.stationCount)
        let zoom = try #require(run.zoom)
        #expect(zoom.stationsDrawn > 0 && zoom.stationsDrawn < build.stationCount, "zoom drew \(zoom.stationsDrawn)")
        #expect(zoom.countText.hasSuffix("of \(build.stationCount) stations drawn"))
        #expect(zoom.fitStationsDrawn == build.stationCount)
    }

    @Test(.tags(.executable)) func aGeneratedBuildRequestsNothingAndDrawsEveryStation() throws {
        let build = try BuiltReport.generated(scale: "0.05", seed: "3")
        defer { build.remove() }
        #expect(build.stationCount > 1000)
        let station = try Self.loneStation(build.input)
        let run = try ReportBrowser.open(ReportPage.html(build.input), named: "generated", hover: station.id)

        Self.expectClean(run, stations: build.stationCount)
        #expect(run.report.legend == Self.legend(build.input, fuel: .diesel))
        try Self.expectTooltip(run, of: station, in: build.input)
        let change = try #require(run.fuelChange)
        #expect(change.legend == Self.legend(build.input, fuel: FuelCode(rawValue: change.fuel)))
        #expect(change.legend != run.report.legend)
    }

    /// Odd and even counts with distinct neighbours, so a median one place off or not averaged shows.
    /// The country table charts each country's trend of the chosen fuel, and says its last median and its change
    /// since the first day charted; another fuel charts only its own days.
    @Test func theTrendChartFollowsTheChosenFuel() throws {
        let run = try ReportBrowser.open(
            ReportPage.html(ReportDataTrendsTests.input()), named: "trends", fuel: "gasoline_95")
        #expect(run.pageErrors == [] && run.consoleErrors == [])
        #expect(run.report.trends == ["ES": .init(points: 3, text: "1.432 (−0.027 since 2026-11-28)")])
        let e5 = try #require(run.fuelChange)
        #expect(e5.fuel == "gasoline_95")
        #expect(e5.trends == ["ES": .init(points: 2, text: "1.549 (−0.010 since 2026-11-28)")])
    }

    @Test func theLegendIsTheMinMedianAndMaxOfTheChosenFuel() throws {
        let updated = ReportDataTests.day
        func station(_ number: Int, diesel: Double?, lpg: Double?) -> Station {
            let prices =
                [diesel.map { FuelPrice(fuel: .diesel, price: $0, updated: updated) }]
                + [lpg.map { FuelPrice(fuel: .lpg, price: $0, updated: updated) }]
            return Station(
                id: "PT-\(number)", country: "PT", name: "Station \(number)", latitude: 38 + Double(number) / 10,
                longitude: -9, prices: prices.compactMap { $0 })
        }
        let stations = [
            station(1, diesel: 1.5, lpg: 0.9), station(2, diesel: 1.1, lpg: 0.801),
            station(3, diesel: 1.2, lpg: 0.8), station(4, diesel: nil, lpg: 0.7), station(5, diesel: nil, lpg: nil),
        ]
        let input = ReportInput(
            builtAt: updated, gridDegrees: 0.5, stations: stations, cells: ["76_-18", "77_-18"], cellChanges: [:],
            hasPrevious: false, countries: [], fuel: .diesel, title: "legend")
        let run = try ReportBrowser.open(ReportPage.html(input), named: "legend", fuel: "lpg")

        Self.expectClean(run, stations: 5)
        #expect(run.report.legend == "min 1.100 · median 1.200 · max 1.500 €/l")
        #expect(run.fuelChange?.legend == "min 0.700 · median 0.801 · max 0.900 €/l")
        #expect(run.fuelChange?.legendTicks == "≤ p5\nlpg €/l\n≥ p95")
        #expect(Self.legend(input, fuel: .lpg) == "min 0.700 · median 0.801 · max 0.900 €/l")
    }

    @Test(.tags(.executable)) func hostileFeedTextIsShownAsTextAndRunsNothing() throws {
        let build = try BuiltReport.samples()
        defer { build.remove() }
        let input = HostileStations.added(to: build.input)
        let run = try ReportBrowser.open(ReportPage.html(input), named: "hostile", hover: HostileStations.id)

        Self.expectClean(run, stations: build.stationCount + HostileStations.stations.count)
        let tooltip = try #require(run.hover?.tooltip)
        #expect(tooltip.contains(HostileStations.name))
        #expect(tooltip.contains(HostileStations.brand))
        #expect(tooltip.contains(HostileStations.address))
        #expect(tooltip.contains(HostileStations.id))
        #expect(tooltip.contains("diesel 1.234 €/l"))
    }

    @Test(.tags(.executable)) func cellsThatChangedSinceThePreviousBuildAreOutlined() throws {
        let build = try BuiltReport.samples()
        defer { build.remove() }
        var input = build.input
        let cells = Set(input.cells)
        let start = try #require(TileKey(input.cells[2]))
        let removed = try #require(
            (1...50).lazy.map { TileKey(row: start.row, column: start.column + $0).description }.first {
                !cells.contains($0)
            })
        input.hasPrevious = true
        input.previousStations = input.stations
        input.cellChanges = [input.cells[0]: .changed, input.cells[1]: .added, removed: .removed]
        let run = try ReportBrowser.open(ReportPage.html(input), named: "changes", toggle: ["cells-changed"])

        Self.expectClean(run, stations: build.stationCount)
        // A cell whose tile bytes changed is news only when asked for: its layer starts off.
        #expect(run.report.changesDrawn == ["changed": 0, "added": 1, "removed": 1])
        #expect(run.layerCounts["cells-changed"] == "(1)")
        let toggled = try #require(run.toggled?["cells-changed"])
        #expect(toggled.checked && toggled.layersDrawn["cells-changed"] == 1)
        #expect(run.report.cellsDrawn == input.cells.count)

        let unchanged = try ReportBrowser.open(ReportPage.html(build.input), named: "no-previous")
        #expect(unchanged.report.changesDrawn == ["changed": 0, "added": 0, "removed": 0])
    }
}
