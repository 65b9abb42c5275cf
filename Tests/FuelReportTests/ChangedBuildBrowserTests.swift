import Foundation
import FuelFormat
import FuelReport
import Testing
import _FuelTestSupport

/// The page answers "is today's build sane?" in headless Chromium, on the generated build of ``BuildVerdictTests``
/// compared with itself unchanged, and with Madrid's stations removed, three Portuguese diesel prices set to 0.30 and
/// Austria carried: the verdict banner, the removed-stations layer, the outlier list and the carried country's
/// hatching. Screenshots are left in `.build/report-screenshots/changed-build-*.png`.
@Suite(.tags(.browser, .executable), .serialized) struct ChangedBuildBrowserTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var changed: Bool
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "unchanged", changed: false),
        Case(name: "region-removed-outliers-carried", changed: true),
    ]

    static let carriedSince = "2026-11-29T08:00:00Z"

    @Test(arguments: cases) func theVerdictAndTheLayersShowWhatChanged(_ example: Case) throws {
        let previous = try BuildVerdictTests.generated.get()
        var build = previous
        if example.changed {
            for change in BuildVerdictTests.cases[1...3] { change.change(&build) }
            Self.addLastChanges(&build)
        }
        let verdict = BuildVerdict.of(build, previous: previous)
        var input = ReportInput.of(build, previous: previous, fuel: .diesel, title: "changed build \(example.name)")
        input.verdict = verdict
        let run = try ReportBrowser.open(
            ReportPage.html(input), named: "changed-build-\(example.name)", toggle: ["stations-removed"],
            clickOutlier: example.changed)
        #expect(run.pageErrors == [] && run.consoleErrors == [] && run.blockedRequests == [])
        let banner = (run.verdict ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let removed = example.changed ? previous.stations.count(where: BuildVerdictTests.inMadrid) : 0
        let outliers = example.changed ? BuildVerdictTests.outlierIDs(previous) : []
        try #require(!example.changed || (removed > 10 && outliers.count == 3))

        // The verdict: OK unchanged; else CHECK naming the carried country, Spain's loss and the outliers.
        #expect(banner == [verdict.status.rawValue] + verdict.reasons.map(\.text))
        #expect(verdict.status == (example.changed ? .check : .ok))
        if example.changed {
            #expect(
                verdict.reasons.map { "\($0.country ?? "") \($0.code.rawValue)" } == [
                    "AT carried", "ES station-count", "ES cell-emptied", "PT price-outliers",
                ])
            let spain = previous.stations.count { $0.country == "ES" }
            #expect(banner.contains { $0.hasPrefix("ES station-count: \(spain) → \(spain - removed) stations") })
            let named = outliers.joined(separator: ", ")
            #expect(banner.contains { $0.hasPrefix("PT price-outliers: 3 diesel prices") && $0.hasSuffix(named) })
        }

        // The removed stations, each drawn where it was, and none once their layer is off.
        #expect(run.report.layersDrawn["stations-removed"] == removed)
        #expect(run.layerCounts["stations-removed"] == "(\(removed))")
        let off = try #require(run.toggled?["stations-removed"])
        #expect(!off.checked && off.layersDrawn["stations-removed"] == 0)
        let emptied = verdict.reasons.first { $0.code == .cellEmptied }?.count ?? 0
        #expect(run.report.layersDrawn["cells-emptied"] == emptied)
        #expect(run.report.layersDrawn["prices-moved"] == outliers.count, "0.30 is more than 5 % from any price")

        // The last change: the diesel prices changed in the 24 h before the build, and no older change.
        let changedToday = example.changed ? 3 : 0
        #expect(run.report.layersDrawn["prices-changed"] == changedToday)
        #expect(run.layerCounts["prices-changed"] == "(\(changedToday))")

        // The outliers: listed, each once, and drawn as diamonds.
        #expect(run.report.outliers.sorted() == outliers)
        #expect(run.outlierLinks.sorted() == outliers)
        #expect(run.report.layersDrawn["outliers"] == outliers.count)
        if example.changed {
            // Its link zooms to the station, rings it and shows it.
            let click = try #require(run.outlierClick)
            let selected = try #require(click.selected)
            #expect(outliers.contains(selected))
            #expect(click.tooltip.contains("diesel 0.300 €/l") && click.tooltip.contains("outlier: outside"))
            let position = try #require(click.position, "the chosen outlier is off the map")
            #expect(abs(position.x - (click.map.x + click.map.width / 2)) < 2)
            #expect(abs(position.y - (click.map.y + click.map.height / 2)) < 2)
        }

        // Every country's coverage is drawn; the carried one hatched, with its time.
        #expect(run.report.layersDrawn["coverage"] ?? 0 >= 5)
        if example.changed {
            #expect(run.carried == ["AT: 1 box, carried since \(Self.carriedSince)"])
            #expect(run.report.layersDrawn["carried"] == 1)
        } else {
            #expect(run.carried == [] && run.report.layersDrawn["carried"] == 0)
        }
    }

    /// Gives the diesel prices of four French stations a last change, as a build would from its previous one:
    /// three 2 hours before the build, one 30 hours before it (too old for the layer).
    static func addLastChanges(_ build: inout PublishedBuild) {
        let french = build.stations.indices.filter { index in
            build.stations[index].country == "FR" && build.stations[index].prices.contains { $0.fuel == .diesel }
        }
        for (order, index) in french.prefix(4).enumerated() {
            let hours = order < 3 ? 2.0 : 30.0
            for slot in build.stations[index].prices.indices where build.stations[index].prices[slot].fuel == .diesel {
                build.stations[index].prices[slot].was = build.stations[index].prices[slot].price + 0.01
                build.stations[index].prices[slot].changed = build.index.builtAt.addingTimeInterval(-hours * 3600)
            }
        }
    }

    /// `report --fuel e5` opens the map on E5 (`gasoline_95`), its legend and outliers of that fuel.
    @Test func e5OpensTheMapOnGasoline95() throws {
        let build = try BuildVerdictTests.generated.get()
        let fuel = try #require(FuelName.resolve("e5", present: FuelName.present(in: build)))
        #expect(fuel == .gasoline95)
        let input = ReportInput.of(build, previous: build, fuel: fuel, title: "e5")
        let run = try ReportBrowser.open(ReportPage.html(input), named: "changed-build-e5")
        #expect(run.pageErrors == [] && run.consoleErrors == [])
        #expect(run.report.fuel == "gasoline_95")
        #expect(run.legendTicks.contains("gasoline_95 €/l"), "\(run.legendTicks)")
        #expect(run.report.legend == ReportPageBrowserTests.legend(input, fuel: .gasoline95))
        // Each country's trend file, read from the build: one day so far, so one point.
        #expect(
            run.report.trends.keys.sorted() == build.trends.keys.sorted()
                && build.trends.count == RegisteredCountries.codes.count)
        for (country, trend) in run.report.trends where trend.points > 0 {
            #expect(trend.points == 1 && trend.text.hasSuffix("(one day)"), "\(country): \(trend.text)")
        }
    }
}
