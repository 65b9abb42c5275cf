import Foundation
import FuelCodecs
import FuelFormat

extension BuildReport {
    /// The report as GitHub-flavoured Markdown, for a job's step summary: a table per country, then the tiles.
    /// Every text that may come from a feed or an error goes through ``MarkdownText/escape(_:)``.
    public func markdown() -> String {
        var lines = [
            "## Build \(builtAt)", "",
            "| country | stations | change | rejected | feed time | fetch lag | carried |",
            "|---|---:|---:|---|---|---|---|",
        ]
        for country in countries {
            let change =
                country.previousStations.map { previous -> String in
                    let delta = country.kept - previous
                    guard previous > 0 else { return "new" }
                    let percent = Double(delta) / Double(previous) * 100
                    return (delta >= 0 ? "+" : "") + "\(delta) (" + String(format: "%+.1f", percent) + " %)"
                } ?? "new"
            let rejected =
                country.rejected.isEmpty
                ? "none"
                : country.rejected.sorted { $0.key < $1.key }.map { "\($0.value) \(country.reasons[$0.key] ?? $0.key)" }
                    .joined(separator: "; ")
            let lag =
                country.fetchedAt.flatMap { fetched -> String? in
                    guard let fetchedSeconds = UTCTime.parse(fetched), let feed = UTCTime.parse(country.updated) else {
                        return nil
                    }
                    return FeedFreshness.describe(TimeInterval(fetchedSeconds - feed))
                } ?? "(not fetched)"
            let carried = country.carriedSince.map { "since \($0): \(country.carriedBecause ?? "")" } ?? "no"
            let cells = [country.country, "\(country.kept)", change, rejected, country.updated, lag, carried]
            lines.append("| " + cells.map { MarkdownText.escape($0) }.joined(separator: " | ") + " |")
        }
        lines.append("")
        for country in countries {
            guard let warning = country.shrinkWarning else { continue }
            lines += ["> **Warning:** \(MarkdownText.escape(warning.sentence(country.country)))", ""]
        }
        for omitted in leftOut ?? [] {
            lines += ["> **Warning:** \(MarkdownText.escape(omitted.sentence))", ""]
        }
        let total = countries.map(\.kept).reduce(0, +)
        var tiles = "\(total) stations in \(self.tiles) tiles, \(files) files, \(ByteCount.format(gzipBytes)) gzipped"
        if let changes = tileChanges {
            tiles +=
                "; against the previous build: \(changes.changed) tiles changed, \(changes.added) added, "
                + "\(changes.removed) removed, \(changes.unchanged) unchanged"
        }
        lines.append(tiles)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A refused build, for the step summary; the reason, which may quote a feed, escaped.
    public static func refusalMarkdown(_ reason: String) -> String {
        "## Build refused\n\nVerdict: **REFUSED**. Nothing was published; the previous build stays.\n\n\(MarkdownText.preformatted(reason))\n"
    }
}
