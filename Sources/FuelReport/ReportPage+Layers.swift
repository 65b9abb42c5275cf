import FuelFormat

extension ReportPage {
    /// One switchable layer of the map: its checkbox's `data-layer`, its label, and whether it starts on.
    struct Layer {
        let name: String
        let label: String
        let on: Bool
    }

    /// The layers: the last change and coverage always; against a previous build, what changed. Tile bytes that
    /// changed start off, since a cell whose stations and prices barely moved is no news (its swatch and count still
    /// say how many).
    static func layers(hasPrevious: Bool) -> [Layer] {
        let hours = NumberText.plain(ReportInput.lastChangeHours)
        let always = [
            Layer(name: "prices-changed", label: "price changed in the \(hours) h before the build", on: true),
            Layer(name: "coverage", label: "coverage boxes (hatched: carried)", on: true),
        ]
        guard hasPrevious else { return always }
        let percent = NumberText.plain(ReportInput.priceMovedPercent)
        return [
            Layer(name: "stations-removed", label: "stations removed, where they were", on: true),
            Layer(name: "stations-added", label: "stations added", on: true),
            Layer(name: "prices-moved", label: "price moved by more than \(percent) %", on: true),
            Layer(name: "cells-emptied", label: "cells emptied", on: true),
            Layer(name: "cells-filled", label: "cells filled", on: true),
            Layer(name: "cells-changed", label: "tile bytes changed", on: false),
        ] + always
    }

    /// The layer checkboxes; the script draws each swatch with the map's own mark and fills in each count.
    static func layerControls(hasPrevious: Bool) -> String {
        let items = layers(hasPrevious: hasPrevious).map { layer in
            "<li><label><input type=\"checkbox\" data-layer=\"\(layer.name)\"\(layer.on ? " checked" : "")>"
                + "<canvas data-swatch=\"\(layer.name)\" width=\"28\" height=\"14\"></canvas>\(layer.label) "
                + "<span data-count=\"\(layer.name)\"></span></label></li>"
        }
        let caption =
            hasPrevious
            ? "Against the previous build; a station's price moves are of the chosen fuel"
            : "No previous build compared"
        return """
            <fieldset id="layers">
            <legend>Layers</legend>
            <ul>\(items.joined())</ul>
            <p class="note">\(caption)</p>
            </fieldset>
            """
    }

    /// Each country's coverage, and the carried ones with their time, as text beside the map's hatching.
    static func coverageLegend(_ countries: [ReportInput.Country]) -> String {
        let items = countries.filter { !$0.coverage.isEmpty }.map { country in
            let code = PageText.html(country.country)
            let boxes = "\(country.coverage.count) box\(country.coverage.count == 1 ? "" : "es")"
            guard let since = country.carriedSince else {
                return "<li data-country=\"\(code)\">\(code): \(boxes)</li>"
            }
            let time = UTCTime.format(since)
            return "<li data-country=\"\(code)\" class=\"carried\" data-carried-since=\"\(time)\">"
                + "\(code): \(boxes), carried since \(time)</li>"
        }
        guard !items.isEmpty else { return "" }
        return """
            <figure id="coverage-legend">
            <ul>\(items.joined())</ul>
            <figcaption>Coverage: the boxes each country's stations must fall in (source.json); hatched while carried
            </figcaption>
            </figure>
            """
    }

    /// The list of the chosen fuel's outliers, filled by the script.
    static let outlierSection = """
        <section id="outliers" aria-label="Outliers">
        <h2>Outliers</h2>
        <p id="outlier-summary"></p>
        <ol id="outlier-list"></ol>
        </section>
        """
}
