import Foundation
import FuelFormat

/// The map report of a build as one self-contained HTML file: a canvas map of every station coloured by the price
/// of a chosen fuel on each country's scale, its outliers listed, the countries' coverage, the grid's cells (and,
/// against a previous build, layers of what changed: stations removed and added, prices moved, cells emptied and
/// filled), and a table per country.
///
/// The file needs nothing else when opened: data, script and style (``ReportAssets``, from `Resources/`) are inline,
/// there are no fonts, tiles or icons to fetch, and a content security policy forbids any request, so it can be
/// mailed or archived as is. The station data is gzipped typed arrays and string tables in base64 (``ReportData``):
/// text from the feeds never stands in the markup, and the rest of it is escaped.
public enum ReportPage {
    /// The policy the page declares: inline script and style only, images only from `data:` (the empty icon).
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:"

    /// The whole page.
    /// - Parameter input: the build (and its comparison with a previous one) to show.
    /// - Returns: HTML text; every string that comes from the feeds is escaped.
    public static func html(_ input: ReportInput) -> String {
        let title = PageText.html(input.title)
        let data = ReportData.pack(input)
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            <link rel="icon" href="data:,">
            <style>
            \(ReportAssets.css)
            </style>
            </head>
            <body>
            <header>
            \(input.verdict?.html() ?? "")
            <h1>\(title)</h1>
            <p class="summary">\(summary(input))</p>
            </header>
            <main>
            <section aria-label="Map of every station">
            <div class="controls">
            <label>Fuel <select id="fuel"></select></label>
            <span id="count" role="status">the map needs JavaScript</span>
            </div>
            <div id="map-frame">
            <canvas id="map" tabindex="0" aria-label="Map of every station, coloured by the chosen fuel's price; \
            drag or use the arrow keys to pan, the wheel or + and − to zoom"></canvas>
            <div class="zoom">
            <button type="button" id="zoom-in" title="Zoom in">+</button>
            <button type="button" id="zoom-out" title="Zoom out">−</button>
            <button type="button" id="zoom-fit" title="Show every station">Fit</button>
            </div>
            <div id="tooltip" role="tooltip" hidden></div>
            </div>
            <div class="legends">
            <figure id="price-legend">
            <canvas id="legend-ramp" width="240" height="12"></canvas>
            <div class="ticks"><span id="legend-min"></span><span id="legend-median"></span>\
            <span id="legend-max"></span></div>
            <figcaption id="legend-text"></figcaption>
            </figure>
            \(layerControls(hasPrevious: input.hasPrevious))
            \(coverageLegend(input.countries))
            </div>
            \(outlierSection)
            </section>
            <section aria-label="Countries">
            \(CountryTable.html(input.countries, hasPrevious: input.hasPrevious))
            </section>
            </main>
            <script type="application/json" id="report-data">\(data.header)</script>
            <script type="application/gzip" id="report-blob">\(data.blob)</script>
            <script>
            \(ReportAssets.javaScript)
            </script>
            </body>
            </html>

            """
    }

    /// `Built 2026-11-30T08:00:00Z · grid 0.5° · 298 stations in 176 cells · cells since the previous build: …`.
    private static func summary(_ input: ReportInput) -> String {
        var parts = [
            "Built \(UTCTime.format(input.builtAt))",
            "grid \(input.gridDegrees)°",
            "\(CountryTable.grouped(input.stations.count)) stations in \(CountryTable.grouped(input.cells.count)) cells",
        ]
        if input.hasPrevious {
            let counts = changeCounts(input.cellChanges)
            parts.append(
                input.cellChanges.isEmpty
                    ? "no cell changed since the previous build"
                    : "cells since the previous build: \(counts[0]) changed, \(counts[1]) added, \(counts[2]) removed")
        } else {
            parts.append("no previous build compared")
        }
        return PageText.html(parts.joined(separator: " · "))
    }

    /// Changed, added and removed cells, in that order.
    private static func changeCounts(_ changes: [String: ReportInput.CellChange]) -> [Int] {
        [ReportInput.CellChange.changed, .added, .removed].map { change in changes.values.count { $0 == change } }
    }
}
