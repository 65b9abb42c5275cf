import Foundation
import FuelFormat

/// The report's table: one row per country (stations, change against the previous build, rejections by reason, feed
/// time and age, carried-forward state, tiles and bytes) and a total row. Every value from the feeds is escaped.
enum CountryTable {
    /// The `<table>` element.
    static func html(_ countries: [ReportInput.Country], hasPrevious: Bool) -> String {
        var rows = countries.map { row($0) }
        rows.append(total(countries, hasPrevious: hasPrevious))
        let headings = [
            "Country", "Stations", "Change", "Trend", "Rejected", "Feed time (UTC)", "Feed age", "Carried since",
            "Tiles",
            "Bytes",
        ]
        let head = headings.map { "<th scope=\"col\">\(PageText.html($0))</th>" }.joined()
        return """
            <table id="countries">
            <caption>Countries: change against the previous build, records rejected by reason, gzipped bytes of \
            the tiles holding each country's stations (a tile shared by two countries counts for both)</caption>
            <thead><tr>\(head)</tr></thead>
            <tbody>
            \(rows.dropLast().joined(separator: "\n"))
            </tbody>
            <tfoot>
            \(rows.last ?? "")
            </tfoot>
            </table>
            """
    }

    private static func row(_ country: ReportInput.Country) -> String {
        let cells = [
            "<th scope=\"row\">\(PageText.html(country.country))</th>",
            number(country.stations),
            numberCell(change(country.stations, previous: country.previousStations)),
            trend(country),
            "<td class=\"reasons\">\(rejections(country.rejected, reasons: country.reasons))</td>",
            "<td>\(PageText.html(UTCTime.format(country.feedTime)))</td>",
            numberCell(age(hours: country.feedAgeHours)),
            "<td>\(country.carriedSince.map { PageText.html(UTCTime.format($0)) } ?? "—")</td>",
            number(country.tiles),
            numberCell(ByteCount.format(country.bytes)),
        ]
        let carried = country.carriedSince == nil ? "" : " class=\"carried\""
        return "<tr id=\"country-\(PageText.html(country.country))\"\(carried)>" + cells.joined() + "</tr>"
    }

    private static func total(_ countries: [ReportInput.Country], hasPrevious: Bool) -> String {
        let stations = countries.map(\.stations).reduce(0, +)
        let previous = countries.map(\.previousStations)
        let change =
            hasPrevious && !previous.isEmpty && previous.allSatisfy({ $0 != nil })
            ? change(stations, previous: previous.compactMap { $0 }.reduce(0, +)) : "—"
        let rejected = countries.flatMap(\.rejected.values).reduce(0, +)
        return "<tr><th scope=\"row\">All</th>" + number(stations) + numberCell(change) + "<td></td>"
            + "<td class=\"reasons\">\(rejected == 0 ? "—" : grouped(rejected))</td>"
            + "<td></td><td></td><td></td><td></td><td></td></tr>"
    }

    /// The trend's cell: a chart and a line of text the script draws for the chosen fuel, or `—` without a trend
    /// (saying why on hover when the index lists one that cannot be read).
    static func trend(_ country: ReportInput.Country) -> String {
        guard let trend = country.trend else {
            let why = country.trendProblem.map { " title=\"unreadable trend: \(PageText.html($0))\"" } ?? ""
            return "<td class=\"trend\"\(why)>—</td>"
        }
        let days = "\(trend.days.count) day\(trend.days.count == 1 ? "" : "s") since \(trend.since)"
        return "<td class=\"trend\" data-trend=\"\(PageText.html(country.country))\" title=\"\(PageText.html(days))\">"
            + "<canvas width=\"96\" height=\"24\" aria-hidden=\"true\"></canvas> <span></span></td>"
    }

    /// `+12`, `−3` (a minus sign), `0`, or `—` without a previous count.
    static func change(_ stations: Int, previous: Int?) -> String {
        guard let previous else { return "—" }
        let difference = stations - previous
        if difference > 0 { return "+" + grouped(difference) }
        if difference < 0 { return "−" + grouped(-difference) }
        return "0"
    }

    /// `45 price older than 30 days<br>8 no current price`, most first, each reason in words when its code's sentence
    /// is known (the code shows on hover); `—` when nothing was rejected.
    static func rejections(_ rejected: [String: Int], reasons sentences: [String: String] = [:]) -> String {
        let reasons = rejected.filter { $0.value > 0 }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        guard !reasons.isEmpty else { return "—" }
        return reasons.map { code, count in
            let words = sentences[code].map { "<span title=\"\(PageText.html(code))\">\(PageText.html($0))</span>" }
            return "\(grouped(count)) \(words ?? PageText.html(code))"
        }.joined(separator: "<br>")
    }

    /// `3.2 h` under four days, else `12 days`; a feed time after the build shows as `−0.5 h`.
    static func age(hours: Double) -> String {
        if hours < 0 { return "−" + String(format: "%.1f h", -hours) }
        return hours < 96 ? String(format: "%.1f h", hours) : "\(Int(hours / 24)) days"
    }

    /// `49,183`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (value < 0 ? "−" : "") + text
    }

    private static func number(_ value: Int) -> String { numberCell(grouped(value)) }

    private static func numberCell(_ text: String) -> String { "<td class=\"number\">\(PageText.html(text))</td>" }
}
